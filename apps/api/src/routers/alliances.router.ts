import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import {
  applyToAlliance,
  changeMemberRank,
  decideApplication,
  disbandAlliance,
  foundAlliance,
  getAlliance,
  kickMember,
  leaveAlliance,
  listAlliances,
  listApplications,
  transferLeadership,
  updateAlliance,
} from '@brood/world';
import { protectedProcedure } from '../trpc';
import { visibleName } from '../input-guard';
import { worldDeps } from './shared';
import { staleOk } from './stale-ok';

const required = (what: string) => (issue: { input: unknown }) => (issue.input === undefined ? 'Field required' : `${what} must be a number`);
const idField = (what: string) => z.number({ error: required(what) }).int(`${what} must be a whole number`).positive(`${what} must be positive`).max(2_147_483_647, `${what} is too large`);
/** Text fields: the command checks lengths and answers the spec's sentences; here only the type. */
const text = z.string().max(2000, 'Text is too long').nullish();

/** REST sends 'accepted' as the spec writes it; the enum is upper case. */
const upperCased = (message: string) => z.string({ error: message }).transform((v) => v.toUpperCase());

export const ListAlliancesSchema = z.object({
  skip: z.coerce.number().int().min(0, 'skip must be 0 or more').default(0),
  limit: z.coerce.number().int().min(1, 'limit must be between 1 and 100').max(100, 'limit must be between 1 and 100').default(10),
  search: z.string().max(50, 'Search text is too long').optional(),
  /** Set by tRPC infinite queries: the offset of the next page (overrides skip). */
  cursor: z.number().int().min(0).nullish(),
});
export type ListAlliances = z.input<typeof ListAlliancesSchema>;

export const AllianceIdSchema = z.object({ id: idField('Alliance id') });
const nameOrTag = visibleName(z.string().max(2000, 'Text is too long')).nullish();

export const FoundAllianceSchema = z.object({ name: nameOrTag, tag: nameOrTag, description: text });
export const UpdateAllianceSchema = z.object({ id: idField('Alliance id'), description: text });
export const ApplySchema = z.object({ id: idField('Alliance id'), message: text });
export const DecideApplicationSchema = z.object({
  id: idField('Application id'),
  status: upperCased('Status must be accepted or rejected').pipe(z.enum(['ACCEPTED', 'REJECTED'], { error: 'Status must be accepted or rejected' })),
});
export const MemberIdSchema = z.object({ id: idField('Member id') });
export const MemberRankSchema = z.object({
  id: idField('Member id'),
  rank: upperCased('Rank must be OFFICER or MEMBER').pipe(z.enum(['LEADER', 'OFFICER', 'MEMBER'], { error: 'Rank must be OFFICER or MEMBER' })),
});

/** Alliances (spec social §7): browse, found, manage, apply, decide, leave, kick, rank, transfer. */
export const alliancesRouter = {
  list: protectedProcedure.input(ListAlliancesSchema.optional()).query(({ ctx, input }) => {
    const { cursor, ...query } = input ?? ListAlliancesSchema.parse({});
    return staleOk(ctx, (em) => listAlliances({ ...worldDeps(ctx), em }, { ...query, skip: cursor ?? query.skip }, ctx.now()));
  }),
  get: protectedProcedure.input(AllianceIdSchema).query(({ ctx, input }) => getAlliance(worldDeps(ctx), input.id, ctx.now())),
  create: protectedProcedure.input(FoundAllianceSchema).mutation(({ ctx, input }) => foundAlliance(worldDeps(ctx), ctx.user, input, ctx.now())),
  update: protectedProcedure
    .input(UpdateAllianceSchema)
    .mutation(({ ctx, input }) => updateAlliance(worldDeps(ctx), ctx.user, { alliance_id: input.id, description: input.description }, ctx.now())),
  disband: protectedProcedure.input(AllianceIdSchema).mutation(({ ctx, input }) => disbandAlliance(worldDeps(ctx), ctx.user, { alliance_id: input.id }, ctx.now())),
  submitApplication: protectedProcedure
    .input(ApplySchema)
    .mutation(({ ctx, input }) => applyToAlliance(worldDeps(ctx), ctx.user, { alliance_id: input.id, message: input.message }, ctx.now())),
  applications: protectedProcedure.input(AllianceIdSchema).query(({ ctx, input }) => listApplications(worldDeps(ctx), ctx.user, input.id)),
  decide: protectedProcedure
    .input(DecideApplicationSchema)
    .mutation(({ ctx, input }) => decideApplication(worldDeps(ctx), ctx.user, { application_id: input.id, status: input.status }, ctx.now())),
  leave: protectedProcedure.mutation(({ ctx }) => leaveAlliance(worldDeps(ctx), ctx.user)),
  kick: protectedProcedure.input(MemberIdSchema).mutation(({ ctx, input }) => kickMember(worldDeps(ctx), ctx.user, { user_id: input.id })),
  setRank: protectedProcedure.input(MemberRankSchema).mutation(({ ctx, input }) => changeMemberRank(worldDeps(ctx), ctx.user, { user_id: input.id, rank: input.rank })),
  transferLeadership: protectedProcedure
    .input(MemberIdSchema)
    .mutation(({ ctx, input }) => transferLeadership(worldDeps(ctx), ctx.user, { user_id: input.id }, ctx.now())),
} satisfies TRPCRouterRecord;

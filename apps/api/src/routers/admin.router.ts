import { z } from 'zod';
import { TRPCError, type TRPCRouterRecord } from '@trpc/server';
import { MOVEMENT_MISSIONS } from '@brood/game-core';
import {
  MODERATION_RULES, announceToEveryone, currentRelease, fairPlayStanding, operatorEndVacation, deleteHallOfFameCommentAsOperator, findBattleReport, fleetsInFlight, listAudit, playerDetail,
  renameAllianceAsOperator, renameTerritoryAsOperator, searchPlayers, listMessageReports, resolveMessageReport, suspendPlayer, universeOverview, unsuspendPlayer, type Operator,
} from '@brood/world';
import { operatorProcedure, type Ctx } from '../trpc';
import { visibleName } from '../input-guard';
import { worldDeps } from './shared';

/** The moderation console (docs/operations.md "Moderation"). Every procedure here is an operatorProcedure: 403 for anyone else. */

const INT_MAX = 2_147_483_647;
const id = (what: string) => z.number({ error: `${what} id must be a number` }).int(`${what} id must be a whole number`).positive(`${what} id must be positive`).max(INT_MAX, `${what} not found.`);
const reason = z.string({ error: MODERATION_RULES.reason }).max(2000, MODERATION_RULES.reason);
const text = (what: string, max: number) => z.string({ error: `${what} is required.` }).max(max * 4, `${what} is too long.`);

const operator = (ctx: Ctx & { user: { id: number; username: string } }): Operator => ({ id: ctx.user.id, username: ctx.user.username });
const pageSize = (ctx: Ctx) => ctx.deps.catalogue.universe.moderation.page_size;

export const AnnounceSchema = z.object({ title: visibleName(text('The title', 200)), message: text('The message', 2000) });
export const SearchPlayersSchema = z.object({ query: z.string({ error: 'Type a name, an email or an id.' }).max(254, 'Type at most 254 characters.') });
export const FleetFilterSchema = z.object({
  mission: z.enum(MOVEMENT_MISSIONS, { error: 'Unknown mission.' }).optional(),
  player: z.string().max(50, 'Type at most 50 characters.').optional(),
  arriving_within_minutes: z.number().int().min(0, 'Minutes must be 0 or more').max(525_600, 'At most a year ahead.').optional(),
  skip: z.number().int().min(0).max(1_000_000).default(0),
});
export const BattleReportSchema = z.object({ battle_id: z.string({ error: 'Type a battle id.' }).trim().min(1, 'Type a battle id.').max(64, 'A battle id has at most 64 characters.') });
export const AuditLogSchema = z.object({
  before: z.number().int().positive().optional(),
  target: z.object({ kind: z.enum(['player', 'territory', 'alliance', 'comment', 'universe']), id: z.string().max(64) }).optional(),
});
export const PlayerActionSchema = z.object({ user_id: id('Player'), reason });
export const RenameTerritorySchema = z.object({ territory_id: id('Territory'), name: visibleName(text('The name', 100)), reason });
export const RenameAllianceSchema = z.object({ alliance_id: id('Alliance'), name: visibleName(text('The name', 50)), tag: visibleName(text('The tag', 5)), reason });
export const DeleteCommentSchema = z.object({ comment_id: id('Comment'), reason });
export const ReportsSchema = z.object({ status: z.enum(['OPEN', 'ALL'], { error: 'Status must be OPEN or ALL.' }).default('OPEN') });
export const ResolveReportSchema = z.object({ id: id('Report'), action: z.enum(['dismiss', 'suspend'], { error: 'Action must be dismiss or suspend.' }), reason });

export const adminRouter = {
  /** Effective settings (universe.json + UNIVERSE_OVERRIDES) and live counts. */
  universe: operatorProcedure.query(async ({ ctx }) => ({
    ...(await universeOverview(ctx.em, ctx.deps.catalogue, ctx.deps.env.UNIVERSE_OVERRIDES)),
    release: currentRelease(ctx.deps.env.RELEASE_COMMIT),
  })),
  /** A GENERIC_INFORMATION notification to every player. */
  announce: operatorProcedure.input(AnnounceSchema).mutation(({ ctx, input }) => announceToEveryone(worldDeps(ctx), operator(ctx), input, ctx.now())),
  searchPlayers: operatorProcedure.input(SearchPlayersSchema).query(({ ctx, input }) => searchPlayers(ctx.em, input.query, pageSize(ctx))),
  /** A player's page: territories, fleets, scores, alliance, addresses, multi-account signals and pushing. */
  player: operatorProcedure.input(z.object({ user_id: id('Player') })).query(({ ctx, input }) => playerDetail(ctx.em, input.user_id, pageSize(ctx), ctx.deps.catalogue.universe.address_retention_days)),
  /** Fair play: the player's activity, vacation and newcomer protection. */
  playerFairPlay: operatorProcedure.input(z.object({ user_id: id('Player') })).query(({ ctx, input }) => fairPlayStanding(ctx.em, ctx.deps.catalogue, input.user_id, ctx.now())),
  /** Ends a player's vacation at once, whatever its minimum (audited). */
  endVacation: operatorProcedure.input(PlayerActionSchema).mutation(({ ctx, input }) => operatorEndVacation(worldDeps(ctx), operator(ctx), input, ctx.now())),
  fleets: operatorProcedure.input(FleetFilterSchema).query(({ ctx, input }) => fleetsInFlight(ctx.em, { ...input, limit: pageSize(ctx) }, ctx.now())),
  battleReport: operatorProcedure.input(BattleReportSchema).query(async ({ ctx, input }) => {
    const report = await findBattleReport(ctx.em, input.battle_id);
    if (!report) throw new TRPCError({ code: 'NOT_FOUND', message: 'No battle report has this id.' });
    return report;
  }),
  auditLog: operatorProcedure.input(AuditLogSchema).query(({ ctx, input }) => listAudit(ctx.em, { ...input, limit: pageSize(ctx) })),
  // Forgotten here at once; the other api processes hear it from the users table's NOTIFY.
  suspend: operatorProcedure.input(PlayerActionSchema).mutation(async ({ ctx, input }) => {
    const done = await suspendPlayer(worldDeps(ctx), operator(ctx), input, ctx.now());
    ctx.deps.sessions.forget(done.user_id);
    return done;
  }),
  unsuspend: operatorProcedure.input(PlayerActionSchema).mutation(({ ctx, input }) => unsuspendPlayer(worldDeps(ctx), operator(ctx), input, ctx.now())),
  renameTerritory: operatorProcedure.input(RenameTerritorySchema).mutation(({ ctx, input }) => renameTerritoryAsOperator(worldDeps(ctx), operator(ctx), input, ctx.now())),
  renameAlliance: operatorProcedure.input(RenameAllianceSchema).mutation(({ ctx, input }) => renameAllianceAsOperator(worldDeps(ctx), operator(ctx), input, ctx.now())),
  /** Reported messages (issue 28): the message, both players and the messages before it. */
  reports: operatorProcedure.input(ReportsSchema).query(({ ctx, input }) => listMessageReports(ctx.em, { status: input.status, limit: pageSize(ctx) })),
  resolveReport: operatorProcedure.input(ResolveReportSchema).mutation(async ({ ctx, input }) => {
    const done = await resolveMessageReport(worldDeps(ctx), operator(ctx), input, ctx.now());
    ctx.deps.sessions.forgetAll();
    return done;
  }),
  deleteComment: operatorProcedure.input(DeleteCommentSchema).mutation(({ ctx, input }) => deleteHallOfFameCommentAsOperator(worldDeps(ctx), operator(ctx), input, ctx.now())),
} satisfies TRPCRouterRecord;

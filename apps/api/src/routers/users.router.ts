import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import { claimGuest, deleteAccount, endVacation, exportAccount, getProfile, setAvatar, startVacation } from '@brood/world';
import { protectedProcedure } from '../trpc';
import { LoginSchema, RegisterSchema, accountDeps } from './auth.router';
import { worldDeps } from './shared';
import { checkAgainstUniverse, keptPerSetting } from './deployment-input';

const AvatarId = z
  .number({ error: (issue) => (issue.input === undefined ? 'Field required' : 'Avatar must be a number') })
  .int('Avatar must be a whole number');

/** The body of PUT /users/me/avatar; its range depends on the deployment (avatarInRange). */
export const SetAvatarSchema = z.object({ avatar_id: AvatarId });
export type SetAvatar = z.input<typeof SetAvatarSchema>;

/** Avatar ids run 1..N with N from this deployment's universe settings (UNIVERSE_OVERRIDES included). */
const avatarInRange = keptPerSetting((avatars) => {
  const range = `Avatar must be between 1 and ${avatars}`;
  return z.object({ avatar_id: AvatarId.min(1, range).max(avatars, range) });
});

/** A guest's claim: the same three fields as registration. */
export const ClaimSchema = RegisterSchema;
export type Claim = z.input<typeof ClaimSchema>;

/** The body of DELETE /users/me: the player's password, typed again to confirm. */
export const DeleteAccountSchema = LoginSchema.pick({ password: true });
export type DeleteAccount = z.input<typeof DeleteAccountSchema>;

export const usersRouter = {
  /** The signed-in player (spec core §3 User). */
  me: protectedProcedure.query(({ ctx }) => getProfile({ em: ctx.em, catalogue: ctx.deps.catalogue }, ctx.user)),
  setAvatar: protectedProcedure
    .input(SetAvatarSchema)
    .mutation(({ ctx, input }) => setAvatar(accountDeps(ctx), ctx.user, checkAgainstUniverse(avatarInRange(ctx.deps.catalogue.universe.avatars), input))),
  /** Whether the player may open the moderation console (the web shows its link only then). */
  role: protectedProcedure.query(({ ctx }) => ({ is_operator: ctx.user.isOperator })),
  /** A guest becomes permanent and keeps everything. */
  claim: protectedProcedure.input(ClaimSchema).mutation(async ({ ctx, input }) => {
    const claimed = await claimGuest(accountDeps(ctx), ctx.user, input, ctx.now());
    ctx.deps.sessions.forget(ctx.user.id); // renamed and no longer a guest: read afresh from the next call on
    return claimed;
  }),
  /** Everything the game keeps of the player, as JSON (docs/privacy.md). */
  export: protectedProcedure.query(({ ctx }) => exportAccount(ctx.em, ctx.user.id, ctx.now())),
  /** The player leaves for good: their account and everything they own go (docs/privacy.md). */
  delete: protectedProcedure.input(DeleteAccountSchema).mutation(async ({ ctx, input }) => {
    await deleteAccount({ ...worldDeps(ctx), passwords: ctx.deps.passwords }, ctx.user, { password: input.password, ip: ctx.ip }, ctx.now());
    ctx.deps.sessions.forget(ctx.user.id);
    return { deleted: true as const };
  }),
  /** Fair play's vacation mode: start it (nothing running), end it (after vacation_min_hours). */
  startVacation: protectedProcedure.mutation(({ ctx }) => startVacation(worldDeps(ctx), ctx.user, ctx.now())),
  endVacation: protectedProcedure.mutation(({ ctx }) => endVacation(worldDeps(ctx), ctx.user, ctx.now())),
} satisfies TRPCRouterRecord;

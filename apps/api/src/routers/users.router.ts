import { z } from 'zod';
import { TRPCError, type TRPCRouterRecord } from '@trpc/server';
import { claimGuest, getProfile, setAvatar } from '@brood/world';
import { protectedProcedure } from '../trpc';
import { RegisterSchema, accountDeps } from './auth.router';

const AvatarId = z
  .number({ error: (issue) => (issue.input === undefined ? 'Field required' : 'Avatar must be a number') })
  .int('Avatar must be a whole number');

/** The body of PUT /users/me/avatar; its range depends on the deployment (avatarInRange). */
export const SetAvatarSchema = z.object({ avatar_id: AvatarId });
export type SetAvatar = z.input<typeof SetAvatarSchema>;

/**
 * Avatar ids run 1..N with N from this deployment's universe settings (UNIVERSE_OVERRIDES included),
 * so the range is checked against the request's catalogue, with the error tRPC raises for a bad input
 * (a 422 with FastAPI-style items over REST).
 */
function avatarInRange(input: SetAvatar, avatars: number): { avatar_id: number } {
  const range = `Avatar must be between 1 and ${avatars}`;
  const body = z.object({ avatar_id: AvatarId.min(1, range).max(avatars, range) }).safeParse(input);
  if (!body.success) throw new TRPCError({ code: 'BAD_REQUEST', message: body.error.message, cause: body.error });
  return body.data;
}

/** A guest's claim: the same three fields as registration. */
export const ClaimSchema = RegisterSchema;
export type Claim = z.input<typeof ClaimSchema>;

export const usersRouter = {
  /** The signed-in player (spec core §3 User). */
  me: protectedProcedure.query(({ ctx }) => getProfile(ctx, ctx.user)),
  setAvatar: protectedProcedure
    .input(SetAvatarSchema)
    .mutation(({ ctx, input }) => setAvatar(accountDeps(ctx), ctx.user, avatarInRange(input, ctx.deps.catalogue.universe.avatars))),
  /** A guest becomes permanent and keeps everything. */
  claim: protectedProcedure.input(ClaimSchema).mutation(({ ctx, input }) => claimGuest(accountDeps(ctx), ctx.user, input, ctx.now())),
} satisfies TRPCRouterRecord;

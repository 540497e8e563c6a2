import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import { claimGuest, getProfile, setAvatar } from '@brood/world';
import { protectedProcedure } from '../trpc';
import { AVATAR_COUNT, RegisterSchema, accountDeps } from './auth.router';

const avatarRange = `Avatar must be between 1 and ${AVATAR_COUNT}`;

export const SetAvatarSchema = z.object({
  avatar_id: z
    .number({ error: (issue) => (issue.input === undefined ? 'Field required' : 'Avatar must be a number') })
    .int('Avatar must be a whole number')
    .min(1, avatarRange)
    .max(AVATAR_COUNT, avatarRange),
});
export type SetAvatar = z.input<typeof SetAvatarSchema>;

/** A guest's claim: the same three fields as registration. */
export const ClaimSchema = RegisterSchema;
export type Claim = z.input<typeof ClaimSchema>;

export const usersRouter = {
  /** The signed-in player (spec core §3 User). */
  me: protectedProcedure.query(({ ctx }) => getProfile(ctx, ctx.user)),
  setAvatar: protectedProcedure.input(SetAvatarSchema).mutation(({ ctx, input }) => setAvatar(accountDeps(ctx), ctx.user, input)),
  /** A guest becomes permanent and keeps everything. */
  claim: protectedProcedure.input(ClaimSchema).mutation(({ ctx, input }) => claimGuest(accountDeps(ctx), ctx.user, input, ctx.now())),
} satisfies TRPCRouterRecord;

import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import { acceptBuddy, declineBuddy, listBuddies, removeBuddy, requestBuddy } from '@brood/world';
import { protectedProcedure } from '../trpc';
import { worldDeps } from './shared';

/** The buddy list (issue 28): requests by name, accept, decline, remove; buddies see each other online. */

export const BuddyRequestSchema = z.object({
  username: z.string({ error: 'Write the name of the player to add.' }).trim().min(1, 'Write the name of the player to add.').max(50, 'No player has a name that long.'),
});
export const BuddyIdSchema = z.object({
  id: z.coerce.number({ error: 'Buddy id must be a number' }).int('Buddy id must be a whole number').positive('Buddy id must be positive').max(Number.MAX_SAFE_INTEGER, 'Buddy not found.'),
});

export const buddiesRouter = {
  list: protectedProcedure.query(({ ctx }) => listBuddies(worldDeps(ctx), ctx.user, ctx.now())),
  request: protectedProcedure.input(BuddyRequestSchema).mutation(({ ctx, input }) => requestBuddy(worldDeps(ctx), ctx.user, input, ctx.now())),
  accept: protectedProcedure.input(BuddyIdSchema).mutation(({ ctx, input }) => acceptBuddy(worldDeps(ctx), ctx.user, input, ctx.now())),
  decline: protectedProcedure.input(BuddyIdSchema).mutation(({ ctx, input }) => declineBuddy(worldDeps(ctx), ctx.user, input)),
  remove: protectedProcedure.input(BuddyIdSchema).mutation(({ ctx, input }) => removeBuddy(worldDeps(ctx), ctx.user, input)),
} satisfies TRPCRouterRecord;

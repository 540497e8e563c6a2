import type { TRPCRouterRecord } from '@trpc/server';
import { awaySummary, dismissAwaySummary, recordVisit } from '@brood/world';
import { protectedProcedure } from '../trpc';

/** While you were away (issue 29): the web app says it is open; after an absence it gets the summary card. */
export const awayRouter = {
  /** Records the visit and answers the card (null: not away for more than an hour, or dismissed). */
  visit: protectedProcedure.mutation(async ({ ctx }) => {
    await recordVisit(ctx.em, ctx.user, ctx.now());
    return awaySummary(ctx.em, ctx.deps.catalogue, ctx.user);
  }),
  dismiss: protectedProcedure.mutation(({ ctx }) => dismissAwaySummary(ctx.em, ctx.user)),
} satisfies TRPCRouterRecord;

import type { TRPCRouterRecord } from '@trpc/server';
import { activeWreckageFields } from '@brood/world';
import { protectedProcedure } from '../trpc';

/** Wreckage fields are public: every player sees every field still on the map. */
export const wreckageRouter = {
  all: protectedProcedure.query(({ ctx }) => activeWreckageFields(ctx.em, ctx.now())),
} satisfies TRPCRouterRecord;

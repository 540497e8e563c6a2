import type { TRPCRouterRecord } from '@trpc/server';
import { activeWreckageFields } from '@brood/world';
import { protectedProcedure } from '../trpc';
import { staleOk } from './stale-ok';

/** Wreckage fields are public: every player sees every field still on the map. */
export const wreckageRouter = {
  all: protectedProcedure.query(({ ctx }) => staleOk(ctx, (em) => activeWreckageFields(em, ctx.now()))),
} satisfies TRPCRouterRecord;

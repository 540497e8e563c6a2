import type { TRPCRouterRecord } from '@trpc/server';
import { activeWreckageFields, wreckageOnMap } from '@brood/world';
import { protectedProcedure } from '../trpc';
import { MapLevelSchema } from './map.router';
import { staleOk } from './stale-ok';

/** Wreckage fields are public: every player sees every field still on the map. */
export const wreckageRouter = {
  all: protectedProcedure.query(({ ctx }) => staleOk(ctx, (em) => activeWreckageFields(em, ctx.now()))),
  /** What the map draws at the level it shows: counts per region and per sub-region of a region, the fields of a sub-region (decision 28). */
  map: protectedProcedure.input(MapLevelSchema).query(({ ctx, input }) => staleOk(ctx, (em) => wreckageOnMap(em, ctx.now(), input))),
} satisfies TRPCRouterRecord;

import type { TRPCRouterRecord } from '@trpc/server';
import { statsOverview } from '@brood/world';
import { protectedProcedure } from '../trpc';
import { worldDeps } from './shared';

export const statsRouter = {
  /** GET /user_stats/overview (spec core §3 Stats response). */
  overview: protectedProcedure.query(({ ctx }) => statsOverview(worldDeps(ctx), ctx.user, ctx.now())),
} satisfies TRPCRouterRecord;

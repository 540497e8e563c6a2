import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import { cancelResearch, listResearchQueue, listTechnologies, startResearch } from '@brood/world';
import { protectedProcedure } from '../trpc';
import { worldDeps, queueItemIdField, territoryIdField } from './shared';
import { catalogueKey } from './deployment-input';

export const StartResearchSchema = z.object({
  tech_key: catalogueKey('technologies', 'tech_key'),
  /** Empty (null, '' or absent) when the research costs nothing. */
  territory_id_for_cost: z
    .union([territoryIdField, z.literal(''), z.null()])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null)),
});
export type StartResearch = z.input<typeof StartResearchSchema>;

export const CancelResearchSchema = z.object({ queue_item_id: queueItemIdField });
export type CancelResearch = z.input<typeof CancelResearchSchema>;

export const researchRouter = {
  /** The player's research items not finished yet (one queue per player). */
  queue: protectedProcedure.query(({ ctx }) => listResearchQueue(worldDeps(ctx), ctx.user, ctx.now())),
  start: protectedProcedure.input(StartResearchSchema).mutation(({ ctx, input }) => startResearch(worldDeps(ctx), ctx.user, input, ctx.now())),
  cancel: protectedProcedure.input(CancelResearchSchema).mutation(({ ctx, input }) => cancelResearch(worldDeps(ctx), ctx.user, input, ctx.now())),
  /** The player's technologies: [{tech_key, level}]. */
  technologies: protectedProcedure.query(({ ctx }) => listTechnologies(worldDeps(ctx), ctx.user, ctx.now())),
} satisfies TRPCRouterRecord;

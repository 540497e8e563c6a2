import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import { cancelConstruction, listBuildQueue, startConstruction } from '@brood/world';
import { protectedProcedure } from '../trpc';
import { worldDeps, queueItemIdField, territoryIdField } from './shared';
import { catalogueKey } from './deployment-input';

export const TerritoryQueueSchema = z.object({ territory_id: territoryIdField });
export type TerritoryQueue = z.input<typeof TerritoryQueueSchema>;

export const StartConstructionSchema = z.object({
  territory_id: territoryIdField,
  structure_key: catalogueKey('structures', 'structure_key'),
});
export type StartConstruction = z.input<typeof StartConstructionSchema>;

export const CancelQueueItemSchema = z.object({ territory_id: territoryIdField, queue_item_id: queueItemIdField });
export type CancelQueueItem = z.input<typeof CancelQueueItemSchema>;

export const constructionRouter = {
  /** The territory's build items not finished yet, in order. */
  queue: protectedProcedure.input(TerritoryQueueSchema).query(({ ctx, input }) => listBuildQueue(worldDeps(ctx), ctx.user, input.territory_id, ctx.now())),
  /** Queues the next level of a structure; answers the queue item. */
  start: protectedProcedure.input(StartConstructionSchema).mutation(({ ctx, input }) => startConstruction(worldDeps(ctx), ctx.user, input, ctx.now())),
  /** Cancels a build item: 30% of what was paid comes back, later items move forward. */
  cancel: protectedProcedure.input(CancelQueueItemSchema).mutation(({ ctx, input }) => cancelConstruction(worldDeps(ctx), ctx.user, input, ctx.now())),
} satisfies TRPCRouterRecord;

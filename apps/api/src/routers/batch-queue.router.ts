import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import { BATCH_QUEUES, cancelBatchOf, listBatchQueue, startBatchOf, type BatchQueueKind, type StartBatchRequest } from '@brood/world';
import { protectedProcedure } from '../trpc';
import { worldDeps, territoryIdField } from './shared';
import { CancelQueueItemSchema, TerritoryQueueSchema } from './construction.router';
import { catalogueKey } from './deployment-input';

/** 'Quantity must be greater than 0.' (spec core §5); a batch is capped so totals stay exact integers. */
export const quantityField = z
  .number({ error: (issue) => (issue.input === undefined ? 'Field required' : 'Quantity must be a number') })
  .int('Quantity must be a whole number.')
  .min(1, 'Quantity must be greater than 0.')
  .max(1_000_000, 'Quantity must be at most 1,000,000.');

/** { territory_id, <unit_key | defense_key>, quantity }; the key is one of the catalogue's `map`. */
export function startBatchSchema<K extends BatchQueueKind>(kind: K, map: 'units' | 'defenses') {
  const field = BATCH_QUEUES[kind].keyField;
  const key = { [field]: catalogueKey(map, field) } as Record<
    (typeof BATCH_QUEUES)[K]['keyField'],
    z.ZodString
  >;
  return z.object({ territory_id: territoryIdField, ...key, quantity: quantityField });
}

/** queue, start and cancel of one batch queue (recruitment or defense): the same procedures, told which kind. */
export function batchQueueRouter<K extends BatchQueueKind>(kind: K, StartSchema: z.ZodType<StartBatchRequest<K>, StartBatchRequest<K>>) {
  return {
    queue: protectedProcedure.input(TerritoryQueueSchema).query(({ ctx, input }) => listBatchQueue(worldDeps(ctx), ctx.user, kind, input.territory_id, ctx.now())),
    /** Queues a batch; it delivers one item every duration_per_item_s. */
    // tRPC leaves a generic input as a conditional type until K is known; the schema has checked it.
    start: protectedProcedure.input(StartSchema).mutation(({ ctx, input }) => startBatchOf(worldDeps(ctx), ctx.user, kind, input as StartBatchRequest<K>, ctx.now())),
    cancel: protectedProcedure.input(CancelQueueItemSchema).mutation(({ ctx, input }) => cancelBatchOf(worldDeps(ctx), ctx.user, kind, input, ctx.now())),
  } satisfies TRPCRouterRecord;
}

import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import { cancelRecruitment, listRecruitmentQueue, startRecruitment } from '@brood/world';
import { protectedProcedure } from '../trpc';
import { economyDeps, territoryIdField } from './territories.router';
import { CancelQueueItemSchema, TerritoryQueueSchema } from './construction.router';

/** 'Quantity must be greater than 0.' (spec core §5); a batch is capped so totals stay exact integers. */
export const quantityField = z
  .number({ error: (issue) => (issue.input === undefined ? 'Field required' : 'Quantity must be a number') })
  .int('Quantity must be a whole number.')
  .min(1, 'Quantity must be greater than 0.')
  .max(1_000_000, 'Quantity must be at most 1,000,000.');

export const StartRecruitmentSchema = z.object({
  territory_id: territoryIdField,
  unit_key: z.string({ error: 'unit_key is required' }).min(1, 'unit_key is required').max(64, 'Unknown unit'),
  quantity: quantityField,
});
export type StartRecruitment = z.input<typeof StartRecruitmentSchema>;

export const recruitmentRouter = {
  queue: protectedProcedure.input(TerritoryQueueSchema).query(({ ctx, input }) => listRecruitmentQueue(economyDeps(ctx), ctx.user, input.territory_id, ctx.now())),
  /** Queues a batch; it delivers one unit every duration_per_item_s. */
  start: protectedProcedure.input(StartRecruitmentSchema).mutation(({ ctx, input }) => startRecruitment(economyDeps(ctx), ctx.user, input, ctx.now())),
  cancel: protectedProcedure.input(CancelQueueItemSchema).mutation(({ ctx, input }) => cancelRecruitment(economyDeps(ctx), ctx.user, input, ctx.now())),
} satisfies TRPCRouterRecord;

import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import { cancelDefense, listDefenseQueue, startDefense } from '@brood/world';
import { protectedProcedure } from '../trpc';
import { economyDeps, territoryIdField } from './territories.router';
import { CancelQueueItemSchema, TerritoryQueueSchema } from './construction.router';
import { quantityField } from './recruitment.router';

export const StartDefenseSchema = z.object({
  territory_id: territoryIdField,
  defense_key: z.string({ error: 'defense_key is required' }).min(1, 'defense_key is required').max(64, 'Unknown defense'),
  quantity: quantityField,
});
export type StartDefense = z.input<typeof StartDefenseSchema>;

export const defenseRouter = {
  queue: protectedProcedure.input(TerritoryQueueSchema).query(({ ctx, input }) => listDefenseQueue(economyDeps(ctx), ctx.user, input.territory_id, ctx.now())),
  start: protectedProcedure.input(StartDefenseSchema).mutation(({ ctx, input }) => startDefense(economyDeps(ctx), ctx.user, input, ctx.now())),
  cancel: protectedProcedure.input(CancelQueueItemSchema).mutation(({ ctx, input }) => cancelDefense(economyDeps(ctx), ctx.user, input, ctx.now())),
} satisfies TRPCRouterRecord;

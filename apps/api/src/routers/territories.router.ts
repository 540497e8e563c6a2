import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import {
  getTerritory,
  listTerritories,
  listTerritoryDefenses,
  listTerritoryUnits,
  renameTerritory,
  TERRITORY_NAME_RULE,
  type WorldDeps,
} from '@brood/world';
import { protectedProcedure, type Ctx } from '../trpc';

/** The economy commands' deps from a request: its EntityManager, the catalogue, pg-boss. */
export function worldDeps(ctx: Ctx): WorldDeps {
  return { em: ctx.em, catalogue: ctx.deps.catalogue, boss: ctx.deps.boss };
}

const required = (what: string) => (issue: { input: unknown }) => (issue.input === undefined ? 'Field required' : `${what} must be a number`);

/** A territory id (REST passes the path segment converted with Number, so junk arrives as NaN and is refused here). */
export const territoryIdField = z.number({ error: required('Territory id') }).int('Territory id must be a whole number').positive('Territory id must be positive').max(2_147_483_647, 'Territory not found');
export const queueItemIdField = z.string({ error: 'Queue item id is required' }).min(1, 'Queue item id is required').max(64, 'Queue item id is too long');

export const TerritoryIdSchema = z.object({ id: territoryIdField });
export type TerritoryId = z.input<typeof TerritoryIdSchema>;

export const RenameTerritorySchema = z.object({
  id: territoryIdField,
  name: z
    .string({ error: 'Please select a territory and enter a new name.' })
    .trim()
    .min(1, TERRITORY_NAME_RULE)
    .max(12, TERRITORY_NAME_RULE),
});
export type RenameTerritory = z.input<typeof RenameTerritorySchema>;

export const territoriesRouter = {
  /** The player's territories, settled to now (spec core §3 Territory). */
  list: protectedProcedure.query(({ ctx }) => listTerritories(worldDeps(ctx), ctx.user, ctx.now())),
  get: protectedProcedure.input(TerritoryIdSchema).query(({ ctx, input }) => getTerritory(worldDeps(ctx), ctx.user, input.id, ctx.now())),
  rename: protectedProcedure
    .input(RenameTerritorySchema)
    .mutation(({ ctx, input }) => renameTerritory(worldDeps(ctx), ctx.user, { territory_id: input.id, name: input.name }, ctx.now())),
  /** [{unit_key, quantity}] at home, batches delivered so far included. */
  units: protectedProcedure.input(TerritoryIdSchema).query(({ ctx, input }) => listTerritoryUnits(worldDeps(ctx), ctx.user, input.id, ctx.now())),
  /** [{defense_key, quantity}]. */
  defenses: protectedProcedure.input(TerritoryIdSchema).query(({ ctx, input }) => listTerritoryDefenses(worldDeps(ctx), ctx.user, input.id, ctx.now())),
} satisfies TRPCRouterRecord;

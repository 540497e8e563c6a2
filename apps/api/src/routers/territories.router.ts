import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import {
  getTerritory,
  listTerritories,
  listTerritoryDefenses,
  listTerritoryUnits,
  renameTerritory,
  territoryNameRule,
  type WorldDeps,
} from '@brood/world';
import { protectedProcedure, type Ctx } from '../trpc';
import { checkAgainstUniverse, keptPerSetting } from './deployment-input';
import { visibleName } from '../input-guard';

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

const TerritoryName = visibleName(z.string({ error: 'Please select a territory and enter a new name.' }));

/** The body of PUT /territories/{id}/name; its length limit depends on the deployment (nameWithin). */
export const RenameTerritorySchema = z.object({ id: territoryIdField, name: TerritoryName });
export type RenameTerritory = z.input<typeof RenameTerritorySchema>;

/** A name of 1 to territory_name_max_length characters, from this deployment's universe settings. */
const nameWithin = keptPerSetting((max) => {
  const rule = territoryNameRule(max);
  return z.object({ id: territoryIdField, name: TerritoryName.min(1, rule).max(max, rule) });
});

export const territoriesRouter = {
  /** The player's territories, settled to now (spec core §3 Territory). */
  list: protectedProcedure.query(({ ctx }) => listTerritories(worldDeps(ctx), ctx.user, ctx.now())),
  get: protectedProcedure.input(TerritoryIdSchema).query(({ ctx, input }) => getTerritory(worldDeps(ctx), ctx.user, input.id, ctx.now())),
  rename: protectedProcedure
    .input(RenameTerritorySchema)
    .mutation(({ ctx, input }) => {
      const { id, name } = checkAgainstUniverse(nameWithin(ctx.deps.catalogue.universe.territory_name_max_length), input);
      return renameTerritory(worldDeps(ctx), ctx.user, { territory_id: id, name }, ctx.now());
    }),
  /** [{unit_key, quantity}] at home, batches delivered so far included. */
  units: protectedProcedure.input(TerritoryIdSchema).query(({ ctx, input }) => listTerritoryUnits(worldDeps(ctx), ctx.user, input.id, ctx.now())),
  /** [{defense_key, quantity}]. */
  defenses: protectedProcedure.input(TerritoryIdSchema).query(({ ctx, input }) => listTerritoryDefenses(worldDeps(ctx), ctx.user, input.id, ctx.now())),
} satisfies TRPCRouterRecord;

import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import {
  getTerritory,
  listTerritories,
  listTerritoryDefenses,
  listTerritoryUnits,
  renameTerritory,
  territoryNameRule,
} from '@brood/world';
import { protectedProcedure } from '../trpc';
import { territoryIdField, worldDeps } from './shared';
import { checkAgainstUniverse, keptPerSetting } from './deployment-input';
import { visibleName } from '../input-guard';

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

import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { MAP_REGIONS, MAP_SUB_REGIONS, regionTerritories, regionTerritoriesJson, regionsOverview, subregionsOverview } from '@brood/world';
import type { Catalogue } from '@brood/game-data';
import { protectedProcedure, router } from '../trpc';
import { staleOk } from './stale-ok';

const regionMessage = `Region id must be a whole number between 1 and ${MAP_REGIONS}.`;
const subRegionMessage = `Sub-region must be a whole number between 1 and ${MAP_SUB_REGIONS}.`;

const regionId = z.number({ error: regionMessage }).int({ error: regionMessage }).min(1, { error: regionMessage }).max(MAP_REGIONS, { error: regionMessage });
const subRegion = z.number({ error: subRegionMessage }).int({ error: subRegionMessage }).min(1, { error: subRegionMessage }).max(MAP_SUB_REGIONS, { error: subRegionMessage });

export const RegionSchema = z.object({ regionId });
export type RegionInput = z.infer<typeof RegionSchema>;

export const RegionTerritoriesSchema = z.object({
  regionId,
  /** Narrows the answer to one sub-region (the position view needs only that); the REST path sends the whole region. */
  subRegion: subRegion.optional(),
});
export type RegionTerritoriesInput = z.infer<typeof RegionTerritoriesSchema>;

/** The level of the map a read is for: the galaxy (nothing), a region, or a sub-region of one. */
export const MapLevelSchema = z
  .object({ regionId: regionId.optional(), subRegion: subRegion.optional() })
  .refine((level) => level.subRegion === undefined || level.regionId !== undefined, { error: 'A sub-region is read with its region: send regionId too.', path: ['regionId'] });
export type MapLevelInput = z.infer<typeof MapLevelSchema>;

/** Who reads: owner_status (fair play's markers) is relative to the signed-in player. */
const viewerOf = (ctx: { user: { id: number }; deps: { catalogue: Catalogue }; now: () => Date }) => ({ id: ctx.user.id, catalogue: ctx.deps.catalogue, now: ctx.now() });

/** The galaxy map's reads (social spec 2.5, 3): overviews from the occupancy counters, territories by index; all may be a few seconds stale (the replica). */
export const mapRouter = {
  regionsOverview: protectedProcedure.query(({ ctx }) => staleOk(ctx, (em) => regionsOverview(em, ctx.user.id))),
  subregionsOverview: protectedProcedure.input(RegionSchema).query(({ ctx, input }) => staleOk(ctx, (em) => subregionsOverview(em, ctx.user.id, input.regionId))),
  regionTerritories: protectedProcedure
    .input(RegionTerritoriesSchema)
    .query(({ ctx, input }) => staleOk(ctx, (em) => regionTerritories(em, viewerOf(ctx), input.regionId, input.subRegion))),
} satisfies TRPCRouterRecord;

/**
 * The same read as `map.regionTerritories` for a whole region (same guard, same input check, same
 * territories), answered as the JSON text the REST adapter sends as it is: a full region is 24,025
 * territories, never turned into objects (docs/decisions.md 5). Not part of the app router, so not on
 * the /trpc wire; only GET /api/v1/map/region/{id}/territories calls it.
 */
export const mapPayloadRouter = router({
  regionTerritoriesJson: protectedProcedure.input(RegionSchema).query(({ ctx, input }) => staleOk(ctx, (em) => regionTerritoriesJson(em, viewerOf(ctx), input.regionId))),
});

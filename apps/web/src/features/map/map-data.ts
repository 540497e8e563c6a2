import { useMemo } from 'react';
import { keepPreviousData, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';
import type { RouterOutputs } from '../../lib/api-types';
import type { Detail } from './geometry';
import { useGameData } from '../territories';
import { namesFrom, type NameOf } from '../notifications';

export type MapTerritory = RouterOutputs['map']['regionTerritories'][number];
export type WreckageField = RouterOutputs['wreckage']['map']['fields'][number];

/** How a region or sub-region reads at a glance. */
export type Presence = 'own' | 'enemy' | 'contested' | 'empty';

/** Social spec 7: map overviews stale after 5 min; wreckage stale after 2 min, refetched every minute. */
export const OVERVIEW_STALE_MS = 5 * 60_000;
export const WRECKAGE_STALE_MS = 2 * 60_000;
export const WRECKAGE_REFETCH_MS = 60_000;
const TERRITORIES_STALE_MS = 60_000;

/** A map level's presence (the ids holding the player's territories and those holding another's) by id; an id not in it is empty. */
export function presenceMap(presence: RouterOutputs['map']['regionsOverview'] | undefined): Map<number, Presence> {
  const map = new Map<number, Presence>();
  for (const id of presence?.mine ?? []) map.set(id, 'own');
  for (const id of presence?.enemy ?? []) map.set(id, map.has(id) ? 'contested' : 'enemy');
  return map;
}

/** How the map names resources: the catalogue's names, in its order (keys humanised until it loads). */
export interface ResourceNames {
  order: readonly string[];
  nameOf: NameOf;
}

/**
 * What the map knows of the wreckage at the level it shows: how many fields each region holds (the
 * galaxy's marks), how many each sub-region of the region in detail holds ("r:s"), and the fields of
 * the sub-region in detail by position ("r:s:p").
 */
export interface WreckageIndex {
  byRegion: Map<number, number>;
  bySubRegion: Map<string, number>;
  byPosition: Map<string, WreckageField>;
}

export type WreckageOnMap = RouterOutputs['wreckage']['map'];

/** The index of one answer of `wreckage.map`. */
export function indexWreckage(view: WreckageOnMap | undefined): WreckageIndex {
  const index: WreckageIndex = { byRegion: new Map(), bySubRegion: new Map(), byPosition: new Map() };
  if (!view) return index;
  view.regions.ids.forEach((region, i) => index.byRegion.set(region, view.regions.fields[i]!));
  const { region, ids, fields } = view.sub_regions;
  if (region !== null) ids.forEach((subRegion, i) => index.bySubRegion.set(`${region}:${subRegion}`, fields[i]!));
  for (const field of view.fields) index.byPosition.set(`${field.region}:${field.sub_region}:${field.position}`, field);
  return index;
}

/** The map level a wreckage read is for: the region in detail below the galaxy, its sub-region at the positions. */
export function wreckageLevel(detail: Detail): { regionId?: number; subRegion?: number } {
  if (detail.level === 'region') return {};
  return detail.level === 'subregion' ? { regionId: detail.r } : { regionId: detail.r, subRegion: detail.s };
}

/**
 * Everything the map draws for what the view shows in detail: the regions where anyone is always, those
 * sub-regions of the region in detail, the territories of the sub-region in detail, and the
 * wreckage at that level. Only the level on screen is fetched.
 */
export function useMapData(detail: Detail) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const regions = useQuery(trpc.map.regionsOverview.queryOptions(undefined, { staleTime: OVERVIEW_STALE_MS }));
  const subregions = useQuery(
    trpc.map.subregionsOverview.queryOptions(detail.level === 'region' ? skipToken : { regionId: detail.r }, {
      staleTime: OVERVIEW_STALE_MS,
    }),
  );
  const territories = useQuery(
    trpc.map.regionTerritories.queryOptions(detail.level === 'position' ? { regionId: detail.r, subRegion: detail.s } : skipToken, {
      staleTime: TERRITORIES_STALE_MS,
    }),
  );
  const wreckage = useQuery({
    ...trpc.wreckage.map.queryOptions(wreckageLevel(detail), { staleTime: WRECKAGE_STALE_MS, refetchInterval: WRECKAGE_REFETCH_MS }),
    // While another level's answer loads, the marks already shown stay (each is keyed by its own place).
    placeholderData: keepPreviousData,
  });

  const regionPresence = useMemo(() => presenceMap(regions.data), [regions.data]);
  const subregionPresence = useMemo(() => presenceMap(subregions.data), [subregions.data]);
  const territoriesByPosition = useMemo(
    () => new Map((territories.data ?? []).map((t) => [t.position, t] as const)),
    [territories.data],
  );
  const wreckageIndex = useMemo(() => indexWreckage(wreckage.data), [wreckage.data]);
  const gameData = useGameData();
  const resourceNames = useMemo<ResourceNames>(
    () => ({ order: gameData.data?.orderedResourceKeys ?? [], nameOf: namesFrom(gameData.data?.resources) }),
    [gameData.data],
  );

  const loading =
    regions.isPending ||
    (detail.level !== 'region' && subregions.isPending) ||
    (detail.level === 'position' && territories.isPending);

  return {
    regionPresence,
    /** Sub-region presence of `subregionsOf`; empty until loaded. */
    subregionPresence,
    subregionsOf: subregions.data ? detail.r : null,
    territoriesByPosition,
    wreckage: wreckageIndex,
    resourceNames,
    loading,
    error: regions.error ?? subregions.error ?? territories.error ?? null,
    /** The refresh button: everything the map shows, fetched again. */
    refresh: () =>
      Promise.all([
        queryClient.invalidateQueries(trpc.map.pathFilter()),
        queryClient.invalidateQueries(trpc.wreckage.pathFilter()),
      ]),
  };
}

export type MapData = ReturnType<typeof useMapData>;

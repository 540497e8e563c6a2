import { skipToken, useQuery } from '@tanstack/react-query';
import type { RouterOutputs } from '../../lib/api-types';
import { useAuthStore } from '../../stores/auth-store';
import { useTRPC } from '../../trpc';

/**
 * The economy's reads, with the spec's cache times (core §7). Every screen goes through these hooks
 * so one query key per call is shared (the real-time client invalidates the same keys).
 */

export type GameData = RouterOutputs['gameData']['all'];
export type TerritoryDetails = RouterOutputs['territories']['get'];
export type TerritorySummary = RouterOutputs['territories']['list'][number];
export type Stats = RouterOutputs['stats']['overview'];

export const CACHE = {
  territoryListStaleMs: 5 * 60_000,
  territoryStaleMs: 30_000,
  statsStaleMs: 60_000,
  statsGcMs: 5 * 60_000,
  unitsPollMs: 30_000,
} as const;

/** Game data: cached forever (static for the life of the server). */
export function useGameData() {
  const trpc = useTRPC();
  return useQuery(trpc.gameData.all.queryOptions(undefined, { staleTime: Infinity, gcTime: Infinity }));
}

/** The player's territories: stale after 5 min; only when signed in. */
export function useTerritories() {
  const trpc = useTRPC();
  const signedIn = useAuthStore((s) => s.token !== null);
  return useQuery(trpc.territories.list.queryOptions(undefined, { staleTime: CACHE.territoryListStaleMs, enabled: signedIn }));
}

/** One territory's details: stale after 30 s. */
export function useTerritory(territoryId: number | null) {
  const trpc = useTRPC();
  return useQuery(
    trpc.territories.get.queryOptions(territoryId === null ? skipToken : { id: territoryId }, { staleTime: CACHE.territoryStaleMs }),
  );
}

export function useTechnologies() {
  const trpc = useTRPC();
  const signedIn = useAuthStore((s) => s.token !== null);
  return useQuery(trpc.research.technologies.queryOptions(undefined, { staleTime: CACHE.territoryStaleMs, enabled: signedIn }));
}

/** User stats: fresh 1 min, kept 5 min, fetched only when signed in. */
export function useStats() {
  const trpc = useTRPC();
  const signedIn = useAuthStore((s) => s.token !== null);
  return useQuery(trpc.stats.overview.queryOptions(undefined, { staleTime: CACHE.statsStaleMs, gcTime: CACHE.statsGcMs, enabled: signedIn }));
}

/** Units at home: polled every 30 s. */
export function useTerritoryUnits(territoryId: number | null) {
  const trpc = useTRPC();
  return useQuery(
    trpc.territories.units.queryOptions(territoryId === null ? skipToken : { id: territoryId }, {
      refetchInterval: CACHE.unitsPollMs,
      staleTime: 5_000,
    }),
  );
}

/** Defenses: polled every 30 s. */
export function useTerritoryDefenses(territoryId: number | null) {
  const trpc = useTRPC();
  return useQuery(
    trpc.territories.defenses.queryOptions(territoryId === null ? skipToken : { id: territoryId }, {
      refetchInterval: CACHE.unitsPollMs,
      staleTime: 5_000,
    }),
  );
}

/** [{key, level}] lists as a map of levels (missing = 0), the shape game-core reads. */
export function levelsOf<K extends string>(list: readonly ({ [P in K]: string } & { level: number })[] | undefined, field: K): Record<string, number> {
  const out: Record<string, number> = {};
  for (const entry of list ?? []) out[entry[field]] = entry.level;
  return out;
}

/** [{key, quantity}] lists as a map of counts. */
export function countsOf<K extends string>(list: readonly ({ [P in K]: string } & { quantity: number })[] | undefined, field: K): Record<string, number> {
  const out: Record<string, number> = {};
  for (const entry of list ?? []) out[entry[field]] = entry.quantity;
  return out;
}

/** [{resource_key, amount}] as a stock map. */
export function stockOf(territory: Pick<TerritoryDetails, 'resources'> | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of territory?.resources ?? []) out[r.resource_key] = r.amount;
  return out;
}

import { useMemo } from 'react';
import { settle, territoryEconomy, type TerritoryEconomy } from '@brood/game-core';
import { useNow } from '../../hooks/use-now';
import type { Catalogue } from '@brood/game-data';
import { describeApiError } from '../../lib/api-errors';
import {
  countsOf,
  levelsOf,
  stockOf,
  useGameData,
  useTechnologies,
  useTerritories,
  useTerritory,
  useTerritoryUnits,
  type GameData,
  type TerritoryDetails,
} from './queries';

/**
 * game-core's rules take the server's Catalogue; the client's game data is its public part
 * (everything but the spy and exploration settings), which is all the economy and combat rules read
 * (structures, technologies, units, defenses, resources, base income, storage, effects, speed).
 * TODO(game-core): type those rules on Pick<Catalogue, ...> or ClientGameData and drop this bridge.
 */
export function coreCatalogue(data: GameData): Catalogue {
  return data as unknown as Catalogue;
}

/** Stock of a territory at `now`, from its last read and its net rates (production minus biomass upkeep). */
export function projectedStock(territory: TerritoryDetails, now: number): Record<string, number> {
  const stock: Record<string, number> = {};
  for (const r of territory.resources) stock[r.resource_key] = r.amount;
  const rates: Record<string, number> = { ...territory.all_resources_production_per_hour };
  rates.biomass = (rates.biomass ?? 0) - territory.biomass_upkeep_per_hour;
  const from = new Date(territory.resources_updated_at).getTime();
  return settle(stock, rates, territory.all_resources_storage_capacities, from, Math.max(from, now)) as Record<string, number>;
}

/** How often the panels' stock catches up with production, so a card (and the guide) turns affordable without a reload. */
export const STOCK_TICK_MS = 5_000;

/**
 * The territory's whole units of stock now, re-read every STOCK_TICK_MS; the same object until a number
 * changes, so the cards re-render only when the stock really moved.
 */
function useLiveStock(details: TerritoryDetails | null): Record<string, number> {
  const now = useNow(STOCK_TICK_MS);
  const projected = details ? projectedStock(details, now) : {};
  const key = JSON.stringify(Object.entries(projected).map(([k, v]) => [k, Math.floor(v)]));
  return useMemo(() => Object.fromEntries(JSON.parse(key) as [string, number][]), [key]);
}

export interface EconomyView {
  gameData: GameData;
  catalogue: Catalogue;
  territory: TerritoryDetails | null;
  structures: Record<string, number>;
  technologies: Record<string, number>;
  stock: Record<string, number>;
  /** Effects, production, storage and rates of the selected territory: the server's own formula. */
  economy: TerritoryEconomy | null;
}

/**
 * Everything a panel needs to preview costs, times and prerequisites of the selected territory
 * (null territory: research without a payer). Loading and error come from the reads it waits for.
 */
export function useEconomy(territoryId: number | null) {
  const gameData = useGameData();
  const technologies = useTechnologies();
  const territory = useTerritory(territoryId);
  const territories = useTerritories();
  const units = useTerritoryUnits(territoryId);
  const stock = useLiveStock(territory.data ?? null);

  const view = useMemo((): EconomyView | null => {
    if (!gameData.data || !technologies.data) return null;
    if (territoryId !== null && !territory.data) return null;
    const catalogue = coreCatalogue(gameData.data);
    const techLevels = levelsOf(technologies.data, 'tech_key');
    const details = territory.data ?? null;
    const structures = levelsOf(details?.structures, 'structure_key');
    const others = (territories.data ?? []).filter((t) => t.id !== territoryId).map((t) => levelsOf(t.structures, 'structure_key'));
    const economy = details ? territoryEconomy(catalogue, structures, techLevels, countsOf(units.data, 'unit_key'), others) : null;
    return { gameData: gameData.data, catalogue, territory: details, structures, technologies: techLevels, stock: details ? stock : stockOf(undefined), economy };
  }, [gameData.data, technologies.data, territory.data, territories.data, units.data, territoryId, stock]);

  const waiting = [gameData, technologies, ...(territoryId !== null ? [territory] : [])];
  const failed = waiting.find((q) => q.isError);
  // A read that is switched off (signed out) will never arrive: the panel says so instead of spinning.
  const unavailable = !view && !failed && waiting.some((q) => q.isPending && q.fetchStatus === 'idle');
  return {
    view,
    isLoading: !view && !failed && !unavailable,
    unavailable,
    error: gameData.isError
      ? loadError('Error loading game data', gameData.error)
      : territory.isError
        ? loadError('Error loading territories', territory.error)
        : technologies.isError
          ? loadError('Error loading technologies', technologies.error)
          : null,
    retry: () => {
      for (const q of waiting) if (q.isError) void q.refetch();
    },
  };
}

/** The spec's panel error lines: 'Error loading game data: {message}'. */
function loadError(prefix: string, error: unknown): string {
  return `${prefix}: ${describeApiError(error).message}`;
}

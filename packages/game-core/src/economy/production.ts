import { productionAtLevel, RESOURCE_KEYS } from '@brood/game-data';
import type { Catalogue } from '@brood/game-data';
import type { Counts, Effects, Levels, Resources } from '../types';
import { aggregateEffects, percentMultiplier } from './effects';

/**
 * Gross output per hour of every resource: the producers' base x level x growth^level plus the
 * territory's base income, times (1 + production.<resource>/100), times the universe speed.
 */
export function productionPerHour(catalogue: Catalogue, structures: Levels, effects: Effects): Resources {
  const speed = catalogue.universe.universe_speed_factor;
  const raw: Record<string, number> = { ...catalogue.universe.base_income_per_hour };
  for (const [key, level] of Object.entries(structures)) {
    const p = catalogue.structures[key]?.production;
    if (p && level > 0) raw[p.resource] = (raw[p.resource] ?? 0) + productionAtLevel(p, level);
  }
  const out: Resources = {};
  for (const r of RESOURCE_KEYS) {
    const v = raw[r] ?? 0;
    if (v > 0) out[r] = v * percentMultiplier(effects, `production.${r}`) * speed;
  }
  return out;
}

/** Storage cap of every resource: the tier's base storage plus storage.<resource> effects. */
export function storageCapacity(catalogue: Catalogue, effects: Effects): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of RESOURCE_KEYS) {
    const tier = catalogue.resources[r].tier;
    out[r] = (catalogue.universe.base_storage_per_tier[tier - 1] ?? 0) + (effects[`storage.${r}`] ?? 0);
  }
  return out;
}

/** Biomass the units at home eat per hour: sum of count x biomass_consumption_per_hour, times the universe speed. */
export function biomassUpkeepPerHour(catalogue: Catalogue, unitsAtHome: Counts): number {
  let sum = 0;
  for (const [key, n] of Object.entries(unitsAtHome)) sum += n * (catalogue.units[key]?.biomass_consumption_per_hour ?? 0);
  return sum * catalogue.universe.universe_speed_factor;
}

export interface TerritoryEconomy {
  readonly effects: Effects;
  /** gross production per hour (the spec's all_resources_production_per_hour) */
  readonly production: Resources;
  /** the spec's all_resources_storage_capacities */
  readonly storage: Record<string, number>;
  readonly biomassUpkeep: number;
  /** what settle() takes: production per hour with the biomass upkeep already subtracted */
  readonly rates: Resources;
}

/** Production, storage and upkeep of one territory: what the server's settle and the client's preview share. */
export function territoryEconomy(
  catalogue: Catalogue,
  structures: Levels,
  technologies: Levels,
  unitsAtHome: Counts = {},
  otherTerritories: readonly Levels[] = [],
): TerritoryEconomy {
  const effects = aggregateEffects(catalogue, { structures, technologies, otherTerritories });
  const production = productionPerHour(catalogue, structures, effects);
  const biomassUpkeep = biomassUpkeepPerHour(catalogue, unitsAtHome);
  const rates: Resources = { ...production, biomass: (production.biomass ?? 0) - biomassUpkeep };
  return { effects, production, storage: storageCapacity(catalogue, effects), biomassUpkeep, rates };
}

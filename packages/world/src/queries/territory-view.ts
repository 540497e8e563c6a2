import type { Catalogue } from '@brood/game-data';
import type { Territory } from '../entities/territory.entity';
import type { SettledTerritory } from '../settle';

/** The spec's Territory, settled to the time of the read. */
export interface TerritoryView {
  id: number;
  name: string;
  region: number;
  sub_region: number;
  position: number;
  /** Whole amounts (the stock keeps fractions between settles). */
  resources: { resource_key: string; amount: number }[];
  /** Built structures (level > 0). */
  structures: { structure_key: string; level: number }[];
  /** Gross output per hour at this moment (game-core's territoryEconomy). */
  all_resources_production_per_hour: Record<string, number>;
  all_resources_storage_capacities: Record<string, number>;
  /** Biomass the units at home eat per hour (the stock changes by production minus this). */
  biomass_upkeep_per_hour: number;
  resources_updated_at: Date;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** The row fields a view shows (an entity, or a plain row read for the view). */
export type TerritoryFields = Pick<Territory, 'id' | 'name' | 'region' | 'subRegion' | 'position'>;

export function toTerritoryView(catalogue: Catalogue, territory: TerritoryFields, settled: SettledTerritory): TerritoryView {
  const keys = catalogue.orderedResourceKeys;
  const { state, economy } = settled;
  const production = economy.production as Record<string, number>;
  return {
    id: territory.id,
    name: territory.name,
    region: territory.region,
    sub_region: territory.subRegion,
    position: territory.position,
    resources: keys.map((resource_key) => ({ resource_key, amount: Math.floor(state.resources[resource_key] ?? 0) })),
    structures: Object.entries(state.structures)
      .filter(([, level]) => level > 0)
      .map(([structure_key, level]) => ({ structure_key, level })),
    all_resources_production_per_hour: Object.fromEntries(keys.map((k) => [k, round2(production[k] ?? 0)])),
    all_resources_storage_capacities: Object.fromEntries(keys.map((k) => [k, Math.floor(economy.storage[k] ?? 0)])),
    biomass_upkeep_per_hour: round2(economy.biomassUpkeep),
    resources_updated_at: new Date(state.updatedAt),
  };
}

/** [{unit_key, quantity}] or [{defense_key, quantity}] of what stands at home (quantity > 0). */
export function countsView<K extends 'unit_key' | 'defense_key'>(counts: Readonly<Record<string, number>>, field: K): ({ [P in K]: string } & { quantity: number })[] {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([key, quantity]) => ({ [field]: key, quantity }) as { [P in K]: string } & { quantity: number });
}

import type { Catalogue, ResourceAmounts } from '@brood/game-data';
import type { Resources } from '../types';

/** A cost one resource's storage cannot hold, and the structures whose levels grow that storage. */
export interface StorageShortfall {
  readonly resource: string;
  readonly needed: number;
  readonly capacity: number;
  /** Keys of the structures with a `storage.<resource>` effect, in catalogue order. */
  readonly structures: readonly string[];
}

/** Why a cost is not in stock and what would change that: what is missing, when it will be, what storage is too small. */
export interface AffordabilityExplanation {
  /** Per resource, how much more is needed (only resources that fall short; empty when affordable). */
  readonly missing: Readonly<Record<string, number>>;
  /**
   * Seconds until the stock covers the cost at today's net production: 0 when affordable now, null
   * when it never will (a missing resource without production, or a cost over its storage).
   */
  readonly affordableInSeconds: number | null;
  /** The resources whose cost is above the storage capacity: stock can never reach it there. */
  readonly exceedsStorage: readonly StorageShortfall[];
}

/** The structures that grow a resource's storage (an effect `storage.<resource>`). */
export function storageStructuresFor(catalogue: Pick<Catalogue, 'structures'>, resource: string): string[] {
  const effect = `storage.${resource}`;
  return Object.entries(catalogue.structures)
    .filter(([, def]) => def.effects.some((e) => e.effect === effect))
    .map(([key]) => key);
}

/**
 * Explains whether `cost x quantity` is affordable from `stock`, given the net production per hour
 * of each resource and the storage capacities: what is missing, how long at today's rates, and which
 * cost exceeds storage (and which structure grows it). The same numbers the cards show and the
 * server's `canAfford` checks (affordable exactly when nothing is missing).
 */
export function explainAffordability(
  cost: ResourceAmounts | Resources,
  stock: Resources | Readonly<Record<string, number>>,
  productionPerHour: Resources | Readonly<Record<string, number>>,
  storage: Readonly<Record<string, number>>,
  catalogue: Pick<Catalogue, 'structures'>,
  quantity = 1,
): AffordabilityExplanation {
  const missing: Record<string, number> = {};
  const exceedsStorage: StorageShortfall[] = [];
  let seconds: number | null = 0;
  for (const [resource, unit] of Object.entries(cost) as [string, number | undefined][]) {
    const needed = (unit ?? 0) * quantity;
    if (needed <= 0) continue;
    const have = (stock as Record<string, number | undefined>)[resource] ?? 0;
    const capacity = storage[resource];
    if (capacity !== undefined && needed > capacity) {
      exceedsStorage.push({ resource, needed, capacity, structures: storageStructuresFor(catalogue, resource) });
    }
    if (have >= needed) continue;
    missing[resource] = Math.ceil(needed - have);
    const rate = (productionPerHour as Record<string, number | undefined>)[resource] ?? 0;
    if (seconds === null) continue;
    // One division: (short / rate) * 3600 could land a hair under.
    seconds = rate > 0 ? Math.max(seconds, Math.ceil(((needed - have) * 3600) / rate)) : null;
  }
  return { missing, affordableInSeconds: exceedsStorage.length > 0 ? null : seconds, exceedsStorage };
}

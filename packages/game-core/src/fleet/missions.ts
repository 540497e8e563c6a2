import type { Catalogue, ResourceKey } from '@brood/game-data';
import type { Counts, Resources } from '../types';

/** Total cargo of an army: sum of count x cargo_capacity, raised by cargo_pct (percent), floored. */
export function cargoCapacity(units: Counts, catalogue: Catalogue, cargoPct = 0): number {
  let sum = 0;
  for (const [key, n] of Object.entries(units)) sum += n * (catalogue.units[key]?.stats.cargo_capacity ?? 0);
  return Math.floor(sum * Math.max(0, 1 + cargoPct / 100));
}

/**
 * The spec's clamp: each amount floored and limited to the stock, then to the cargo still free,
 * filled in the given order (the catalogue's orderedResourceKeys).
 */
export function clampResourcesToCargo(
  requested: Resources,
  stock: Resources,
  capacity: number,
  order: readonly ResourceKey[],
): Resources {
  let free = Math.max(0, Math.floor(capacity));
  const out: Resources = {};
  for (const key of order) {
    const want = Math.max(0, Math.floor(Math.min(requested[key] ?? 0, stock[key] ?? 0)));
    const take = Math.min(want, free);
    if (take > 0) {
      out[key] = take;
      free -= take;
    }
  }
  return out;
}

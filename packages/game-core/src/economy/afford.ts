import type { ResourceAmounts } from '@brood/game-data';
import type { Resources } from '../types';

/** Every stock is at or above cost x quantity. */
export function canAfford(stock: Resources, cost: ResourceAmounts, quantity = 1): boolean {
  for (const [key, c] of Object.entries(cost) as [keyof Resources, number][]) {
    if ((stock[key] ?? 0) < c * quantity) return false;
  }
  return true;
}

/**
 * The spec's max producible: the minimum over resources of floor(stock / cost), capped by an
 * allowance when one is given (defenses: see defenseAllowance). Infinite only when nothing limits it.
 */
export function maxProducible(stock: Resources, cost: ResourceAmounts, allowance = Number.POSITIVE_INFINITY): number {
  let max = allowance;
  for (const [key, c] of Object.entries(cost) as [keyof Resources, number][]) {
    if (c > 0) max = Math.min(max, Math.floor((stock[key] ?? 0) / c));
  }
  return Math.max(0, max);
}

/** What may still be built of a defense: max minus built minus queued (a max of 0 means unlimited). */
export function defenseAllowance(maxCount: number, built: number, queued: number): number {
  return maxCount === 0 ? Number.POSITIVE_INFINITY : Math.max(0, maxCount - built - queued);
}

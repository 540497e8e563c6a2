import type { Catalogue, ResourceKey } from '@brood/game-data';
import type { Counts, Resources } from '../types';
import { addResources, subtractResources, totalResources } from '../economy/resources';
import { cargoCapacity } from '../fleet/missions';

/**
 * Up to `room` taken from `pool`: everything when it fits, else each resource in proportion
 * (floored) with the last units of room filled in resource order.
 */
export function takeUpTo(pool: Resources, room: number, order: readonly ResourceKey[]): Resources {
  const total = totalResources(pool);
  const free = Math.max(0, Math.floor(room));
  const out: Resources = {};
  if (total <= 0 || free <= 0) return out;
  if (total <= free) {
    for (const k of order) if ((pool[k] ?? 0) > 0) out[k] = Math.floor(pool[k]!);
    return out;
  }
  let left = free;
  for (const k of order) {
    const n = Math.floor(((pool[k] ?? 0) * free) / total);
    if (n > 0) {
      out[k] = n;
      left -= n;
    }
  }
  for (const k of order) {
    if (left <= 0) break;
    const more = Math.min(left, Math.floor((pool[k] ?? 0) - (out[k] ?? 0)));
    if (more > 0) {
      out[k] = (out[k] ?? 0) + more;
      left -= more;
    }
  }
  return out;
}

export type SalvageStatus = 'SUCCESS' | 'NO_WRECKAGE' | 'EMPTY_WRECKAGE' | 'NO_CAPABILITY' | 'NO_CARGO';

/** The notification each outcome sends. */
export const SALVAGE_NOTIFICATION: Readonly<Record<SalvageStatus, string>> = {
  SUCCESS: 'SALVAGE_SUCCESSFUL',
  NO_WRECKAGE: 'SALVAGE_FAILED_NO_WRECKAGE',
  EMPTY_WRECKAGE: 'SALVAGE_FAILED_EMPTY_WRECKAGE',
  NO_CAPABILITY: 'SALVAGE_FAILED_NO_CAPABILITY',
  NO_CARGO: 'SALVAGE_FAILED_NO_CARGO',
};

export interface SalvageInput {
  readonly units: Counts;
  readonly carried?: Resources;
  readonly cargoPct?: number;
  /** the field at the target, or null when there is none */
  readonly wreckage: Resources | null;
}

/**
 * A salvage at the target: the SALVAGE units' cargo (within the fleet's free cargo) takes what it
 * can from the wreckage field; an emptied field is to be removed (WRECKAGE_FIELD_DEPLETED).
 */
export function salvageOutcome(catalogue: Catalogue, input: SalvageInput) {
  const carried = input.carried ?? {};
  const salvagers: Record<string, number> = {};
  for (const [key, n] of Object.entries(input.units)) {
    if (n > 0 && catalogue.units[key]?.capabilities.includes('SALVAGE')) salvagers[key] = n;
  }
  const capacity = cargoCapacity(input.units, catalogue, input.cargoPct ?? 0);
  const room = Math.max(0, Math.min(cargoCapacity(salvagers, catalogue, input.cargoPct ?? 0), capacity - totalResources(carried)));
  const status: SalvageStatus =
    input.wreckage === null ? 'NO_WRECKAGE'
      : totalResources(input.wreckage) < 1 ? 'EMPTY_WRECKAGE'
        : Object.keys(salvagers).length === 0 ? 'NO_CAPABILITY'
          : room < 1 ? 'NO_CARGO'
            : 'SUCCESS';
  const wreckage = input.wreckage ?? {};
  const salvaged = status === 'SUCCESS' ? takeUpTo(wreckage, room, catalogue.orderedResourceKeys) : {};
  const remaining = subtractResources(wreckage, salvaged);
  const cargoAfter = addResources(carried, salvaged);
  return {
    status,
    notification: SALVAGE_NOTIFICATION[status],
    salvaged_resources: salvaged,
    resources_remaining_in_wreckage: Object.fromEntries(Object.entries(remaining).filter(([, v]) => v >= 1)) as Resources,
    wreckage_field_emptied: input.wreckage !== null && totalResources(remaining) < 1,
    fleet_cargo_after_salvage: cargoAfter,
    fleet_cargo_capacity_remaining: Math.max(0, capacity - totalResources(cargoAfter)),
  };
}
export type SalvageOutcome = ReturnType<typeof salvageOutcome>;

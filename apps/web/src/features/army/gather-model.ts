import type { Counts } from './dispatch-model';

/** One source territory's fleet waiting in the gather staging list. */
export interface StagedFleet {
  source_territory_id: number;
  units: Record<string, number>;
}

/** Core §8 gather toasts. */
export const gatheredMessage = (n: number) => `${n} fleet(s) successfully dispatched for gathering.`;
export const gatherFailedMessage = (n: number) => `${n} fleet(s) could not be dispatched. Check console for details.`;

/**
 * Stages a source's chosen units: one fleet per source (a second add from the same territory
 * replaces the first), only positive amounts; nothing chosen leaves the list as it was.
 */
export function stageFleet(list: readonly StagedFleet[], source: number, chosen: Counts): StagedFleet[] {
  const units = Object.fromEntries(Object.entries(chosen).filter(([, n]) => n > 0).map(([k, n]) => [k, Math.floor(n)]));
  if (Object.keys(units).length === 0) return [...list];
  const rest = list.filter((f) => f.source_territory_id !== source);
  return [...rest, { source_territory_id: source, units }];
}

export const unstageFleet = (list: readonly StagedFleet[], source: number) => list.filter((f) => f.source_territory_id !== source);

import type { ResourceKey } from '@brood/game-data';

/** Levels of structures or technologies by key (a missing key is level 0). */
export type Levels = Readonly<Record<string, number>>;
/** Counts of units or defenses by key (a missing key is 0). */
export type Counts = Readonly<Record<string, number>>;
/** Amounts by resource key (a missing key is 0). */
export type Resources = Partial<Record<ResourceKey, number>>;
/** Effect totals by effect key, e.g. `construction_speed` (percent) or `storage.fiber` (amount). */
export type Effects = Readonly<Record<string, number>>;
/** A galaxy position: region, sub-region, position (the spec's r:s:p). */
export type Coords = readonly [region: number, subRegion: number, position: number] | { readonly region: number; readonly sub_region: number; readonly position: number };

export function toCoordsTuple(c: Coords): [number, number, number] {
  return 'region' in c ? [c.region, c.sub_region, c.position] : [c[0], c[1], c[2]];
}

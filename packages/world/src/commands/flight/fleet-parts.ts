import type { MovementContent } from '@brood/contracts';
import { entryOf, type Catalogue } from '@brood/game-data';
import type { Movement } from '../../entities/movement.entity';
import type { AmountMap, Territory } from '../../entities/territory.entity';
import type { TerritoryRow } from '../../kernel/access';

/** Small pieces every fleet command shares: coordinates, amounts, names and notification contents. */

export const MOVEMENT_NOT_FOUND = 'Movement not found';

export type Coords3 = [number, number, number];

export const coordsOf = (t: Pick<Territory, 'region' | 'subRegion' | 'position'>): Coords3 => [t.region, t.subRegion, t.position];
export const startCoords = (m: Movement): Coords3 => [m.startRegion, m.startSubRegion, m.startPosition];
export const targetCoords = (m: Movement): Coords3 => [m.targetRegion, m.targetSubRegion, m.targetPosition];
export const coordsText = (c: Coords3): string => c.join(':');
export const sameCoords = (a: Coords3, b: Coords3): boolean => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/** Only the positive whole amounts of a map. */
export function positive(amounts: Readonly<Record<string, number>> | undefined): AmountMap {
  const out: AmountMap = {};
  for (const [key, n] of Object.entries(amounts ?? {})) if (n > 0) out[key] = Math.floor(n);
  return out;
}

export function addAmounts(into: AmountMap, more: AmountMap): AmountMap {
  const out = { ...into };
  for (const [key, n] of Object.entries(more)) out[key] = (out[key] ?? 0) + n;
  return out;
}

export function subtractAmounts(from: AmountMap, less: AmountMap): AmountMap {
  const out = { ...from };
  for (const [key, n] of Object.entries(less)) {
    const left = (out[key] ?? 0) - n;
    if (left > 0) out[key] = left;
    else delete out[key];
  }
  return out;
}

export const isEmpty = (amounts: AmountMap): boolean => Object.values(amounts).every((n) => n <= 0);

// Own keys only: a stored `constructor` must not read as Object's name.
export const unitName = (catalogue: Catalogue, key: string): string => entryOf(catalogue.units, key)?.name ?? key;
export const resourceName = (catalogue: Catalogue, key: string): string => entryOf(catalogue.resources, key)?.name ?? key;

/** The names the movement's two ends go by: the territory's current name, else its coordinates. */
export interface Ends {
  start: TerritoryRow | null | undefined;
  target: TerritoryRow | null | undefined;
}

const nameAt = (t: TerritoryRow | null | undefined, c: Coords3) => t?.name ?? coordsText(c);

/**
 * A movement notification's content (social spec 3): where the fleet came from and went, what it
 * carries, and the fields of the happening (`extra`: delivered_resources, reason_failed, ...).
 */
export function movementContent(m: Movement, ends: Ends, extra: Partial<MovementContent> = {}): MovementContent {
  return {
    origin_coords: startCoords(m),
    origin_territory_name: nameAt(ends.start, startCoords(m)),
    destination_coords: targetCoords(m),
    destination_territory_name: nameAt(ends.target, targetCoords(m)),
    original_mission: m.originalMission ?? m.mission,
    units: { ...m.units },
    resources: { ...m.resources },
    ...extra,
  };
}

/**
 * The seed of an arrival's chance (a spy's detection, an exploration's event): the kind, the movement
 * and the instant. The report stores it, so the outcome can be drawn again from the same inputs.
 */
export const arrivalSeed = (kind: string, m: Pick<Movement, 'id'>, at: Date): string => `${kind}:${m.id}:${at.toISOString()}`;

import { GRID_SIDE, POSITION_COUNT, REGION_COUNT } from './geometry';

/** The map's coordinate-entry sentences (social spec 5.3), quoted exactly. */
export const COORDINATE_ERRORS = {
  region: `Region (R) must be a valid number between 1 and ${REGION_COUNT}.`,
  subRegion: `Sub-Region (S) must be a valid number between 1 and ${GRID_SIDE * GRID_SIDE} if provided.`,
  position: `Position (P) must be a valid number between 1 and ${POSITION_COUNT} if provided.`,
  positionWithoutSubRegion: 'If Position (P) is provided, Sub-Region (S) must also be provided.',
} as const;

/** Longest input per box: R and S at most 3 digits, P at most 2. */
export const COORDINATE_MAX_LENGTH = { r: 3, s: 3, p: 2 } as const;

export interface CoordinateEntry {
  r: string;
  s: string;
  p: string;
}

/** A target on the map: a region, optionally a sub-region, optionally a position in it. */
export interface MapTarget {
  r: number;
  s: number | null;
  p: number | null;
}

/** What a coordinate box keeps of a keystroke or a paste: digits only, cut to its length. */
export function digitsOnly(value: string, maxLength: number): string {
  return value.replace(/\D+/g, '').slice(0, maxLength);
}

function inRange(text: string, max: number): number | null {
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= max ? n : null;
}

/** The entry as a map target, or the first rule it breaks (in the spec's order). */
export function parseCoordinateEntry(entry: CoordinateEntry): { target: MapTarget } | { error: string } {
  const r = inRange(entry.r.trim(), REGION_COUNT);
  if (r === null) return { error: COORDINATE_ERRORS.region };
  const sText = entry.s.trim();
  const pText = entry.p.trim();
  const s = sText === '' ? null : inRange(sText, GRID_SIDE * GRID_SIDE);
  if (sText !== '' && s === null) return { error: COORDINATE_ERRORS.subRegion };
  const p = pText === '' ? null : inRange(pText, POSITION_COUNT);
  if (pText !== '' && p === null) return { error: COORDINATE_ERRORS.position };
  if (p !== null && s === null) return { error: COORDINATE_ERRORS.positionWithoutSubRegion };
  return { target: { r, s, p } };
}

/** The entry boxes showing a target (after a click on the map or a focus from elsewhere). */
export function entryFor(target: MapTarget): CoordinateEntry {
  return { r: String(target.r), s: target.s === null ? '' : String(target.s), p: target.p === null ? '' : String(target.p) };
}

/** The player's home: the first territory founded (the lowest id), as map coordinates; null without one. */
export function homeOf(owned: readonly { id: number; region: number; sub_region: number; position: number }[] | undefined): { r: number; s: number; p: number } | null {
  if (!owned || owned.length === 0) return null;
  const first = owned.reduce((a, b) => (b.id < a.id ? b : a));
  return { r: first.region, s: first.sub_region, p: first.position };
}

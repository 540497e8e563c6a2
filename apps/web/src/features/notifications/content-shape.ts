/**
 * Reading notification content safely: it is whatever a producer wrote (object, text, null), so
 * every card reads it through these helpers and decides what is valid enough to show.
 */

export type Row = Record<string, unknown>;
export type Coords = [number, number, number];

export function isRecord(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty object (the shape every report card needs before looking at fields). */
export function isFilledRecord(value: unknown): value is Row {
  return isRecord(value) && Object.keys(value).length > 0;
}

export function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function num(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** Coordinates as [r, s, p], 'r:s:p' (also '[r:s:p]' / '(r:s:p)') or {region, sub_region, position}; null otherwise. */
export function coordsOf(value: unknown): Coords | null {
  if (Array.isArray(value)) {
    if (value.length !== 3) return null;
    const parts = value.map(num);
    return parts.every((n): n is number => n !== null && Number.isInteger(n)) ? (parts as Coords) : null;
  }
  if (typeof value === 'string') {
    const match = /^[[(]?\s*(\d+):(\d+):(\d+)\s*[\])]?$/.exec(value.trim());
    return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
  }
  if (isRecord(value)) return coordsOf([value.region, value.sub_region, value.position]);
  return null;
}

/** The first of several keys that holds coordinates ('origin_coords' or 'origin_coords_str'). */
export function coordsFrom(row: Row, ...keys: string[]): Coords | null {
  for (const key of keys) {
    const found = coordsOf(row[key]);
    if (found) return found;
  }
  return null;
}

export interface Amount {
  key: string;
  amount: number | null;
}

const KEY_FIELDS = ['unit_key', 'resource_key', 'defense_key', 'structure_key', 'key'];
const AMOUNT_FIELDS = ['quantity', 'amount', 'lost', 'count', 'value'];

/**
 * Amounts from either a map ({fiber: 120}) or a list ([{unit_key, quantity}], [{unit_key, lost}]).
 * A null quantity stays null (shown 'Hidden'). Anything unreadable gives an empty list.
 */
export function amountsOf(value: unknown): Amount[] {
  if (Array.isArray(value)) {
    const out: Amount[] = [];
    for (const item of value) {
      if (!isRecord(item)) continue;
      const keyField = KEY_FIELDS.find((k) => typeof item[k] === 'string');
      if (!keyField) continue;
      const amountField = AMOUNT_FIELDS.find((k) => k in item);
      out.push({ key: item[keyField] as string, amount: amountField ? num(item[amountField]) : null });
    }
    return out;
  }
  if (isRecord(value)) {
    return Object.entries(value).map(([key, amount]) => ({ key, amount: amount === null ? null : num(amount) }));
  }
  return [];
}

/** Sum of the amounts (null counts as 0). */
export function total(amounts: Amount[]): number {
  return amounts.reduce((sum, a) => sum + (a.amount ?? 0), 0);
}

/** 'spore_drone' -> 'Spore Drone': the fallback when the catalogue has no name for a key. */
export function humanize(key: string): string {
  return key
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

/** The free text a failure or information notification carries: the string itself, or details/message/reason. */
export function messageOf(content: unknown): string | null {
  if (typeof content === 'string') return text(content);
  if (!isRecord(content)) return null;
  return text(content.details) ?? text(content.message) ?? text(content.reason) ?? text(content.reason_failed) ?? null;
}

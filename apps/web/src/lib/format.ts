import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/**
 * The one home of the spec's display formats (core §9, social §5.7). Every screen formats numbers,
 * dates, durations and coordinates through these functions so the whole game reads the same.
 */

const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const ABBREVIATIONS: ReadonlyArray<readonly [number, string]> = [
  [1e12, 't'],
  [1e9, 'b'],
  [1e6, 'm'],
  [1e3, 'k'],
];

type DateInput = Date | string | number | null | undefined;

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Plain numbers with US grouping: 1234567.891 -> '1,234,567.89'. Missing -> 'N/A'. */
export function formatNumber(value: number | null | undefined): string {
  return isFiniteNumber(value) ? GROUPED.format(value) : 'N/A';
}

/** Large numbers abbreviated at 1e3/1e6/1e9/1e12 with 2 decimals: 1234 -> '1.23k'; below 1000 grouped. */
export function formatLargeNumber(value: number | null | undefined): string {
  if (!isFiniteNumber(value)) return 'N/A';
  const abs = Math.abs(value);
  for (const [threshold, suffix] of ABBREVIATIONS) {
    if (abs >= threshold) {
      // Truncate (not round) so 999,999 never shows as '1000.00k'.
      const scaled = Math.trunc((value / threshold) * 100) / 100;
      return `${scaled.toFixed(2)}${suffix}`;
    }
  }
  return GROUPED.format(value);
}

/** Resource chip amounts are rounded down before display. */
export function formatResourceAmount(value: number | null | undefined): string {
  return isFiniteNumber(value) ? formatLargeNumber(Math.floor(value)) : 'N/A';
}

function toDayjs(value: DateInput): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

/** Month/day/year with 24-hour time and seconds: '03/07/2025 14:05:09'. Invalid or missing -> 'N/A'. */
export function formatDate(value: DateInput): string {
  const parsed = toDayjs(value);
  return parsed ? parsed.format('MM/DD/YYYY HH:mm:ss') : 'N/A';
}

/** Durations in h, m and s ('1h 2m 5s', '45s'); zero or less -> '0 sec'. */
export function formatDuration(totalSeconds: number | null | undefined): string {
  if (!isFiniteNumber(totalSeconds) || totalSeconds <= 0) return '0 sec';
  const seconds = Math.floor(totalSeconds);
  if (seconds === 0) return '0 sec';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts: string[] = [];
  if (h > 0) parts.push(`${h}h`);
  if (m > 0) parts.push(`${m}m`);
  if (s > 0) parts.push(`${s}s`);
  return parts.join(' ');
}

/** Time left split into days, hours, minutes and seconds; null once the target has passed. */
export function countdownParts(target: DateInput, now: DateInput = Date.now()): { d: number; h: number; m: number; s: number } | null {
  const end = toDayjs(target);
  const start = toDayjs(now);
  if (!end || !start) return null;
  const left = Math.floor((end.valueOf() - start.valueOf()) / 1000);
  if (left <= 0) return null;
  return { d: Math.floor(left / 86400), h: Math.floor((left % 86400) / 3600), m: Math.floor((left % 3600) / 60), s: left % 60 };
}

/** Countdown to a moment: '2d 3h 4m 5s', '4m 5s'; 'Finished' once passed; 'Invalid Date' when unreadable. */
export function formatCountdown(target: DateInput, now: DateInput = Date.now(), finished = 'Finished'): string {
  if (!toDayjs(target)) return 'Invalid Date';
  const parts = countdownParts(target, now);
  if (!parts) return finished;
  const { d, h, m, s } = parts;
  if (d > 0) return `${d}d ${h}h ${m}m ${s}s`;
  if (h > 0) return `${h}h ${m}m ${s}s`;
  if (m > 0) return `${m}m ${s}s`;
  return `${s}s`;
}

/** Relative 'time ago' form: 'a few seconds ago', '5 minutes ago', '2 days ago'. Invalid -> 'N/A'. */
export function formatTimeAgo(value: DateInput, now: DateInput = Date.now()): string {
  const parsed = toDayjs(value);
  const reference = toDayjs(now);
  if (!parsed || !reference) return 'N/A';
  return parsed.from(reference);
}

const ROMAN: ReadonlyArray<readonly [number, string]> = [
  [1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'],
  [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
];

/** Roman numerals for 1..3999 (tiers); anything else is shown as the plain number. */
export function toRoman(value: number): string {
  if (!Number.isInteger(value) || value < 1 || value > 3999) return String(value);
  let rest = value;
  let out = '';
  for (const [amount, symbol] of ROMAN) {
    while (rest >= amount) {
      out += symbol;
      rest -= amount;
    }
  }
  return out;
}

export type CoordinateInput =
  | readonly (number | null | undefined)[]
  | { region: number; sub_region: number; position: number }
  | null
  | undefined;

export type CoordinateStyle = 'plain' | 'brackets' | 'parens';

/** Three integers as the tuple [r, s, p], or null when the value is not three numbers. */
export function toCoordinateTuple(value: CoordinateInput): [number, number, number] | null {
  if (!value) return null;
  const list = Array.isArray(value)
    ? value
    : 'region' in value
      ? [value.region, value.sub_region, value.position]
      : [];
  if (list.length !== 3 || !list.every((n) => isFiniteNumber(n))) return null;
  return [list[0] as number, list[1] as number, list[2] as number];
}

/** Coordinates as r:s:p, [r:s:p] or (r:s:p); missing or not three numbers -> 'N/A'. */
export function formatCoordinates(value: CoordinateInput, style: CoordinateStyle = 'plain'): string {
  const tuple = toCoordinateTuple(value);
  if (!tuple) return 'N/A';
  const text = tuple.join(':');
  if (style === 'brackets') return `[${text}]`;
  if (style === 'parens') return `(${text})`;
  return text;
}

export type TextSegment = { kind: 'text'; text: string } | { kind: 'coords'; text: string; coords: [number, number, number] };

/** The galaxy's size (universe.json's `map`): how many regions, sub-regions per region and positions per sub-region. */
export interface Grid {
  regions: number;
  sub_regions: number;
  positions: number;
}

/**
 * An ISO time ('2026-11-26T00:58:38.974Z'), or three numbers joined by colons that no letter, digit,
 * colon or dot touches (so 'T00:58:38.974' and '12:30:15:10' are not coordinates).
 */
const MENTION = /(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?)|(?<![\w:.])[[(]?(\d+):(\d+):(\d+)[\])]?(?![\d:]|\.\d)/g;

const inGrid = ([r, s, p]: readonly number[], grid: Grid) => r! >= 1 && r! <= grid.regions && s! >= 1 && s! <= grid.sub_regions && p! >= 1 && p! <= grid.positions;

/**
 * Splits text around r:s:p mentions ('r:s:p', '[r:s:p]', '(r:s:p)') inside the grid, so screens can
 * turn them into map links, and writes ISO times in it as formatDate does (social 5.7). Without a
 * grid (the catalogue not loaded yet) no coordinates are found.
 */
export function splitMentions(text: string, grid: Grid | undefined): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    const coords = [Number(match[2]), Number(match[3]), Number(match[4])] as [number, number, number];
    const isTime = match[1] !== undefined;
    if (!isTime && !(grid && inGrid(coords, grid))) continue;
    const index = match.index ?? 0;
    if (index > last) segments.push({ kind: 'text', text: text.slice(last, index) });
    segments.push(isTime ? { kind: 'text', text: formatDate(match[1]) } : { kind: 'coords', text: match[0], coords });
    last = index + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

/** Percent with up to 2 decimals: 12.5 -> '12.5 %'; null or missing -> '- %'. */
export function formatPercent(value: number | null | undefined): string {
  return isFiniteNumber(value) ? `${GROUPED.format(value)} %` : '- %';
}

/** Highscore rank: '#12'; missing -> 'N/A'. */
export function formatRank(rank: number | null | undefined): string {
  return isFiniteNumber(rank) && rank > 0 ? `#${GROUPED.format(rank)}` : 'N/A';
}

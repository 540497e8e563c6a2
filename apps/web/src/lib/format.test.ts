import { describe, expect, it } from 'vitest';
import {
  countdownParts,
  formatCoordinates,
  formatCountdown,
  formatDate,
  formatDuration,
  formatLargeNumber,
  formatNumber,
  formatPercent,
  formatRank,
  formatResourceAmount,
  formatTimeAgo,
  splitMentions,
  toRoman,
} from './format';

describe('numbers', () => {
  it('abbreviates at 1e3, 1e6, 1e9 and 1e12 with two decimals', () => {
    expect(formatLargeNumber(1234)).toBe('1.23k');
    expect(formatLargeNumber(1000)).toBe('1.00k');
    expect(formatLargeNumber(2_500_000)).toBe('2.50m');
    expect(formatLargeNumber(7_891_000_000)).toBe('7.89b');
    expect(formatLargeNumber(3.2e12)).toBe('3.20t');
    expect(formatLargeNumber(-45_600)).toBe('-45.60k');
  });

  it('never rounds up into the next unit', () => {
    expect(formatLargeNumber(999_999)).toBe('999.99k');
  });

  it('groups plain numbers the US way and keeps small ones whole', () => {
    expect(formatLargeNumber(999)).toBe('999');
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber(undefined)).toBe('N/A');
  });

  it('rounds resource chip amounts down', () => {
    expect(formatResourceAmount(999.99)).toBe('999');
    expect(formatResourceAmount(1999.9)).toBe('1.99k');
  });

  it('shows percent, "- %" for null, and N/A for a missing rank', () => {
    expect(formatPercent(12.5)).toBe('12.5 %');
    expect(formatPercent(null)).toBe('- %');
    expect(formatRank(null)).toBe('N/A');
    expect(formatRank(1204)).toBe('#1,204');
  });
});

describe('dates and times', () => {
  it('writes month/day/year with 24-hour time and seconds', () => {
    expect(formatDate(new Date(2025, 2, 7, 14, 5, 9))).toBe('03/07/2025 14:05:09');
  });

  it('shows N/A for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
  });

  it('writes durations in h, m and s, and "0 sec" for zero or less', () => {
    expect(formatDuration(3725)).toBe('1h 2m 5s');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(7200)).toBe('2h');
    expect(formatDuration(0)).toBe('0 sec');
    expect(formatDuration(-5)).toBe('0 sec');
    expect(formatDuration(0.4)).toBe('0 sec');
  });

  it('counts down in days, hours, minutes and seconds, then reads Finished', () => {
    const now = Date.UTC(2025, 0, 1);
    expect(formatCountdown(now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000, now)).toBe('2d 3h 4m 5s');
    expect(formatCountdown(now + 65_000, now)).toBe('1m 5s');
    expect(formatCountdown(now - 1, now)).toBe('Finished');
    expect(formatCountdown('garbage', now)).toBe('Invalid Date');
    expect(countdownParts(now + 1000, now)).toEqual({ d: 0, h: 0, m: 0, s: 1 });
  });

  it('writes relative times as "time ago"', () => {
    const now = Date.UTC(2025, 0, 1, 12);
    expect(formatTimeAgo(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(formatTimeAgo(now - 3 * 86_400_000, now)).toBe('3 days ago');
    expect(formatTimeAgo(undefined, now)).toBe('N/A');
  });
});

describe('roman numerals', () => {
  it('covers 1 to 3999', () => {
    expect(toRoman(1)).toBe('I');
    expect(toRoman(4)).toBe('IV');
    expect(toRoman(5)).toBe('V');
    expect(toRoman(9)).toBe('IX');
    expect(toRoman(14)).toBe('XIV');
    expect(toRoman(1994)).toBe('MCMXCIV');
    expect(toRoman(3999)).toBe('MMMCMXCIX');
  });

  it('leaves numbers outside the range as they are', () => {
    expect(toRoman(0)).toBe('0');
    expect(toRoman(4000)).toBe('4000');
  });
});

describe('coordinates', () => {
  it('writes r:s:p in its three styles', () => {
    expect(formatCoordinates([12, 400, 7])).toBe('12:400:7');
    expect(formatCoordinates({ region: 1, sub_region: 2, position: 3 }, 'brackets')).toBe('[1:2:3]');
    expect(formatCoordinates([1, 2, 3], 'parens')).toBe('(1:2:3)');
  });

  it('shows N/A when the value is missing or not three numbers', () => {
    expect(formatCoordinates(null)).toBe('N/A');
    expect(formatCoordinates([1, 2])).toBe('N/A');
    expect(formatCoordinates([1, null, 3])).toBe('N/A');
  });

  const grid = { regions: 961, sub_regions: 961, positions: 25 };

  it('finds coordinates inside text', () => {
    const segments = splitMentions('Fleet arrived at [12:34:5] from 1:2:3.', grid);
    expect(segments).toEqual([
      { kind: 'text', text: 'Fleet arrived at ' },
      { kind: 'coords', text: '[12:34:5]', coords: [12, 34, 5] },
      { kind: 'text', text: ' from ' },
      { kind: 'coords', text: '1:2:3', coords: [1, 2, 3] },
      { kind: 'text', text: '.' },
    ]);
  });

  it('finds only coordinates inside the grid, never a clock time (social 5.7)', () => {
    const kinds = (text: string) => splitMentions(text, grid).map((s) => s.kind);
    expect(kinds('at 962:1:1 or 0:58:38 or 1:962:1 or 1:1:26')).toEqual(['text']);
    expect(kinds('at 961:961:25')).toEqual(['text', 'coords']);
    expect(kinds('at 5:12:30.5 or 5:12:30:14')).toEqual(['text']);
  });

  it('formats ISO times inside text as month/day/year with 24-hour time, and finds no coordinates in them (social 5.7)', () => {
    const at = new Date(2026, 10, 26, 13, 8, 38, 974);
    const segments = splitMentions(`It will be home at ${at.toISOString()}.`, grid);
    expect(segments).toEqual([
      { kind: 'text', text: 'It will be home at ' },
      { kind: 'text', text: '11/26/2026 13:08:38' },
      { kind: 'text', text: '.' },
    ]);
  });
});

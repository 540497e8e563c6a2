/** Number and duration formats shared by the text and HTML reports. */

export function fmtNumber(n: number): string {
  if (!Number.isFinite(n)) return '-';
  const abs = Math.abs(n);
  if (abs < 1000) return String(Math.round(n));
  for (const [div, unit] of [[1e12, 'T'], [1e9, 'G'], [1e6, 'M'], [1e3, 'k']] as const) {
    if (abs >= div) return `${(n / div).toFixed(abs / div < 10 ? 1 : 0)}${unit}`;
  }
  return String(n);
}

export function fmtSeconds(s: number): string {
  if (!Number.isFinite(s)) return '-';
  if (s < 60) return `${Math.round(s)}s`;
  if (s < 3600) return `${Math.round(s / 60)}m`;
  if (s < 86400) return `${(s / 3600).toFixed(1)}h`;
  const days = s / 86400;
  return days < 10 ? `${days.toFixed(1)}d` : `${fmtNumber(days)}d`;
}

export function fmtHours(h: number): string {
  if (!Number.isFinite(h)) return '-';
  if (h === 0) return '0';
  return h < 10 ? h.toFixed(1) : fmtNumber(h);
}

const ROMAN: readonly [number, string][] = [[1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'], [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I']];

export function roman(n: number): string {
  let out = '';
  for (const [v, s] of ROMAN) while (n >= v) { out += s; n -= v; }
  return out;
}

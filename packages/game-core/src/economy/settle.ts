import type { Resources } from '../types';

const MS_PER_HOUR = 3_600_000;

/**
 * Stock after accruing `rates` (per hour, biomass upkeep already subtracted) from `from` to `to`
 * (epoch milliseconds). A positive rate stops at the cap (stock already above it stays); a negative
 * rate stops at 0. Amounts are not rounded: store them as they are, show them floored.
 */
export function settle(stock: Resources, rates: Resources, caps: Readonly<Record<string, number>>, from: number, to: number): Resources {
  const hours = Math.max(0, to - from) / MS_PER_HOUR;
  const out: Resources = { ...stock };
  if (hours === 0) return out;
  for (const [key, rate] of Object.entries(rates) as [keyof Resources, number][]) {
    const s = out[key] ?? 0;
    if (rate > 0) {
      const cap = caps[key] ?? Number.POSITIVE_INFINITY;
      if (s < cap) out[key] = Math.min(cap, s + rate * hours);
    } else if (rate < 0) {
      out[key] = Math.max(0, s + rate * hours);
    }
  }
  return out;
}

/** A territory starves (hatches units and defenses at reduced speed) while biomass is 0 and its net rate negative. */
export function isStarving(stock: Resources, rates: Resources): boolean {
  return (stock.biomass ?? 0) <= 0 && (rates.biomass ?? 0) < 0;
}


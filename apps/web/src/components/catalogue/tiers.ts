import { toRoman } from '../../lib/format';

/** A colour per tier 1 to 5 (core §2): moss, acid, cyan, violet, ember. Higher tiers reuse the last. */
const TIER_COLORS = ['teal', 'acid', 'cyan', 'brood', 'orange'] as const;
const TIER_HEX = ['#38d9a9', '#9dff12', '#3bc9db', '#9747ff', '#ff922b'] as const;

export function tierColor(tier: number): string {
  return TIER_COLORS[Math.min(TIER_COLORS.length, Math.max(1, tier)) - 1] ?? 'gray';
}

export function tierHex(tier: number): string {
  return TIER_HEX[Math.min(TIER_HEX.length, Math.max(1, tier)) - 1] ?? '#aab4d3';
}

export function tierLabel(tier: number): string {
  return `Tier ${toRoman(tier)}`;
}

/** Entries grouped by tier, tiers ascending, entries in catalogue order within a tier. */
export function groupByTier<T extends { tier: number }>(entries: readonly T[]): { tier: number; entries: T[] }[] {
  const groups = new Map<number, T[]>();
  for (const entry of entries) {
    const list = groups.get(entry.tier) ?? [];
    list.push(entry);
    groups.set(entry.tier, list);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([tier, list]) => ({ tier, entries: list }));
}

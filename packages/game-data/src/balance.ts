import { RESOURCE_KEYS } from './schema';
import type { Catalogue, ResourceKey } from './schema';
import { baseTimeAtLevel, costAtLevel, effectAtLevel, levelCap, productionAtLevel } from './curves';

/** Levels the balance report shows (capped at each entry's max level). */
export const REPORT_LEVELS = [1, 5, 10, 20] as const;

type Amounts = Partial<Record<ResourceKey, number>>;

export interface Scenario {
  readonly name: string;
  readonly stock: Amounts;
  /** per hour, universe speed included */
  readonly income: Amounts;
  readonly storage: Amounts;
}

export interface LevelRow {
  readonly level: number;
  readonly cost: Amounts;
  /** seconds, with the universe speed and no other modifier, at least 1 */
  readonly time: number;
  readonly cumulativeCost: Amounts;
  readonly cumulativeTime: number;
  /** hours of income to afford this level, per scenario (Infinity: never) */
  readonly hours: readonly number[];
}

export interface ItemBalance {
  readonly kind: 'structures' | 'technologies' | 'units' | 'defenses';
  readonly key: string;
  readonly name: string;
  readonly tier: number;
  readonly maxLevel: number;
  /** every level from 1 to the max (one row for units and defenses) */
  readonly levels: readonly LevelRow[];
}

export const sumAmounts = (a: Amounts): number => Object.values(a).reduce((s: number, v) => s + (v ?? 0), 0);

function add(a: Amounts, b: Amounts): Amounts {
  const out: Amounts = { ...a };
  for (const [k, v] of Object.entries(b) as [ResourceKey, number][]) out[k] = (out[k] ?? 0) + v;
  return out;
}

/** Hours until `stock + income x h` covers `cost` under the storage caps; Infinity when never. */
export function hoursToAfford(cost: Amounts, s: Scenario): number {
  let hours = 0;
  for (const [k, c] of Object.entries(cost) as [ResourceKey, number][]) {
    const have = s.stock[k] ?? 0;
    if (c <= have) continue;
    const rate = s.income[k] ?? 0;
    if (rate <= 0 || c > (s.storage[k] ?? 0)) return Number.POSITIVE_INFINITY;
    hours = Math.max(hours, (c - have) / rate);
  }
  return hours;
}

/**
 * Income, stock and storage of a territory with the given structure levels (the universe's
 * starting structures at least), before any technology.
 */
export function scenario(c: Catalogue, name: string, levels: Readonly<Record<string, number>>): Scenario {
  const u = c.universe;
  const merged = { ...u.starting_structures, ...levels };
  const income: Amounts = { ...u.base_income_per_hour };
  const storage: Amounts = {};
  for (const r of RESOURCE_KEYS) storage[r] = u.base_storage_per_tier[c.resources[r].tier - 1] ?? 0;
  for (const [key, level] of Object.entries(merged)) {
    const def = c.structures[key];
    if (!def) continue;
    if (def.production) income[def.production.resource] = (income[def.production.resource] ?? 0) + productionAtLevel(def.production, level);
    for (const e of def.effects) {
      const r = e.effect.startsWith('storage.') ? (e.effect.slice(8) as ResourceKey) : undefined;
      if (r && r in storage) storage[r] = (storage[r] ?? 0) + effectAtLevel(e, level);
    }
  }
  for (const k of Object.keys(income) as ResourceKey[]) income[k] = (income[k] ?? 0) * u.universe_speed_factor;
  return { name, stock: u.starting_stock, income, storage };
}

/** The report's two territories: a fresh one, and one with every producer and storage at level 10. */
export function defaultScenarios(c: Catalogue): Scenario[] {
  const developed: Record<string, number> = {};
  for (const [key, def] of Object.entries(c.structures)) {
    if (def.production || def.effects.some((e) => e.effect.startsWith('storage.'))) developed[key] = Math.min(10, levelCap(def.max_level_per_territory));
  }
  return [scenario(c, 'fresh territory', {}), scenario(c, 'producers and storage at 10', developed)];
}

function levelledRows(def: Parameters<typeof costAtLevel>[0] & Parameters<typeof baseTimeAtLevel>[0], max: number, speed: number, scenarios: readonly Scenario[]): LevelRow[] {
  const rows: LevelRow[] = [];
  let cumulativeCost: Amounts = {};
  let cumulativeTime = 0;
  for (let level = 1; level <= max; level++) {
    const cost = costAtLevel(def, level);
    const time = Math.max(1, Math.floor(baseTimeAtLevel(def, level) / speed));
    cumulativeCost = add(cumulativeCost, cost);
    cumulativeTime += time;
    rows.push({ level, cost, time, cumulativeCost, cumulativeTime, hours: scenarios.map((s) => hoursToAfford(cost, s)) });
  }
  return rows;
}

/** Cost and time curves of every entry, with the hours each level takes to afford in each scenario. */
export function balanceReport(c: Catalogue, scenarios: readonly Scenario[] = defaultScenarios(c)): ItemBalance[] {
  const speed = c.universe.universe_speed_factor;
  const out: ItemBalance[] = [];
  for (const [key, d] of Object.entries(c.structures)) {
    const max = levelCap(d.max_level_per_territory);
    out.push({ kind: 'structures', key, name: d.name, tier: d.tier, maxLevel: max, levels: levelledRows(d, max, speed, scenarios) });
  }
  for (const [key, d] of Object.entries(c.technologies)) {
    const max = levelCap(d.max_level);
    out.push({ kind: 'technologies', key, name: d.name, tier: d.tier, maxLevel: max, levels: levelledRows(d, max, speed, scenarios) });
  }
  for (const kind of ['units', 'defenses'] as const) {
    for (const [key, d] of Object.entries(c[kind])) {
      const time = Math.max(1, Math.floor(d.build_time_s / speed));
      const row: LevelRow = { level: 1, cost: d.cost, time, cumulativeCost: d.cost, cumulativeTime: time, hours: scenarios.map((s) => hoursToAfford(d.cost, s)) };
      out.push({ kind, key, name: d.name, tier: d.tier, maxLevel: 1, levels: [row] });
    }
  }
  return out;
}

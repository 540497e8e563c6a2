import type { Effect, Production, ResourceAmounts, ResourceKey } from './schema';

/**
 * The level curves of a catalogue entry. They live here, beside the data, because the check CLI
 * draws them and game-data may not import game-core; game-core re-exports them and adds modifiers.
 */

/** The spec's cost: for each resource where base > 0, floor(base x cost_factor^level). */
export function costAtLevel(def: { readonly cost_base: ResourceAmounts; readonly cost_factor: number }, level: number): Partial<Record<ResourceKey, number>> {
  const out: Partial<Record<ResourceKey, number>> = {};
  const scale = def.cost_factor ** level;
  for (const [key, base] of Object.entries(def.cost_base) as [ResourceKey, number][]) {
    if (base > 0) out[key] = Math.floor(base * scale);
  }
  return out;
}

/** Seconds at a level before speed modifiers: time_base_s x time_factor^level (not floored). */
export function baseTimeAtLevel(def: { readonly time_base_s: number; readonly time_factor: number }, level: number): number {
  return def.time_base_s * def.time_factor ** level;
}

/** An effect's value at a level: per_level x level x growth^level (growth 1 when absent). */
export function effectAtLevel(effect: Effect, level: number): number {
  if (level <= 0) return 0;
  return effect.per_level * level * (effect.growth ?? 1) ** level;
}

/** A producer's output per hour at a level, before bonuses and universe speed: base x level x growth^level. */
export function productionAtLevel(production: Production, level: number): number {
  if (level <= 0) return 0;
  return production.base * level * production.growth ** level;
}

/** The highest level an entry can reach: a max of 0 means a single build (level 1). */
export function levelCap(max: number): number {
  return Math.max(1, max);
}

/**
 * A catalogue entry by a key a player sent, or undefined: only the map's own keys count, so a key
 * such as 'toString' or '__proto__' names nothing instead of an Object method (the fuzz suite sent one).
 */
export function entryOf<T>(map: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

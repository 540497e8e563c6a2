import { RESOURCE_KEYS } from './schema';
import type { Catalogue, ResourceKey } from './schema';
import { costAtLevel, effectAtLevel, levelCap } from './curves';
import { fmtNumber } from './format';

/** One broken bound, worded for the designer. */
export interface BoundProblem {
  readonly bound: string;
  readonly message: string;
}

export interface StorageReach {
  /** the highest level each storage structure can reach: every level's cost fits the storage below it */
  readonly levels: Readonly<Record<string, number>>;
  /** the storage of every resource with those levels */
  readonly storage: Readonly<Record<ResourceKey, number>>;
}

const storageEffects = (c: Catalogue, key: string) => c.structures[key]!.effects.filter((e) => e.effect.startsWith('storage.'));

function storageWith(c: Catalogue, levels: Readonly<Record<string, number>>): Record<ResourceKey, number> {
  const out = {} as Record<ResourceKey, number>;
  for (const r of RESOURCE_KEYS) out[r] = c.universe.base_storage_per_tier[c.resources[r].tier - 1] ?? 0;
  for (const [key, level] of Object.entries(levels)) {
    for (const e of storageEffects(c, key)) {
      const r = e.effect.slice('storage.'.length) as ResourceKey;
      if (r in out) out[r] += effectAtLevel(e, level);
    }
  }
  return out;
}

const fits = (cost: Partial<Record<ResourceKey, number>>, storage: Record<ResourceKey, number>) =>
  (Object.entries(cost) as [ResourceKey, number][]).every(([r, v]) => v <= storage[r]);

/**
 * The storage a player can ever reach, independent of any planner: storage structures rise one
 * level at a time while the next level's cost fits what the levels below can store.
 */
export function storageReach(c: Catalogue): StorageReach {
  const keys = Object.keys(c.structures).filter((k) => storageEffects(c, k).length > 0);
  const levels: Record<string, number> = Object.fromEntries(keys.map((k) => [k, c.universe.starting_structures[k] ?? 0]));
  for (let grew = true; grew;) {
    grew = false;
    for (const key of keys) {
      const def = c.structures[key]!;
      const next = (levels[key] ?? 0) + 1;
      if (next > levelCap(def.max_level_per_territory) || !fits(costAtLevel(def, next), storageWith(c, levels))) continue;
      levels[key] = next;
      grew = true;
    }
  }
  return { levels, storage: storageWith(c, levels) };
}

/** Every level of every entry whose cost exceeds the storage a player can reach (the first such level per entry). */
export function storageProblems(c: Catalogue, reach: StorageReach = storageReach(c)): BoundProblem[] {
  const out: BoundProblem[] = [];
  const check = (kind: string, key: string, level: number, cost: Partial<Record<ResourceKey, number>>) => {
    const over = (Object.entries(cost) as [ResourceKey, number][]).find(([r, v]) => v > reach.storage[r]);
    if (!over) return false;
    const [r, v] = over;
    out.push({ bound: 'cost within reachable storage', message: `${kind}.${key} level ${level} costs ${fmtNumber(v)} ${r}, above the ${fmtNumber(reach.storage[r])} a territory can ever store` });
    return true;
  };
  for (const [key, def] of Object.entries(c.structures)) {
    for (let l = 1; l <= levelCap(def.max_level_per_territory); l++) if (check('structures', key, l, costAtLevel(def, l))) break;
  }
  for (const [key, def] of Object.entries(c.technologies)) {
    for (let l = 1; l <= levelCap(def.max_level); l++) if (check('technologies', key, l, costAtLevel(def, l))) break;
  }
  for (const [key, def] of Object.entries(c.units)) if (def.recruitable) check('units', key, 1, def.cost);
  for (const [key, def] of Object.entries(c.defenses)) check('defenses', key, 1, def.cost);
  return out;
}

/** How many entries cost each resource, and how many structures produce it. */
export function resourceUse(c: Catalogue): Record<ResourceKey, { costOf: number; producers: number }> {
  const out = {} as Record<ResourceKey, { costOf: number; producers: number }>;
  for (const r of RESOURCE_KEYS) out[r] = { costOf: 0, producers: 0 };
  const costs = [
    ...Object.values(c.structures).map((d) => d.cost_base), ...Object.values(c.technologies).map((d) => d.cost_base),
    ...Object.values(c.units).filter((d) => d.recruitable).map((d) => d.cost), ...Object.values(c.defenses).map((d) => d.cost),
  ];
  for (const cost of costs) for (const [r, v] of Object.entries(cost) as [ResourceKey, number][]) if (v > 0) out[r].costOf++;
  for (const d of Object.values(c.structures)) if (d.production) out[d.production.resource].producers++;
  return out;
}

/** Resources that are a cost of too few entries or produced by too few structures. */
export function resourceProblems(c: Catalogue, minCostItems: number, minProducers: number): BoundProblem[] {
  return (Object.entries(resourceUse(c)) as [ResourceKey, { costOf: number; producers: number }][]).flatMap(([r, u]) => [
    ...(u.costOf < minCostItems ? [{ bound: 'every resource is used', message: `${r} is a cost of ${u.costOf} entries (at least ${minCostItems})` }] : []),
    ...(u.producers < minProducers ? [{ bound: 'every resource is produced', message: `${r} is produced by ${u.producers} structures (at least ${minProducers})` }] : []),
  ]);
}

import { RESOURCE_KEYS } from './schema';
import type { Catalogue, Prerequisites, ResourceKey } from './schema';
import { levelCap } from './curves';

export interface Problem {
  readonly level: 'error' | 'warning';
  readonly path: string;
  readonly message: string;
}

type Kind = 'structures' | 'technologies' | 'units' | 'defenses';

interface Entry {
  readonly kind: Kind;
  readonly key: string;
  readonly prerequisites: Prerequisites;
  readonly cost: Partial<Record<ResourceKey, number>>;
}

function entries(c: Catalogue): Entry[] {
  const out: Entry[] = [];
  for (const [key, d] of Object.entries(c.structures)) out.push({ kind: 'structures', key, prerequisites: d.prerequisites, cost: d.cost_base });
  for (const [key, d] of Object.entries(c.technologies)) out.push({ kind: 'technologies', key, prerequisites: d.prerequisites, cost: d.cost_base });
  for (const [key, d] of Object.entries(c.units)) out.push({ kind: 'units', key, prerequisites: d.prerequisites, cost: d.cost });
  for (const [key, d] of Object.entries(c.defenses)) out.push({ kind: 'defenses', key, prerequisites: d.prerequisites, cost: d.cost });
  return out;
}

/** The effect keys the catalogue knows: the registry plus production.<resource> and storage.<resource>. */
export function knownEffectKeys(c: Catalogue): Set<string> {
  const keys = new Set(Object.keys(c.effects).filter((k) => !k.endsWith('.*')));
  for (const pattern of Object.keys(c.effects).filter((k) => k.endsWith('.*'))) {
    for (const r of RESOURCE_KEYS) keys.add(pattern.replace('*', r));
  }
  return keys;
}

function maxLevelOf(c: Catalogue, kind: 'structures' | 'technologies', key: string): number | undefined {
  if (kind === 'structures') {
    const d = c.structures[key];
    return d && levelCap(d.max_level_per_territory);
  }
  const d = c.technologies[key];
  return d && levelCap(d.max_level);
}

function checkResources(c: Catalogue, out: Problem[]): void {
  const ordered = c.orderedResourceKeys;
  if (ordered.length !== RESOURCE_KEYS.length || new Set(ordered).size !== ordered.length) {
    out.push({ level: 'error', path: 'orderedResourceKeys', message: `must list each of the ${RESOURCE_KEYS.length} resources once` });
  }
  ordered.forEach((key, i) => {
    const prev = ordered[i - 1];
    if (prev && c.resources[prev].tier > c.resources[key].tier) {
      out.push({ level: 'error', path: 'orderedResourceKeys', message: `${key} (tier ${c.resources[key].tier}) is listed after ${prev} (tier ${c.resources[prev].tier})` });
    }
  });
  const produced = new Set(Object.values(c.structures).map((s) => s.production?.resource));
  for (const r of RESOURCE_KEYS) {
    if (!produced.has(r)) out.push({ level: 'error', path: `resources.${r}`, message: 'no structure produces this resource' });
  }
}

function checkReferences(c: Catalogue, out: Problem[]): void {
  const effects = knownEffectKeys(c);
  for (const e of entries(c)) {
    for (const kind of ['structures', 'technologies'] as const) {
      for (const [key, level] of Object.entries(e.prerequisites[kind])) {
        const path = `${e.kind}.${e.key}.prerequisites.${kind}.${key}`;
        const max = maxLevelOf(c, kind, key);
        if (max === undefined) out.push({ level: 'error', path, message: `unknown ${kind === 'structures' ? 'structure' : 'technology'} '${key}'` });
        else if (level > max) out.push({ level: 'error', path, message: `requires level ${level} but '${key}' stops at ${max}` });
      }
    }
  }
  const withEffects = [
    ...Object.entries(c.structures).map(([key, d]) => ['structures', key, d.effects] as const),
    ...Object.entries(c.technologies).map(([key, d]) => ['technologies', key, d.effects] as const),
  ];
  for (const [kind, key, list] of withEffects) {
    list.forEach((eff, i) => {
      if (!effects.has(eff.effect)) out.push({ level: 'error', path: `${kind}.${key}.effects.${i}.effect`, message: `unknown effect '${eff.effect}' (add it to effects.json)` });
    });
  }
  for (const key of Object.keys(c.universe.base_effects)) {
    if (!effects.has(key)) out.push({ level: 'error', path: `universe.base_effects.${key}`, message: `unknown effect '${key}'` });
  }
  for (const [key, level] of Object.entries(c.universe.starting_structures)) {
    const max = maxLevelOf(c, 'structures', key);
    if (max === undefined) out.push({ level: 'error', path: `universe.starting_structures.${key}`, message: `unknown structure '${key}'` });
    else if (level > max) out.push({ level: 'error', path: `universe.starting_structures.${key}`, message: `level ${level} is above the max ${max}` });
  }
  const ex = c.universe.exploration;
  for (const [field, map] of [['unit_gain_units', ex.unit_gain_units], ['combat_units', ex.combat_units]] as const) {
    for (const key of Object.keys(map)) {
      if (!c.units[key]) out.push({ level: 'error', path: `universe.exploration.${field}.${key}`, message: `unknown unit '${key}'` });
    }
  }
}

function checkCombatants(c: Catalogue, out: Problem[]): void {
  const { targeting, archetypes } = c.universe.combat;
  const used = new Set<string>();
  const combatants = [
    ...Object.entries(c.units).map(([key, d]) => ['units', key, d] as const),
    ...Object.entries(c.defenses).map(([key, d]) => ['defenses', key, d] as const),
  ];
  for (const [kind, key, d] of combatants) {
    used.add(d.archetype);
    const path = `${kind}.${key}`;
    const fs = d.capabilities.includes('FIRST_STRIKE');
    if (fs !== (d.first_strike_level !== undefined)) {
      out.push({ level: 'error', path: `${path}.first_strike_level`, message: 'FIRST_STRIKE and first_strike_level go together' });
    }
    if (kind === 'defenses' && d.capabilities.some((cap: string) => cap !== 'FIRST_STRIKE' && cap !== 'KAMIKAZE')) {
      out.push({ level: 'error', path: `${path}.capabilities`, message: 'a defense can only have FIRST_STRIKE or KAMIKAZE' });
    }
  }
  for (const key of Object.keys(c.defenses)) {
    if (c.units[key]) out.push({ level: 'error', path: `defenses.${key}`, message: 'a unit has the same key (battle reports mix both)' });
  }
  for (const a of used) {
    if (!archetypes[a]) out.push({ level: 'error', path: `universe.combat.archetypes.${a}`, message: `archetype '${a}' has no wound/regeneration chances` });
    for (const b of used) {
      if (targeting[a]?.[b] === undefined) out.push({ level: 'error', path: `universe.combat.targeting.${a}.${b}`, message: `no targeting weight from '${a}' to '${b}'` });
    }
  }
}

/** Prerequisite cycles among structures and technologies, each as a path 'a -> b -> a'. */
export function findCycles(c: Catalogue): string[][] {
  const id = (kind: string, key: string) => `${kind}.${key}`;
  const edges = new Map<string, string[]>();
  for (const kind of ['structures', 'technologies'] as const) {
    for (const [key, d] of Object.entries(c[kind])) {
      edges.set(id(kind, key), [
        ...Object.keys(d.prerequisites.structures).map((k) => id('structures', k)),
        ...Object.keys(d.prerequisites.technologies).map((k) => id('technologies', k)),
      ]);
    }
  }
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!edges.has(next)) continue;
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

export interface Reachability {
  /** items a new territory can eventually build or research, by kind and key */
  readonly reachable: ReadonlySet<string>;
  /** for every other item, why not */
  readonly blocked: ReadonlyMap<string, string>;
}

/**
 * What a new territory can reach, given unlimited time: start from the starting structures and the
 * resources with a base income; an item unlocks when its prerequisites are reachable at the level asked
 * and every resource it costs has an income; an unlocked producer adds its resource.
 */
export function reachability(c: Catalogue): Reachability {
  const levels = new Map<string, number>();
  for (const [key, level] of Object.entries(c.universe.starting_structures)) levels.set(`structures.${key}`, level);
  const income = new Set<string>(Object.entries(c.universe.base_income_per_hour).filter(([, v]) => v > 0).map(([k]) => k));
  const all = entries(c);
  const reachable = new Set<string>();
  const missing = (e: Entry): string[] => {
    const why: string[] = [];
    for (const kind of ['structures', 'technologies'] as const) {
      for (const [key, level] of Object.entries(e.prerequisites[kind])) {
        if ((levels.get(`${kind}.${key}`) ?? 0) < level) why.push(`${kind === 'structures' ? 'structure' : 'technology'} ${key} ${level}`);
      }
    }
    for (const [r, v] of Object.entries(e.cost)) if (v > 0 && !income.has(r)) why.push(`an income of ${r}`);
    return why;
  };
  let changed = true;
  while (changed) {
    changed = false;
    for (const e of all) {
      const id = `${e.kind}.${e.key}`;
      if (reachable.has(id) || missing(e).length > 0) continue;
      reachable.add(id);
      changed = true;
      if (e.kind === 'structures' || e.kind === 'technologies') levels.set(id, maxLevelOf(c, e.kind, e.key) ?? 1);
      if (e.kind === 'structures') {
        const p = c.structures[e.key]?.production;
        if (p) income.add(p.resource);
      }
    }
  }
  const blocked = new Map<string, string>();
  for (const e of all) {
    const id = `${e.kind}.${e.key}`;
    if (!reachable.has(id)) blocked.set(id, `needs ${missing(e).join(', ')}`);
  }
  return { reachable, blocked };
}

function checkProgression(c: Catalogue, out: Problem[]): void {
  for (const cycle of findCycles(c)) out.push({ level: 'error', path: cycle[0] ?? '', message: `prerequisite cycle: ${cycle.join(' -> ')}` });
  for (const [id, why] of reachability(c).blocked) out.push({ level: 'error', path: id, message: `cannot be reached from a new territory: ${why}` });
  for (const kind of ['structures', 'technologies'] as const) {
    for (const [key, d] of Object.entries(c[kind])) {
      if (d.cost_factor < 1) out.push({ level: 'warning', path: `${kind}.${key}.cost_factor`, message: 'below 1: later levels get cheaper' });
      if (d.time_factor < 1) out.push({ level: 'warning', path: `${kind}.${key}.time_factor`, message: 'below 1: later levels get faster' });
    }
  }
}

/** Every problem of a schema-valid catalogue: errors make the loader throw; warnings are for designers. */
export function findProblems(c: Catalogue): Problem[] {
  const out: Problem[] = [];
  checkResources(c, out);
  checkReferences(c, out);
  checkCombatants(c, out);
  if (out.every((p) => p.level !== 'error')) checkProgression(c, out);
  return out;
}

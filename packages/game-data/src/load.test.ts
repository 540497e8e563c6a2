import { describe, expect, it } from 'vitest';
import { CatalogueError, loadCatalogue, rawCatalogue, validateCatalogue } from './load';
import { CAPABILITIES, RESOURCE_KEYS } from './schema';
import { toClientGameData } from './client';

const clone = <T>(v: T): T => structuredClone(v);

describe('the shipped catalogue', () => {
  const c = loadCatalogue();

  it('has no errors and no warnings', () => {
    expect(validateCatalogue(rawCatalogue()).problems).toEqual([]);
  });

  it('holds the minimum content of docs/game-rules.md (Catalogue)', () => {
    expect(c.orderedResourceKeys).toEqual([...RESOURCE_KEYS]);
    expect(Object.keys(c.structures).length).toBeGreaterThanOrEqual(20);
    expect(Object.keys(c.technologies).length).toBeGreaterThanOrEqual(15);
    expect(new Set(Object.values(c.technologies).map((t) => t.category))).toEqual(new Set(['GENERAL', 'PRODUCTION', 'COMBAT']));
    expect(Object.keys(c.units).length).toBeGreaterThanOrEqual(12);
    const archetypes = new Set(Object.values(c.units).map((u) => u.archetype));
    expect(archetypes.has('Neutral')).toBe(true);
    expect(archetypes.size - 1).toBeGreaterThanOrEqual(4);
    const caps = new Set(Object.values(c.units).flatMap((u) => u.capabilities));
    for (const cap of CAPABILITIES) expect(caps.has(cap)).toBe(true);
    expect(Object.keys(c.defenses).length).toBeGreaterThanOrEqual(8);
    expect(Object.values(c.defenses).some((d) => d.max_count_per_territory > 0)).toBe(true);
  });

  it('is deeply frozen and shared', () => {
    expect(Object.isFrozen(c.units.razorwing?.stats)).toBe(true);
    expect(loadCatalogue()).toBe(c);
  });

  it('gives the client the /game-data/all shape', () => {
    const all = toClientGameData(c);
    expect(Object.keys(all)).toEqual(expect.arrayContaining(['resources', 'orderedResourceKeys', 'structures', 'technologies', 'units', 'defenses']));
    expect(all.universe.queue_limits.research).toBe(5);
    expect(all.universe.multi_party_max_delay_share).toBe(c.universe.multi_party_max_delay_share);
    expect(JSON.parse(JSON.stringify(all)).structures.fiber_tangle.name).toBe('Fiber Tangle');
  });
});

describe('overrides', () => {
  it('merge the universe deeply', () => {
    const c = loadCatalogue({ universe: { universe_speed_factor: 1000, combat: { rounds: 8 } } });
    expect(c.universe.universe_speed_factor).toBe(1000);
    expect(c.universe.combat.rounds).toBe(8);
    expect(c.universe.combat.loot_share).toBe(0.5);
    expect(loadCatalogue().universe.universe_speed_factor).toBe(1);
  });

  it('reject a value the schema forbids', () => {
    expect(() => loadCatalogue({ universe: { cancel_refund_share: 2 } })).toThrow(CatalogueError);
  });
});

describe('validation finds what a designer can break', () => {
  /** Problems of the shipped catalogue after setting (or, with undefined, deleting) values at dotted paths. */
  const problemsWith = (changes: Record<string, unknown>) => {
    const raw = clone(rawCatalogue());
    for (const [path, value] of Object.entries(changes)) {
      const keys = path.split('.');
      const last = keys.pop()!;
      const parent = keys.reduce<Record<string, unknown>>((node, k) => node[k] as Record<string, unknown>, raw);
      if (value === undefined) delete parent[last];
      else parent[last] = value;
    }
    return validateCatalogue(raw).problems.map((p) => `${p.path}: ${p.message}`).join('\n');
  };

  it('an unknown prerequisite key', () => {
    expect(problemsWith({ 'structures.cortex_nest.prerequisites.structures.builder_hiev': 1 }))
      .toContain("structures.cortex_nest.prerequisites.structures.builder_hiev: unknown structure 'builder_hiev'");
  });

  it('a prerequisite above the level its target can reach', () => {
    expect(problemsWith({ 'structures.cortex_nest.prerequisites.structures.builder_hive': 99 })).toMatch(/requires level 99 but 'builder_hive' stops at 20/);
  });

  it('an unknown effect', () => {
    expect(problemsWith({ 'technologies.echo_sensing.effects.0.effect': 'spy_lvl' })).toMatch(/unknown effect 'spy_lvl'/);
  });

  it('a prerequisite cycle', () => {
    expect(problemsWith({ 'structures.builder_hive.prerequisites.structures.brood_hatchery': 1 }))
      .toMatch(/prerequisite cycle: structures\.\w+ -> .*structures\.\w+/);
  });

  it('an item a new territory cannot reach', () => {
    expect(problemsWith({ 'structures.lattice_loom.cost_base.isotope': 10, 'structures.isotope_heart.cost_base.lattice': 10 }))
      .toMatch(/structures\.lattice_loom: cannot be reached.*income of isotope/);
  });

  it('a typo in a field name', () => {
    expect(problemsWith({ 'units.razorwing.stats.atack': 3 })).toMatch(/units\.razorwing\.stats/);
  });

  it('a missing targeting weight', () => {
    expect(problemsWith({ 'universe.combat.targeting.Brute.Spire': undefined })).toMatch(/targeting\.Brute\.Spire/);
  });

  it('a first strike without its level', () => {
    expect(problemsWith({ 'units.spine_lancer.first_strike_level': undefined })).toMatch(/spine_lancer\.first_strike_level: FIRST_STRIKE and first_strike_level go together/);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadCatalogue, loadLongGameBounds, resourceProblems, storageProblems, storageReach } from '@brood/game-data';
import type { Catalogue } from '@brood/game-data';
import { combatProblems, gaps, perDay, runProblems } from './bounds';
import { combatMatrix, type CombatMatrix, type Fight } from './matrix';
import { simulateLongGame, type LongRun } from './sim';

const catalogue = loadCatalogue();
const bounds = loadLongGameBounds();
const fast: Catalogue = { ...catalogue, universe: { ...catalogue.universe, universe_speed_factor: 8 } };
const DAY = 86400;

describe('the long-game simulation', () => {
  it('plays the same game twice from the same catalogue', () => {
    const a = simulateLongGame(fast, 'goal', 2, 4);
    const b = simulateLongGame(fast, 'goal', 2, 4);
    expect(a.starts.length).toBeGreaterThan(100);
    expect(b).toEqual(a);
  });

  it('founds colonies once it researches room for them, and every territory starts things', () => {
    const run = simulateLongGame(fast, 'greedy', 3, 4);
    expect(run.colonies.length).toBeGreaterThan(0);
    expect(new Set(run.starts.map((s) => s.territory)).size).toBe(run.colonies.length + 1);
    expect(run.samples.map((s) => s.day)).toEqual([1, 2, 3]);
    expect(run.samples.at(-1)!.points).toBeGreaterThan(run.samples[0]!.points);
  });
});

describe('days and stretches', () => {
  const run = (at: number[], days: number): LongRun => ({
    planner: 'greedy', speed: 1, days, starts: at.map((t) => ({ at: t, kind: 'structure', key: 'fiber_tangle', level: 1, territory: 0, fresh: true })),
    possible: new Map(), produced: new Map(), samples: [], waits: [], colonies: [],
  });

  it('the stretches without a start cover the run end to end', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 10 * DAY - 1 }), { maxLength: 40 }), (times) => {
      const sorted = [...times].sort((a, b) => a - b);
      const g = gaps(run(sorted, 10));
      expect(g.reduce((s, x) => s + x.to - x.from, 0)).toBe(10 * DAY);
      expect(perDay(run(sorted, 10)).starts.reduce((a, b) => a + b, 0)).toBe(sorted.length);
    }));
  });

  it('a day without a start, a stretch over 24 h and a tier 5 out of its days each break a bound', () => {
    const r = { ...run([3600, 2 * DAY, 5 * DAY], 6), possible: new Map([['structure:lattice_loom', 3 * DAY]]) };
    const found = runProblems(catalogue, r, { ...bounds, starts_every_day_until: 6 }).map((p) => p.bound);
    expect(found).toContain('a start every day');
    expect(found).toContain('no long stretch without a start');
    expect(found).toContain('tier 5 between days');
  });
});

describe('static bounds', () => {
  it('the shipped catalogue costs no more than the storage a player can reach, and uses every resource', () => {
    expect(storageProblems(catalogue)).toEqual([]);
    expect(resourceProblems(catalogue, bounds.resource_min_cost_items, bounds.resource_min_producers)).toEqual([]);
  });

  it('a level above the reachable storage is named, with its cost and the storage', () => {
    const tangle = catalogue.structures.fiber_tangle!;
    const c = loadCatalogue({ structures: { fiber_tangle: { ...tangle, cost_base: { fiber: 1e12, crystal: 10 } } } });
    expect(storageProblems(c)[0]!.message).toMatch(/^structures\.fiber_tangle level 1 costs 1\.5T fiber, above the .* a territory can ever store$/);
  });

  it('storage rises only while the next level fits what the levels below can store', () => {
    const reach = storageReach(catalogue);
    const hoard = catalogue.structures.hoard_sac!;
    expect(reach.levels.hoard_sac).toBe(hoard.max_level_per_territory);
    const capped = loadCatalogue({ structures: { hoard_sac: { ...hoard, cost_factor: 3 } } });
    expect(storageReach(capped).levels.hoard_sac).toBeLessThan(hoard.max_level_per_territory);
  });

  it('a resource no entry costs is reported', () => {
    const maw = catalogue.units.void_maw!;
    const { isotope: _dropped, ...cost } = maw.cost;
    const nullR = catalogue.structures.null_reliquary!;
    const { isotope: _also, ...nullCost } = nullR.cost_base;
    const c = loadCatalogue({ units: { void_maw: { ...maw, cost } }, structures: { null_reliquary: { ...nullR, cost_base: nullCost } } });
    expect(resourceProblems(c, 3, 1).map((p) => p.message)).toContain('isotope is a cost of 1 entries (at least 3)');
  });
});

describe('the combat matrix', () => {
  const combat = { ...bounds.combat, runs: 2, mix_runs: 1, mixes: 2 };

  it('fights the same fights from the same seed', () => {
    const a = combatMatrix(catalogue, ['Drone'], combat, 's');
    expect(combatMatrix(catalogue, ['Drone'], combat, 's')).toEqual(a);
    expect(a.fights.some((f) => f.attacker === 'void_maw' && f.defender === 'razorwing')).toBe(true);
    expect(a.mixes).toHaveLength(4);
  });

  const fight = (attacker: string, defender: string, attackerWins: number, attackerLost: number, defenderLost: number): Fight =>
    ({ attacker, defender, attackerValue: 100, defenderValue: 100, attackerWins, defenderWins: attackerWins === 0 ? 1 : 0, attackerLost, defenderLost });
  // a (tier 1) beats b in both roles; b beats nothing; d is a defense a beats
  const matrix: CombatMatrix = {
    units: ['razorwing', 'ravager'], defenses: ['thorn_pit'],
    fights: [fight('razorwing', 'ravager', 1, 0, 100), fight('ravager', 'razorwing', 0, 100, 0), fight('razorwing', 'thorn_pit', 1, 10, 100)],
    mixes: [fight('razorwing', 'thorn_pit', 1, 10, 100)],
  };

  it('a unit that beats every other in both roles is dominant; one that beats nothing is useless; defenses that never hold fail', () => {
    const found = combatProblems(catalogue, matrix, combat).map((p) => p.message);
    expect(found).toContain('razorwing beats every other combat unit in both roles');
    expect(found).toContain('ravager beats no opponent in any role');
    expect(found).toContain('thorn_pit beats no opponent in any role');
    expect(found.some((m) => m.startsWith('defense mixes win or trade'))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadCatalogue } from '@brood/game-data';
import { createRng } from '../rng';
import { resolveBattle } from './battle';
import { battleOdds, runSeed, salvageUnitsNeeded } from './odds';
import type { BattleInput } from './types';

const catalogue = loadCatalogue();
const input = (attack: Record<string, number>, defend: Record<string, number>, defenses: Record<string, number> = {}): BattleInput => ({
  catalogue,
  participants: [
    { role: 'ATTACKER', user_id: 1, username: 'ann', units: attack },
    { role: 'DEFENDER', user_id: 2, username: 'dan', units: defend, defenses },
  ],
  target: { coords: [1, 1, 2], stock: { fiber: 100_000, crystal: 40_000 } },
});

describe('battleOdds', () => {
  it('one run is exactly the battle of seed#0', () => {
    const i = input({ razorwing: 300, hauler_grub: 20 }, { razorwing: 120 }, { thorn_pit: 4 });
    const report = resolveBattle(i, createRng(runSeed('s', 0)));
    const odds = battleOdds(i, 1, 's');
    expect(odds.typical).toEqual(report);
    expect(odds.typical_run).toBe(0);
    expect(odds.plunder.total.mean).toBe(Object.values(report.plunder.resources).reduce((a, b) => a + b, 0));
    expect(odds.rounds).toEqual({ mean: report.rounds_fought, sd: 0, min: report.rounds_fought, max: report.rounds_fought });
  });

  it('an overwhelming attacker wins every run and a hopeless one none', () => {
    expect(battleOdds(input({ ravager: 5000 }, { razorwing: 10 }), 20, 'x').outcomes).toEqual({ attacker_wins: 20, draws: 0, defender_wins: 0 });
    expect(battleOdds(input({ razorwing: 3 }, {}, { psi_spire: 5 }), 20, 'x').outcomes).toEqual({ attacker_wins: 0, draws: 0, defender_wins: 20 });
  });

  it('reports an invalid input instead of odds', () => {
    const odds = battleOdds(input({}, { razorwing: 10 }), 10, 'x');
    expect(odds.error).toBe('no attacking units');
    expect(odds.runs).toBe(0);
  });

  it('names how many salvage units carry the wreckage', () => {
    expect(salvageUnitsNeeded(catalogue, 20_001)).toEqual({ carrion_beetle: 2 });
    expect(salvageUnitsNeeded(catalogue, 20_001, 100)).toEqual({ carrion_beetle: 1 });
  });

  it('counts every run once, keeps spreads ordered, and answers the same for the same seed', () => {
    const keys = ['razorwing', 'ravager', 'spine_lancer', 'bursting_tick', 'acid_spitter', 'carrion_beetle'];
    const side = fc.dictionary(fc.constantFrom(...keys), fc.integer({ min: 0, max: 2000 }), { minKeys: 1, maxKeys: 4 });
    fc.assert(
      fc.property(side, side, fc.integer({ min: 1, max: 12 }), fc.string({ maxLength: 8 }), (a, d, runs, seed) => {
        const i = input(a, d);
        const odds = battleOdds(i, runs, seed);
        if (odds.error) return;
        const { attacker_wins, draws, defender_wins } = odds.outcomes;
        expect(attacker_wins + draws + defender_wins).toBe(runs);
        for (const s of [odds.rounds, odds.attackers.lost_value, odds.defenders.lost_value, odds.plunder.total, odds.wreckage.total]) {
          expect(s.min).toBeLessThanOrEqual(s.mean);
          expect(s.mean).toBeLessThanOrEqual(s.max);
          expect(s.sd).toBeGreaterThanOrEqual(0);
        }
        expect(odds.typical).toEqual(resolveBattle(i, createRng(runSeed(seed, odds.typical_run))));
        expect(JSON.stringify(battleOdds(i, runs, seed))).toBe(JSON.stringify(odds));
      }),
      { numRuns: 40 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { createRng } from '../rng';
import { explorationStaySeconds } from './exploration';
import { spyDetailLevel, spyOutcome } from './spy';

const catalogue = loadCatalogue();

describe('intel properties', () => {
  it('an exploration stays its hours divided by the universe speed, at least a second, longer for more hours', () => {
    fc.assert(fc.property(fc.double({ min: 0.01, max: 48, noNaN: true }), fc.double({ min: 0.01, max: 48, noNaN: true }), fc.integer({ min: 1, max: 1000 }), (a, b, speed) => {
      const [short, long] = a <= b ? [a, b] : [b, a];
      expect(explorationStaySeconds(short, speed)).toBeGreaterThanOrEqual(1);
      expect(explorationStaySeconds(short, speed)).toBeLessThanOrEqual(explorationStaySeconds(long, speed));
      expect(Math.abs(explorationStaySeconds(long, speed) - Math.max(1, (long * 3600) / speed))).toBeLessThanOrEqual(0.5);
    }));
  });

  it('more spies never lower the detail level, and a spy outcome is the same for the same seed', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 10_000 }), fc.string(), (att, def, spies, seed) => {
      expect(spyDetailLevel(att, def, spies + 1)).toBeGreaterThanOrEqual(spyDetailLevel(att, def, spies));
      const input = { attackerSpyLevel: att, defenderSpyLevel: def, spies };
      expect(spyOutcome(catalogue, input, createRng(seed))).toEqual(spyOutcome(catalogue, input, createRng(seed)));
    }));
  });
});

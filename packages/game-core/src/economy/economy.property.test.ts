import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadCatalogue, RESOURCE_KEYS } from '@brood/game-data';
import { costAtLevel } from './cost';
import { researchTime, structureTime } from './time';
import { settle } from './settle';
import { totalResources } from './resources';

const catalogue = loadCatalogue();
const structures = Object.values(catalogue.structures);
const technologies = Object.values(catalogue.technologies);
const HOUR = 3_600_000;

const levelled = fc.record({
  cost_base: fc.dictionary(fc.constantFrom(...RESOURCE_KEYS), fc.double({ min: 0, max: 1e6, noNaN: true })),
  cost_factor: fc.double({ min: 1, max: 3, noNaN: true }),
  time_base_s: fc.double({ min: 0, max: 1e5, noNaN: true }),
  time_factor: fc.double({ min: 1, max: 3, noNaN: true }),
});

describe('cost and time properties', () => {
  it('cost never decreases with level, for every resource', () => {
    fc.assert(fc.property(levelled, fc.integer({ min: 0, max: 40 }), (def, level) => {
      const a = costAtLevel(def, level);
      const b = costAtLevel(def, level + 1);
      for (const [k, v] of Object.entries(a)) expect(b[k as keyof typeof b]).toBeGreaterThanOrEqual(v);
    }));
  });

  it('time never decreases with level and is never below 1 s', () => {
    const speeds = fc.double({ min: 0.1, max: 1e4, noNaN: true });
    fc.assert(fc.property(levelled, fc.integer({ min: 0, max: 40 }), speeds, speeds, (def, level, modifier, universe) => {
      const d = { ...structures[0]!, ...def };
      const t1 = structureTime(d, level, modifier, universe);
      const t2 = structureTime(d, level + 1, modifier, universe);
      expect(t1).toBeGreaterThanOrEqual(1);
      expect(t2).toBeGreaterThanOrEqual(t1);
    }));
  });

  it('holds for every entry of the shipped catalogue', () => {
    for (const def of [...structures, ...technologies]) {
      for (let l = 1; l < 30; l++) {
        expect(totalResources(costAtLevel(def, l + 1))).toBeGreaterThanOrEqual(totalResources(costAtLevel(def, l)));
      }
    }
    for (const def of technologies) expect(researchTime(def, 1, 1, 1e9)).toBe(1);
  });
});

const resource = fc.constantFrom('fiber', 'crystal', 'biomass');
const amount = fc.double({ min: 0, max: 1e7, noNaN: true });
const rate = fc.double({ min: -1e5, max: 1e5, noNaN: true });
const instant = fc.integer({ min: 0, max: 30 * 24 * HOUR });

describe('settle properties', () => {
  it('never accrues past the cap (a stock above it never grows)', () => {
    fc.assert(fc.property(resource, amount, rate, amount, instant, instant, (key, s, r, cap, a, b) => {
      const after = settle({ [key]: s }, { [key]: r }, { [key]: cap }, Math.min(a, b), Math.max(a, b))[key] ?? 0;
      expect(after).toBeGreaterThanOrEqual(0);
      expect(after).toBeLessThanOrEqual(Math.max(s, cap));
      if (r >= 0) expect(after).toBeGreaterThanOrEqual(s);
    }));
  });

  it('splitting an interval changes nothing (up to rounding)', () => {
    fc.assert(fc.property(resource, amount, rate, amount, instant, instant, instant, (key, s, r, cap, a, b, c) => {
      const [t0, t1, t2] = [a, b, c].sort((x, y) => x - y) as [number, number, number];
      const whole = settle({ [key]: s }, { [key]: r }, { [key]: cap }, t0, t2)[key] ?? 0;
      const mid = settle({ [key]: s }, { [key]: r }, { [key]: cap }, t0, t1);
      const split = settle(mid, { [key]: r }, { [key]: cap }, t1, t2)[key] ?? 0;
      expect(Math.abs(whole - split)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(whole)));
    }));
  });
});

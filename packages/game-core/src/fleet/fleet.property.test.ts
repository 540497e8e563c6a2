import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { travelTime } from './travel';

const dist = fc.double({ min: 0, max: 2000, noNaN: true });
const speed = fc.double({ min: 1, max: 1e6, noNaN: true });
const universe = fc.double({ min: 0.5, max: 1000, noNaN: true });

describe('travel time properties', () => {
  it('is at least 1 s', () => {
    fc.assert(fc.property(dist, speed, universe, (d, s, u) => {
      expect(travelTime(d, s, u)).toBeGreaterThanOrEqual(1);
    }));
  });

  it('grows with distance', () => {
    fc.assert(fc.property(dist, dist, speed, universe, (a, b, s, u) => {
      const [near, far] = a <= b ? [a, b] : [b, a];
      expect(travelTime(far, s, u)).toBeGreaterThanOrEqual(travelTime(near, s, u));
    }));
  });

  it('falls with speed', () => {
    fc.assert(fc.property(dist, speed, speed, universe, (d, a, b, u) => {
      const [slow, fast] = a <= b ? [a, b] : [b, a];
      expect(travelTime(d, fast, u)).toBeLessThanOrEqual(travelTime(d, slow, u));
    }));
  });
});

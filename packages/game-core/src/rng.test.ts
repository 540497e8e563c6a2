import { describe, expect, it } from 'vitest';
import { createRng, hashUniform, pickWeighted } from './rng';

describe('seeded rng', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = createRng('movement-42@1700000000000');
    const b = createRng('movement-42@1700000000000');
    const xs = Array.from({ length: 100 }, () => a.next());
    expect(Array.from({ length: 100 }, () => b.next())).toEqual(xs);
    expect(createRng('other').next()).not.toBe(xs[0]);
  });

  it('is uniform enough: mean near 0.5, all in [0, 1)', () => {
    const r = createRng('uniform');
    let sum = 0;
    for (let i = 0; i < 100_000; i++) {
      const x = r.next();
      expect(x >= 0 && x < 1).toBe(true);
      sum += x;
    }
    expect(sum / 100_000).toBeCloseTo(0.5, 2);
  });

  it('picks by weight and never a zero weight', () => {
    const r = createRng('weights');
    const seen = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 10_000; i++) seen[pickWeighted(r, { a: 1, b: 3, c: 0 })!]++;
    expect(seen.c).toBe(0);
    expect(seen.b / seen.a).toBeGreaterThan(2.5);
    expect(seen.b / seen.a).toBeLessThan(3.5);
  });

  it('hashUniform is stateless and spread over [0, 1)', () => {
    expect(hashUniform(1, 2, 3)).toBe(hashUniform(1, 2, 3));
    let sum = 0;
    for (let i = 0; i < 10_000; i++) sum += hashUniform(7, i, -1);
    expect(sum / 10_000).toBeCloseTo(0.5, 1);
  });
});

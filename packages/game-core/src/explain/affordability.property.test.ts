import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadCatalogue, RESOURCE_KEYS } from '@brood/game-data';
import { canAfford } from '../economy/afford';
import { explainAffordability, storageStructuresFor } from './affordability';

const catalogue = loadCatalogue();
const amounts = (max: number) => fc.dictionary(fc.constantFrom(...RESOURCE_KEYS), fc.integer({ min: 0, max }));
const input = fc.record({ cost: amounts(1e6), stock: amounts(1e6), rates: amounts(1e5), storage: amounts(2e6), quantity: fc.integer({ min: 1, max: 50 }) });

type Input = { cost: Record<string, number>; stock: Record<string, number>; rates: Record<string, number>; storage: Record<string, number>; quantity: number };
const explain = (i: Input) =>
  explainAffordability(i.cost, i.stock, i.rates, i.storage, catalogue, i.quantity);
const wait = (s: number | null) => (s === null ? Number.POSITIVE_INFINITY : s);

describe('explainAffordability', () => {
  it('misses nothing exactly when the cost is affordable, and then it is affordable now (unless storage is too small)', () => {
    fc.assert(fc.property(input, (i) => {
      const e = explain(i);
      const affordable = canAfford(i.stock, i.cost, i.quantity);
      expect(Object.keys(e.missing).length === 0).toBe(affordable);
      if (affordable && e.exceedsStorage.length === 0) expect(e.affordableInSeconds).toBe(0);
    }));
  });

  it('names a resource as over storage exactly when its cost is above its capacity', () => {
    fc.assert(fc.property(input, (i) => {
      const over = explain(i).exceedsStorage.map((s) => s.resource).sort();
      const expected = Object.entries(i.cost)
        .filter(([r, c]) => c * i.quantity > 0 && i.storage[r] !== undefined && c * i.quantity > i.storage[r]!)
        .map(([r]) => r)
        .sort();
      expect(over).toEqual(expected);
    }));
  });

  it('more stock never means more missing or a longer wait', () => {
    fc.assert(fc.property(input, amounts(1e6), (i, extra) => {
      const more = { ...i.stock };
      for (const [r, v] of Object.entries(extra)) more[r] = (more[r] ?? 0) + v;
      const a = explain(i);
      const b = explain({ ...i, stock: more });
      for (const [r, m] of Object.entries(b.missing)) expect(m).toBeLessThanOrEqual(a.missing[r] ?? 0);
      expect(wait(b.affordableInSeconds)).toBeLessThanOrEqual(wait(a.affordableInSeconds));
    }));
  });

  it('more production never means a longer wait', () => {
    fc.assert(fc.property(input, amounts(1e5), (i, extra) => {
      const more = { ...i.rates };
      for (const [r, v] of Object.entries(extra)) more[r] = (more[r] ?? 0) + v;
      expect(wait(explain({ ...i, rates: more }).affordableInSeconds)).toBeLessThanOrEqual(wait(explain(i).affordableInSeconds));
    }));
  });

  it('waiting the time it gives at the rates it was given covers every missing resource', () => {
    fc.assert(fc.property(input, (i) => {
      const e = explain(i);
      if (e.affordableInSeconds === null) return;
      const later: Record<string, number> = { ...i.stock };
      for (const r of Object.keys(e.missing)) later[r] = (later[r] ?? 0) + ((i.rates[r] ?? 0) * e.affordableInSeconds) / 3600;
      expect(canAfford(later, i.cost, i.quantity)).toBe(true);
    }));
  });

  it('a missing resource that is not produced is never affordable by waiting', () => {
    const e = explainAffordability({ ossian: 100 }, { ossian: 10 }, {}, { ossian: 1000 }, catalogue);
    expect(e).toEqual({ missing: { ossian: 90 }, affordableInSeconds: null, exceedsStorage: [] });
  });

  it('names the storage structures of the catalogue for a resource', () => {
    expect(storageStructuresFor(catalogue, 'fiber').length).toBeGreaterThan(0);
    for (const key of storageStructuresFor(catalogue, 'ossian')) {
      expect(catalogue.structures[key]!.effects.some((x) => x.effect === 'storage.ossian')).toBe(true);
    }
  });
});

import fc from 'fast-check';
import superjson from 'superjson';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCatalogue, toClientGameData } from '@brood/game-data';
import { keepSerialized, keptTransformer, plainSerialize } from './kept-serialization';

const key = fc.string({ maxLength: 6, unit: fc.constantFrom('a', 'b', '.', '\\', '0', 'é') }).filter((k) => !['__proto__', 'constructor', 'prototype'].includes(k));
/**
 * The game's answers: plain objects and arrays of strings, finite numbers, booleans, null, valid dates
 * and undefined (no object reached twice). Not -0, which superjson annotates (this property found it).
 */
const { answer } = fc.letrec((tie) => ({
  leaf: fc.oneof(fc.string({ maxLength: 8 }), fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x)), fc.integer(), fc.boolean(), fc.constant(null), fc.date({ noInvalidDate: true }), fc.constant(undefined)),
  node: fc.oneof({ depthSize: 'small' }, tie('leaf'), fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(key, tie('node'), { maxKeys: 4 })),
  answer: fc.oneof(fc.array(tie('node'), { maxLength: 5 }), fc.dictionary(key, tie('node'), { maxKeys: 5 })),
}));

describe('the tRPC transformer with kept values', () => {
  afterEach(() => vi.restoreAllMocks());

  it('walks a kept value once: every answer after that reuses its serialized form', () => {
    const catalogue = keepSerialized(toClientGameData(loadCatalogue()));
    const walk = vi.spyOn(superjson, 'serialize');
    const first = keptTransformer.serialize(catalogue);
    expect(keptTransformer.serialize(catalogue)).toBe(first);
    expect(walk).not.toHaveBeenCalled();
    expect(first).toEqual(superjson.serialize(catalogue));
  });

  it('serializes every other value as superjson does, dates and all, and reads it back', () => {
    const value = { at: new Date('2026-11-26T09:00:00Z'), n: 1, list: [1, 'a'] };
    const out = keptTransformer.serialize(value);
    expect(out).toEqual(superjson.serialize(value));
    expect(keptTransformer.deserialize(out)).toEqual(value);
    expect(keptTransformer.serialize(null)).toEqual(superjson.serialize(null));
    expect(keptTransformer.serialize(undefined)).toEqual(superjson.serialize(undefined));
  });

  it("writes plain data exactly as superjson does (json and annotations), and it reads back as it was", () => {
    fc.assert(
      fc.property(answer, (value) => {
        const fast = plainSerialize(value);
        expect(fast).toEqual(superjson.serialize(value));
        expect(superjson.deserialize(fast!)).toEqual(superjson.deserialize(superjson.serialize(value)));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves to superjson what is not plain data, and reads back an object reached twice as the same data', () => {
    class Point {
      constructor(readonly x: number) {}
    }
    for (const value of [{ m: new Map([[1, 2]]) }, [Number.NaN], { p: new Point(1) }, { n: 10n }, { d: new Date(Number.NaN) }, [Infinity], { '': { '': { '': -0 } } }, [0, -0], { holes: [1, , 3] }]) {
      expect(plainSerialize(value)).toBeNull();
      expect(keptTransformer.serialize(value)).toEqual(superjson.serialize(value));
    }
    expect(plainSerialize('text')).toBeNull();
    const at = new Date('2026-11-26T09:00:00Z');
    const twice = { end_time: at, completion_time: at };
    expect(keptTransformer.deserialize(keptTransformer.serialize(twice))).toEqual(twice);
  });
});

import superjson from 'superjson';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCatalogue, toClientGameData } from '@brood/game-data';
import { keepSerialized, keptTransformer } from './kept-serialization';

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
});

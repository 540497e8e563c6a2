import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadCatalogue } from '@brood/game-data';
import { territoryEconomy } from '../economy/production';
import { nextLevelGains } from './level-gain';

const catalogue = loadCatalogue();
const producers = Object.entries(catalogue.structures).filter(([, d]) => d.production).map(([k]) => k);

describe('nextLevelGains', () => {
  it('a producer gains exactly the difference of the territory production the server computes, and it is positive', () => {
    fc.assert(fc.property(fc.constantFrom(...producers), fc.integer({ min: 0, max: 20 }), (key, level) => {
      const resource = catalogue.structures[key]!.production!.resource;
      const gains = nextLevelGains(catalogue, 'structure', key, level, { structures: { [key]: level }, technologies: {} });
      const before = territoryEconomy(catalogue, { [key]: level }, {}).production[resource] ?? 0;
      const after = territoryEconomy(catalogue, { [key]: level + 1 }, {}).production[resource] ?? 0;
      const gain = gains.find((g) => g.kind === 'production' && g.resource === resource);
      expect(gain).toBeDefined();
      expect(gain!.kind === 'production' && gain!.perHour).toBeCloseTo(after - before, 6);
      expect(after - before).toBeGreaterThan(0);
    }));
  });

  it('a storage structure names the storage it grows, by the effect formula', () => {
    const [key, def] = Object.entries(catalogue.structures).find(([, d]) => d.effects.some((e) => e.effect === 'storage.fiber'))!;
    const gains = nextLevelGains(catalogue, 'structure', key, 2, { structures: { [key]: 2 }, technologies: {} });
    const e = def.effects.find((x) => x.effect === 'storage.fiber')!;
    const expected = e.per_level * 3 * (e.growth ?? 1) ** 3 - e.per_level * 2 * (e.growth ?? 1) ** 2;
    expect(gains).toContainEqual({ kind: 'effect', effect: 'storage.fiber', gain: expected });
  });

  it('an unknown key gains nothing', () => {
    expect(nextLevelGains(catalogue, 'technology', 'no_such_thing', 1, { structures: {}, technologies: {} })).toEqual([]);
  });
});

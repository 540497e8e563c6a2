import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { alliedSlotNeeds, effectSources, researchChain } from './effect-sources';

const catalogue = loadCatalogue();

describe('what gives an effect', () => {
  it('names the structure that gives allied fleet slots, what it needs, and the research chain in order', () => {
    expect(alliedSlotNeeds(catalogue)).toBe(
      'Each level of Kin Beacon there gives one slot; Kin Beacon needs Swarm Synapse 1 and Kinship Bonds 1 (research: Pheromone Signalling 1, then Kinship Bonds 1).',
    );
  });

  it('lists every technology before the technologies that need it', () => {
    for (const def of Object.values(catalogue.structures)) {
      const chain = researchChain(catalogue, def.prerequisites).map((t) => t.key);
      chain.forEach((key, i) => {
        for (const before of Object.keys(catalogue.technologies[key]!.prerequisites.technologies)) expect(chain.indexOf(before)).toBeLessThan(i);
      });
    }
  });

  it('finds exactly the structures with the effect', () => {
    const keys = effectSources(catalogue, 'storage.ossian').map((s) => s.key);
    const expected = Object.entries(catalogue.structures).filter(([, d]) => d.effects.some((e) => e.effect === 'storage.ossian')).map(([k]) => k);
    expect(keys).toEqual(expected);
    expect(keys.length).toBeGreaterThan(0);
  });
});

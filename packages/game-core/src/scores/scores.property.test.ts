import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadCatalogue } from '@brood/game-data';
import { scoreBreakdown, scorePoints } from './scores';
import { addResources } from '../economy/resources';
import { cumulativeCost } from '../economy/cost';

const catalogue = loadCatalogue();
const levelsOf = (keys: string[], max: number) => fc.dictionary(fc.constantFrom(...keys), fc.integer({ min: 0, max }));

describe('score properties', () => {
  it('the total is the sum of the four categories, each never negative', () => {
    const owned = fc.record({
      territories: fc.array(levelsOf(Object.keys(catalogue.structures), 25), { maxLength: 4 }),
      technologies: levelsOf(Object.keys(catalogue.technologies), 20),
      units: levelsOf(Object.keys(catalogue.units), 1e6),
      defenses: levelsOf(Object.keys(catalogue.defenses), 1e5),
    });
    fc.assert(fc.property(owned, (o) => {
      const s = scoreBreakdown(catalogue, o);
      for (const v of [s.building_score, s.research_score, s.unit_score, s.defense_score]) expect(v).toBeGreaterThanOrEqual(0);
      expect(s.total_score).toBeCloseTo(s.building_score + s.research_score + s.unit_score + s.defense_score, 6);
    }), { numRuns: 100 });
  });

  it('points add up: building two levels scores as their costs together', () => {
    fc.assert(fc.property(fc.constantFrom(...Object.keys(catalogue.structures)), fc.integer({ min: 1, max: 20 }), (key, level) => {
      const def = catalogue.structures[key]!;
      const s = scoreBreakdown(catalogue, { territories: [{ [key]: level }, { [key]: level }], technologies: {}, units: {}, defenses: {} });
      const cost = cumulativeCost(def, level);
      expect(s.building_score).toBeCloseTo(scorePoints(catalogue, addResources(cost, cost)), 6);
    }), { numRuns: 100 });
  });
});

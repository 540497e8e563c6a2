import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { scoreBreakdown, scorePoints } from './scores';

const catalogue = loadCatalogue();

describe('scores', () => {
  it('points are resources / 1000 weighted by tier', () => {
    expect(scorePoints(catalogue, { fiber: 1000, resin: 1000, isotope: 2000 })).toBe(1 + 1.5 + 10);
  });

  it('count every level built, every unit and defense owned', () => {
    const s = scoreBreakdown(catalogue, {
      territories: [{ fiber_tangle: 2 }, { fiber_tangle: 1 }],
      technologies: {},
      units: { razorwing: 2 },
      defenses: { thorn_pit: 1 },
    });
    expect(s.building_score).toBeCloseTo((60 + 15 + 90 + 22 + 60 + 15) / 1000);
    expect(s.unit_score).toBeCloseTo((2 * (600 + 300 + 100)) / 1000);
    expect(s.defense_score).toBeCloseTo(2);
    expect(s.total_score).toBeCloseTo(s.building_score + s.unit_score + s.defense_score);
  });
});

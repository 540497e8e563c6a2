import { describe, expect, it } from 'vitest';
import { scoreBreakdown } from '@brood/game-core';
import { loadCatalogue } from '@brood/game-data';
import { SEED, seededArmy } from './seed';

describe("the universe bench's seeded players", () => {
  it('own armies whose scores differ as a real universe’s do (no 50,000-way tie), all past newcomer protection of one another', () => {
    const catalogue = loadCatalogue();
    const technologies = Object.fromEntries(SEED.technologies.map((t) => [t, 1]));
    const totals = new Map<number, number>();
    for (let k = 0; k < 50_000; k += 1) {
      const { units, defenses } = seededArmy(k);
      const total = scoreBreakdown(catalogue, { territories: [SEED.structures], technologies, units, defenses }).total_score;
      totals.set(total, (totals.get(total) ?? 0) + 1);
    }
    // A hundred tied players are counted in a moment; 50,000 were counted one by one on every own-rank read.
    expect(Math.max(...totals.values())).toBeLessThanOrEqual(100);
    const scores = [...totals.keys()];
    const [low, high] = [Math.min(...scores), Math.max(...scores)];
    const tiers = catalogue.universe.fair_play.protection_tiers;
    // Protection shields a player under a tier's points from one with more than ratio times theirs.
    for (const tier of tiers) expect(low >= tier.below_points || high <= low * tier.ratio).toBe(true);
    expect(high).toBeLessThan(2 * low);
  });
});

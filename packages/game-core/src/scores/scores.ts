import type { Catalogue, ResourceKey } from '@brood/game-data';
import type { Counts, Levels, Resources } from '../types';
import { cumulativeCost } from '../economy/cost';

/** Points of spent resources: sum of amount x tier weight, divided by the divisor (1000). */
export function scorePoints(catalogue: Catalogue, spent: Resources): number {
  const { divisor, tier_weights } = catalogue.universe.score;
  let sum = 0;
  for (const [key, amount] of Object.entries(spent) as [ResourceKey, number][]) {
    const tier = catalogue.resources[key]?.tier ?? 1;
    sum += amount * (tier_weights[tier - 1] ?? 1);
  }
  return sum / divisor;
}

export interface ScoreBreakdown {
  readonly building_score: number;
  readonly research_score: number;
  readonly unit_score: number;
  readonly defense_score: number;
  readonly total_score: number;
}

/**
 * A player's scores from what they own: structures (levels 1..n of every territory), technologies,
 * units (home and flying) and defenses; total is the sum of the four.
 */
export function scoreBreakdown(
  catalogue: Catalogue,
  owned: { readonly territories: readonly Levels[]; readonly technologies: Levels; readonly units: Counts; readonly defenses: Counts },
): ScoreBreakdown {
  let building_score = 0;
  for (const structures of owned.territories) {
    for (const [key, level] of Object.entries(structures)) {
      const def = catalogue.structures[key];
      if (def && level > 0) building_score += scorePoints(catalogue, cumulativeCost(def, level));
    }
  }
  let research_score = 0;
  for (const [key, level] of Object.entries(owned.technologies)) {
    const def = catalogue.technologies[key];
    if (def && level > 0) research_score += scorePoints(catalogue, cumulativeCost(def, level));
  }
  const stackPoints = (counts: Counts, defs: Catalogue['units'] | Catalogue['defenses']) => {
    let sum = 0;
    for (const [key, n] of Object.entries(counts)) {
      const def = defs[key];
      if (def && n > 0) sum += n * scorePoints(catalogue, def.cost);
    }
    return sum;
  };
  const unit_score = stackPoints(owned.units, catalogue.units);
  const defense_score = stackPoints(owned.defenses, catalogue.defenses);
  return { building_score, research_score, unit_score, defense_score, total_score: building_score + research_score + unit_score + defense_score };
}

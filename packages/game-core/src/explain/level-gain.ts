import { effectAtLevel, RESOURCE_KEYS } from '@brood/game-data';
import type { Catalogue } from '@brood/game-data';
import type { Levels } from '../types';
import { aggregateEffects } from '../economy/effects';
import { productionPerHour } from '../economy/production';

/** What one more level changes: a resource's output per hour, or another effect's total. */
export type LevelGain =
  | { readonly kind: 'production'; readonly resource: string; readonly perHour: number }
  | { readonly kind: 'effect'; readonly effect: string; readonly gain: number };

export interface GainInput {
  readonly structures: Levels;
  readonly technologies: Levels;
  readonly otherTerritories?: readonly Levels[];
}

/**
 * The gain of taking a structure or technology from `level` to `level + 1` in one territory, by the
 * server's own formulas: the territory's gross production per hour before and after (so a producer's
 * growth and every production bonus count), and every other effect's per-level value before and after.
 */
export function nextLevelGains(catalogue: Catalogue, kind: 'structure' | 'technology', key: string, level: number, input: GainInput): LevelGain[] {
  const def = kind === 'structure' ? catalogue.structures[key] : catalogue.technologies[key];
  if (!def) return [];
  const at = (l: number) => {
    const structures = kind === 'structure' ? { ...input.structures, [key]: l } : input.structures;
    const technologies = kind === 'technology' ? { ...input.technologies, [key]: l } : input.technologies;
    return productionPerHour(catalogue, structures, aggregateEffects(catalogue, { structures, technologies, otherTerritories: input.otherTerritories ?? [] }));
  };
  const before = at(level);
  const after = at(level + 1);
  const gains: LevelGain[] = [];
  for (const resource of RESOURCE_KEYS) {
    const perHour = (after[resource] ?? 0) - (before[resource] ?? 0);
    if (perHour > 1e-9) gains.push({ kind: 'production', resource, perHour });
  }
  for (const e of def.effects) {
    if (e.effect.startsWith('production.')) continue;
    const gain = effectAtLevel(e, level + 1) - effectAtLevel(e, level);
    if (gain !== 0) gains.push({ kind: 'effect', effect: e.effect, gain });
  }
  return gains;
}

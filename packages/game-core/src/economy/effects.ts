import { effectAtLevel } from '@brood/game-data';
import type { Catalogue, Effect, EffectScope } from '@brood/game-data';
import type { Effects, Levels } from '../types';

export interface EffectContribution {
  readonly effect: string;
  readonly value: number;
  readonly scope: EffectScope;
  readonly source_kind: 'structure' | 'technology' | 'base';
  readonly source_key: string;
  readonly source_name: string;
  readonly level: number;
}

interface LevelsInput {
  readonly structures?: Levels;
  readonly technologies?: Levels;
}

/** Every non-zero effect the given structures and technologies give, one entry per source and effect. */
export function effectContributions(catalogue: Catalogue, input: LevelsInput): EffectContribution[] {
  const out: EffectContribution[] = [];
  const add = (kind: 'structure' | 'technology', key: string, name: string, level: number, effects: readonly Effect[]) => {
    for (const e of effects) {
      const value = effectAtLevel(e, level);
      if (value !== 0) out.push({ effect: e.effect, value, scope: e.scope, source_kind: kind, source_key: key, source_name: name, level });
    }
  };
  for (const [key, level] of Object.entries(input.structures ?? {})) {
    const def = catalogue.structures[key];
    if (def && level > 0) add('structure', key, def.name, level, def.effects);
  }
  for (const [key, level] of Object.entries(input.technologies ?? {})) {
    const def = catalogue.technologies[key];
    if (def && level > 0) add('technology', key, def.name, level, def.effects);
  }
  return out;
}

/** Sums of the effects of one scope (or all), without the universe's base values. */
export function effectsOf(catalogue: Catalogue, input: LevelsInput, scope: EffectScope | 'all'): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of effectContributions(catalogue, input)) {
    if (scope === 'all' || c.scope === scope) out[c.effect] = (out[c.effect] ?? 0) + c.value;
  }
  return out;
}

/** The universe's starting value of every effect (base_effects plus max_exploration_duration_hours). */
export function baseEffects(catalogue: Catalogue): Record<string, number> {
  return { max_exploration_duration_hours: catalogue.universe.max_exploration_duration_hours, ...catalogue.universe.base_effects };
}

/**
 * The effect totals that apply in one territory: the universe's base values, plus every effect of
 * this territory's structures, plus every technology effect, plus the player-scope effects of the
 * structures in the player's other territories (`otherTerritories`, this one excluded).
 */
export function aggregateEffects(
  catalogue: Catalogue,
  input: { readonly structures: Levels; readonly technologies: Levels; readonly otherTerritories?: readonly Levels[] },
): Effects {
  const out = baseEffects(catalogue);
  const add = (sums: Record<string, number>) => {
    for (const [k, v] of Object.entries(sums)) out[k] = (out[k] ?? 0) + v;
  };
  add(effectsOf(catalogue, { structures: input.structures, technologies: input.technologies }, 'all'));
  for (const structures of input.otherTerritories ?? []) add(effectsOf(catalogue, { structures }, 'player'));
  return out;
}

/** 1 + total/100 of a percent effect, e.g. the attack multiplier from unit_attack_pct. */
export function percentMultiplier(effects: Effects, key: string): number {
  return Math.max(0, 1 + (effects[key] ?? 0) / 100);
}

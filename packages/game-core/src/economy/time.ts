import { baseTimeAtLevel } from '@brood/game-data';
import type { Catalogue, StructureDef, TechnologyDef, UnitDef, DefenseDef } from '@brood/game-data';
import type { Effects, Levels } from '../types';
import { effectsOf } from './effects';

/** 1 + total/100 of a percent effect: the divisor a speed effect puts on durations. */
export function speedModifier(effects: Effects, key: string): number {
  return Math.max(0.01, 1 + (effects[key] ?? 0) / 100);
}

function levelTime(def: { readonly time_base_s: number; readonly time_factor: number }, level: number, modifier: number, universeSpeed: number): number {
  return Math.max(1, Math.floor(baseTimeAtLevel(def, level) / modifier / universeSpeed));
}

/** Seconds to build a structure to `level`: floor(base x factor^level / construction modifier / universe speed), at least 1. */
export function structureTime(def: StructureDef, level: number, constructionModifier = 1, universeSpeed = 1): number {
  return levelTime(def, level, constructionModifier, universeSpeed);
}

/** Seconds to research a technology to `level`, with the research speed modifier (see researchSpeedModifier). */
export function researchTime(def: TechnologyDef, level: number, researchModifier = 1, universeSpeed = 1): number {
  return levelTime(def, level, researchModifier, universeSpeed);
}

/**
 * The spec's research speed modifier: the global value (player-scope research_speed) when there is
 * one, else the highest lab modifier among the given territories (territory-scope research_speed), else 1.
 */
export function researchSpeedModifier(catalogue: Catalogue, technologies: Levels, territories: readonly Levels[]): number {
  const global = territories.reduce(
    (sum, structures) => sum + (effectsOf(catalogue, { structures, technologies: {} }, 'player').research_speed ?? 0),
    effectsOf(catalogue, { structures: {}, technologies }, 'all').research_speed ?? 0,
  );
  if (global > 0) return 1 + global / 100;
  let best = 1;
  for (const structures of territories) {
    const lab = effectsOf(catalogue, { structures, technologies: {} }, 'territory').research_speed ?? 0;
    best = Math.max(best, 1 + lab / 100);
  }
  return best;
}

/**
 * Seconds per unit or defense of a batch: floor(build_time_s / (modifier x universe speed x
 * starvation factor)), at least 1. Pass the universe's starving_production_factor when starving.
 */
export function unitTime(def: UnitDef | DefenseDef, modifier = 1, universeSpeed = 1, starvationFactor = 1): number {
  return Math.max(1, Math.floor(def.build_time_s / (modifier * universeSpeed * starvationFactor)));
}

import {
  canAfford,
  checkPrerequisites,
  costAtLevel,
  effectiveLevel,
  nextLevelGains,
  researchTime,
  speedModifier,
  structureTime,
  type Effects,
  type LevelGain,
  type UnmetPrerequisite,
} from '@brood/game-core';
import type { Catalogue, StructureDef, TechnologyDef } from '@brood/game-data';
import { levelledButtonState, type LevelledButtonState } from './levelled-button';

/**
 * What a structure or technology card shows, from the same game-core rules the server applies when
 * the button is pressed: next level = effective + 1, its cost and time, prerequisites, affordability.
 */
export interface LevelledModel {
  key: string;
  tier: number;
  built: number;
  button: LevelledButtonState;
  cost: Partial<Record<string, number>> | null;
  seconds: number | null;
  unmet: readonly UnmetPrerequisite[];
  /** What the next level adds (production per hour, effects), by the server's formulas; empty at max. */
  gains: readonly LevelGain[];
}

interface Common {
  catalogue: Catalogue;
  technologies: Readonly<Record<string, number>>;
  /** Paying territory's stock (null: no territory selected). */
  stock: Readonly<Record<string, number>> | null;
  queuedTargets: readonly number[];
  queueFull: boolean;
}

export function structureModel(
  key: string,
  def: StructureDef,
  input: Common & { structures: Readonly<Record<string, number>>; effects: Effects | null },
): LevelledModel {
  const built = input.structures[key] ?? 0;
  const next = effectiveLevel(built, input.queuedTargets) + 1;
  const cost = costAtLevel(def, next);
  const seconds = structureTime(
    def,
    next,
    speedModifier(input.effects ?? {}, 'construction_speed'),
    input.catalogue.universe.universe_speed_factor,
  );
  const check = checkPrerequisites(input.catalogue, def.prerequisites, { structures: input.structures, technologies: input.technologies });
  const affordable = input.stock !== null && canAfford(input.stock, cost);
  const button = levelledButtonState({
    kind: 'structure',
    built,
    queuedTargets: input.queuedTargets,
    max: def.max_level_per_territory,
    prerequisitesMet: check.met,
    queueFull: input.queueFull,
    affordable,
  });
  const maxed = button.reason === 'max' || button.reason === 'queued-max';
  const gains = maxed ? [] : nextLevelGains(input.catalogue, 'structure', key, next - 1, { structures: input.structures, technologies: input.technologies });
  return { key, tier: def.tier, built, button, cost: maxed ? null : cost, seconds: maxed ? null : seconds, unmet: maxed ? [] : check.unmet, gains };
}

export function technologyModel(
  key: string,
  def: TechnologyDef,
  input: Common & { structures: Readonly<Record<string, number>> | null; researchModifier: number },
): LevelledModel {
  const built = input.technologies[key] ?? 0;
  const next = effectiveLevel(built, input.queuedTargets) + 1;
  const cost = costAtLevel(def, next);
  const seconds = researchTime(def, next, input.researchModifier, input.catalogue.universe.universe_speed_factor);
  const check = checkPrerequisites(input.catalogue, def.prerequisites, { structures: input.structures, technologies: input.technologies });
  const hasCost = Object.values(cost).some((v) => (v ?? 0) > 0);
  const missingPayer = hasCost && input.stock === null;
  const affordable = !hasCost || (input.stock !== null && canAfford(input.stock, cost));
  const button = levelledButtonState({
    kind: 'technology',
    built,
    queuedTargets: input.queuedTargets,
    max: def.max_level,
    prerequisitesMet: check.met,
    queueFull: input.queueFull,
    affordable,
    missingPayer,
  });
  const maxed = button.reason === 'max' || button.reason === 'queued-max';
  const gains = maxed ? [] : nextLevelGains(input.catalogue, 'technology', key, next - 1, { structures: input.structures ?? {}, technologies: input.technologies });
  return { key, tier: def.tier, built, button, cost: maxed ? null : cost, seconds: maxed ? null : seconds, unmet: maxed ? [] : check.unmet, gains };
}

/** Target levels of one item in a queue. */
export function queuedTargetsOf<K extends string>(items: readonly ({ [P in K]: string } & { target_level: number })[] | undefined, field: K, key: string): number[] {
  return (items ?? []).filter((item) => item[field] === key).map((item) => item.target_level);
}

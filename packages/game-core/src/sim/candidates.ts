import type { Catalogue, Prerequisites, ResourceAmounts } from '@brood/game-data';
import { costAtLevel } from '../economy/cost';
import { isMaxLevel, nextLevel } from '../economy/levels';
import { checkPrerequisites } from '../economy/prerequisites';
import { defenseAllowance } from '../economy/afford';
import type { Levels } from '../types';

/** The four queues of the rules: a territory's build, recruitment and defense queues, the player's research queue. */
export type SimQueue = 'build' | 'research' | 'recruitment' | 'defense';
export type SimKind = 'structure' | 'technology' | 'unit' | 'defense';

export const QUEUE_OF: Readonly<Record<SimKind, SimQueue>> = { structure: 'build', technology: 'research', unit: 'recruitment', defense: 'defense' };

/** One queued item of the simulation: a level (structures, technologies) or a single unit or defense. */
export interface SimItem {
  readonly kind: SimKind;
  readonly key: string;
  /** target level; 1 for a unit or defense */
  readonly level: number;
  /** seconds since the territory was founded */
  readonly start: number;
  readonly end: number;
}

/** What the simulated player owns at a moment. */
export interface SimHoldings {
  readonly structures: Levels;
  readonly technologies: Levels;
  readonly units: Levels;
  readonly defenses: Levels;
  /** items not delivered yet, per queue, in order */
  readonly queues: Readonly<Record<SimQueue, readonly SimItem[]>>;
}

/** Something the player could start next: its cost, and whether its prerequisites are met now. */
export interface Candidate {
  readonly kind: SimKind;
  readonly key: string;
  readonly name: string;
  readonly level: number;
  readonly cost: ResourceAmounts;
  readonly met: boolean;
  /** false for one more of a unit or defense the player already has: affordable, but the greedy player skips it */
  readonly useful: boolean;
}

const queuedTargets = (h: SimHoldings, kind: SimKind, key: string): number[] =>
  h.queues[QUEUE_OF[kind]].filter((i) => i.kind === kind && i.key === key).map((i) => i.level);

/**
 * Everything a player could start next: the next level of every structure and technology below its
 * max, and one more of every recruitable unit and of every defense its maximum allows. Useful (what
 * the greedy player starts) are the levels and the first unit or defense of each type: a player who
 * hatched one of a kind spends on growth, not on copies, but a copy still counts as something to do.
 */
export function candidates(catalogue: Catalogue, h: SimHoldings): Candidate[] {
  const out: Candidate[] = [];
  const met = (p: Prerequisites) => checkPrerequisites(catalogue, p, { structures: h.structures, technologies: h.technologies }).met;
  const levelled = (kind: 'structure' | 'technology', key: string, def: { name: string; prerequisites: Prerequisites; cost_base: ResourceAmounts; cost_factor: number }, built: number, max: number) => {
    const level = nextLevel(built, queuedTargets(h, kind, key));
    if (isMaxLevel(level - 1, max)) return;
    out.push({ kind, key, name: def.name, level, cost: costAtLevel(def, level), met: met(def.prerequisites), useful: true });
  };
  for (const [key, def] of Object.entries(catalogue.structures)) levelled('structure', key, def, h.structures[key] ?? 0, def.max_level_per_territory);
  for (const [key, def] of Object.entries(catalogue.technologies)) levelled('technology', key, def, h.technologies[key] ?? 0, def.max_level);
  for (const [key, def] of Object.entries(catalogue.units)) {
    if (!def.recruitable) continue;
    const had = (h.units[key] ?? 0) + queuedTargets(h, 'unit', key).length;
    out.push({ kind: 'unit', key, name: def.name, level: 1, cost: def.cost, met: met(def.prerequisites), useful: had === 0 });
  }
  for (const [key, def] of Object.entries(catalogue.defenses)) {
    const had = (h.defenses[key] ?? 0) + queuedTargets(h, 'defense', key).length;
    if (defenseAllowance(def.max_count_per_territory, had, 0) < 1) continue;
    out.push({ kind: 'defense', key, name: def.name, level: 1, cost: def.cost, met: met(def.prerequisites), useful: had === 0 });
  }
  return out;
}

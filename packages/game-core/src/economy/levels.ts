import { levelCap } from '@brood/game-data';

/** The larger of the built (or researched) level and the highest queued target level. */
export function effectiveLevel(built: number, queuedTargets: readonly number[] = []): number {
  return Math.max(built, ...queuedTargets);
}

/** The level the next queue item would reach: effective level + 1. */
export function nextLevel(built: number, queuedTargets: readonly number[] = []): number {
  return effectiveLevel(built, queuedTargets) + 1;
}

/** The highest reachable level: a max of 0 counts as 1 (a single build). */
export function maxLevel(max: number): number {
  return levelCap(max);
}

/** True when the effective level has reached the max (a max of 0 counts as 1). */
export function isMaxLevel(level: number, max: number): boolean {
  return level >= levelCap(max);
}

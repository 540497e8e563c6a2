import type { BattleOdds } from '@brood/game-core';
import { armySummary, type DispatchContext } from '../dispatch-model';

/** Statistics the simulator shows, pure so they are tested without rendering. */

/** Shares of the runs each outcome took (0..1 each; all 0 when no run counted). */
export function outcomeShares(odds: Pick<BattleOdds, 'outcomes'>): { attacker: number; draw: number; defender: number } {
  const { attacker_wins, draws, defender_wins } = odds.outcomes;
  const runs = attacker_wins + draws + defender_wins;
  if (runs === 0) return { attacker: 0, draw: 0, defender: 0 };
  return { attacker: attacker_wins / runs, draw: draws / runs, defender: defender_wins / runs };
}

/**
 * The attack's flight from the start territory: one-way time (or the dispatch form's placeholder
 * when it cannot fly) and the biomass paid at launch, by the same rules the dispatch form and the
 * server apply.
 */
export function attackFlight(units: Record<string, number>, target: readonly [number, number, number] | null, ctx: DispatchContext): { eta: number | string; biomass: number | null } {
  const [r, s, p] = target ? target.map(String) : ['', '', ''];
  const summary = armySummary({ r: r!, s: s!, p: p!, mission: 'ATTACK', units, resources: {}, explorationHours: '0' }, ctx);
  return { eta: summary.eta, biomass: summary.biomass };
}

/** A fresh seed for a new simulation: short, readable, shareable. */
export function newSeed(random: () => number = Math.random): string {
  return Math.floor(random() * 36 ** 6).toString(36).padStart(6, '0');
}

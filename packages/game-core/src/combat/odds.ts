import type { Catalogue, ResourceKey } from '@brood/game-data';
import { createRng } from '../rng';
import { scorePoints } from '../scores/scores';
import type { Resources } from '../types';
import { resolveBattle } from './battle';
import type { BattleInput, BattleRole, CombatReport } from './types';

/** Mean, standard deviation (population), least and most of one figure over the runs. */
export interface Spread {
  readonly mean: number;
  readonly sd: number;
  readonly min: number;
  readonly max: number;
}

export interface SideOdds {
  /** tier-weighted value (as destroyed_value) of the side's units and defenses lost for good */
  readonly lost_value: Spread;
  /** units and defenses lost for good, by type over all of the side's participants */
  readonly lost: Readonly<Record<string, Spread>>;
}

export interface BattleOdds {
  readonly seed: string;
  readonly runs: number;
  /** how many runs ended VICTORY_ATTACKER, DRAW, VICTORY_DEFENDER (ERROR runs count nowhere) */
  readonly outcomes: { readonly attacker_wins: number; readonly draws: number; readonly defender_wins: number };
  readonly attackers: SideOdds;
  readonly defenders: SideOdds;
  readonly rounds: Spread;
  /** mean amounts by resource (floored) and the spread of their totals */
  readonly plunder: { readonly mean: Resources; readonly total: Spread };
  readonly wreckage: { readonly mean: Resources; readonly total: Spread };
  readonly instant_salvage: { readonly mean: Resources; readonly total: Spread };
  /** SALVAGE units of each type (at the first attacker's cargo_pct) that carry the mean wreckage left at the target */
  readonly salvage_units_needed: Readonly<Record<string, number>>;
  /** the run whose attackers' lost value is the median (ties by run number): a typical battle to watch */
  readonly typical_run: number;
  readonly typical: CombatReport;
  readonly error?: string;
}

/** The seed of run `i` of a series: every run is one resolveBattle with its own seed. */
export const runSeed = (seed: string, i: number): string => `${seed}#${i}`;

const r2 = (x: number) => Math.round(x * 100) / 100;

function spread(values: readonly number[]): Spread {
  if (values.length === 0) return { mean: 0, sd: 0, min: 0, max: 0 };
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const mean = sum / values.length;
  let sq = 0;
  for (const v of values) sq += (v - mean) * (v - mean);
  return { mean: r2(mean), sd: r2(Math.sqrt(sq / values.length)), min: r2(min), max: r2(max) };
}

const total = (r: Resources) => Object.values(r).reduce((a, b) => a + (b ?? 0), 0);

function meanResources(list: readonly Resources[], order: readonly ResourceKey[]): Resources {
  const out: Resources = {};
  for (const key of order) {
    let sum = 0;
    for (const r of list) sum += r[key] ?? 0;
    const mean = Math.floor(sum / Math.max(1, list.length));
    if (mean > 0) out[key] = mean;
  }
  return out;
}

/** Value of one unit or defense, as the engine weighs destroyed value. */
function unitValue(catalogue: Catalogue, key: string): number {
  const def = catalogue.units[key] ?? catalogue.defenses[key];
  return def ? scorePoints(catalogue, def.cost) * catalogue.universe.score.divisor : 0;
}

/** One side's losses in one report: value and counts by type. */
function sideLosses(catalogue: Catalogue, report: CombatReport, role: BattleRole): { value: number; byType: Map<string, number> } {
  const byType = new Map<string, number>();
  let value = 0;
  for (const p of report.participant_results) {
    if (p.role !== role) continue;
    for (const { unit_key, lost } of p.losses_total) {
      byType.set(unit_key, (byType.get(unit_key) ?? 0) + lost);
      value += lost * unitValue(catalogue, unit_key);
    }
  }
  return { value, byType };
}

function sideOdds(runs: readonly { value: number; byType: Map<string, number> }[]): SideOdds {
  const keys = [...new Set(runs.flatMap((r) => [...r.byType.keys()]))].sort();
  return {
    lost_value: spread(runs.map((r) => r.value)),
    lost: Object.fromEntries(keys.map((k) => [k, spread(runs.map((r) => r.byType.get(k) ?? 0))])),
  };
}

/** How many units of each SALVAGE type carry `amount` at the given cargo bonus (percent). */
export function salvageUnitsNeeded(catalogue: Catalogue, amount: number, cargoPct = 0): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of Object.keys(catalogue.units).sort()) {
    const def = catalogue.units[key]!;
    const cargo = def.stats.cargo_capacity * Math.max(0, 1 + cargoPct / 100);
    if (def.capabilities.includes('SALVAGE') && cargo > 0) out[key] = amount > 0 ? Math.ceil(amount / cargo) : 0;
  }
  return out;
}

/**
 * The odds of a battle: `runs` resolveBattle calls, run i seeded `seed#i`, summed up (outcome shares,
 * losses per side with their spread, plunder, wreckage, insta-salvage, rounds) plus the typical run's
 * full report. Pure and deterministic: the same input, runs and seed give the same answer anywhere.
 */
export function battleOdds(input: BattleInput, runs: number, seed: string): BattleOdds {
  const { catalogue } = input;
  const n = Math.max(1, Math.floor(runs));
  const outcomes = { attacker_wins: 0, draws: 0, defender_wins: 0 };
  const attackers: { value: number; byType: Map<string, number> }[] = [];
  const defenders: { value: number; byType: Map<string, number> }[] = [];
  const rounds: number[] = [];
  const plunder: Resources[] = [];
  const wreckage: Resources[] = [];
  const salvage: Resources[] = [];
  let error: string | undefined;
  for (let i = 0; i < n; i++) {
    const report = resolveBattle(input, createRng(runSeed(seed, i)));
    if (report.outcome === 'ERROR') {
      error = report.error;
      break;
    }
    if (report.outcome === 'VICTORY_ATTACKER') outcomes.attacker_wins++;
    else if (report.outcome === 'VICTORY_DEFENDER') outcomes.defender_wins++;
    else outcomes.draws++;
    attackers.push(sideLosses(catalogue, report, 'ATTACKER'));
    defenders.push(sideLosses(catalogue, report, 'DEFENDER'));
    rounds.push(report.rounds_fought);
    plunder.push(report.plunder.resources);
    wreckage.push(report.wreckage.resources);
    salvage.push(report.instant_salvage_resources);
  }
  const order = catalogue.orderedResourceKeys;
  const byValue = attackers.map((a, i) => [a.value, i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const typical_run = byValue[Math.floor((byValue.length - 1) / 2)]?.[1] ?? 0;
  const meanWreckage = meanResources(wreckage, order);
  const cargoPct = input.participants.find((p) => p.role === 'ATTACKER')?.effects?.cargo_pct ?? 0;
  return {
    seed,
    runs: error ? 0 : n,
    outcomes,
    attackers: sideOdds(attackers),
    defenders: sideOdds(defenders),
    rounds: spread(rounds),
    plunder: { mean: meanResources(plunder, order), total: spread(plunder.map(total)) },
    wreckage: { mean: meanWreckage, total: spread(wreckage.map(total)) },
    instant_salvage: { mean: meanResources(salvage, order), total: spread(salvage.map(total)) },
    salvage_units_needed: salvageUnitsNeeded(catalogue, total(meanWreckage), cargoPct),
    typical_run,
    typical: resolveBattle(input, createRng(runSeed(seed, typical_run))),
    ...(error ? { error } : {}),
  };
}

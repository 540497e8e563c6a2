import type { Rng } from '../rng';
import type { Effects, Resources } from '../types';
import { toCoordsTuple } from '../types';
import { addResources, subtractResources, totalResources } from '../economy/resources';
import { baseEffects } from '../economy/effects';
import { buildStacks, hideInBunker, invalidReason, mainDefenderIndex, SIDE_OF, survivorsOf, targetingMatrix } from './stacks';
import type { Stack } from './stacks';
import { fightRound } from './round';
import type { RoundContext, RoundTotals } from './round';
import { cargoRooms, instantSalvage, plunder, recover, wreckageOf } from './aftermath';
import type { BattleInput, BattleOutcome, CombatReport, ParticipantResult, RoundDetail, UnitLoss } from './types';

const r2 = (x: number) => Math.round(x * 100) / 100;

/** The spec's round display: 0 is 'K', negative numbers 'FS n', positive ones as they are. */
export function roundLabel(round: number): string {
  return round === 0 ? 'K' : round < 0 ? `FS ${-round}` : String(round);
}

function countsBy(stacks: readonly Stack[], participant: number, value: (s: Stack) => number, filter: (s: Stack) => boolean = () => true): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of stacks) {
    if (s.participant !== participant || !filter(s)) continue;
    const v = value(s);
    if (v > 0) out[s.key] = v;
  }
  return out;
}

const lossList = (counts: Record<string, number>): UnitLoss[] => Object.entries(counts).map(([unit_key, lost]) => ({ unit_key, lost }));

function coordsOf(c: BattleInput['participants'][number]['origin_coords']): [number, number, number] | null {
  return c ? toCoordsTuple(c) : null;
}

/** The fight itself: first strike, kamikaze, then the main rounds while both sides stand. */
function fight(input: BattleInput, stacks: Stack[], ctx: RoundContext): { rounds: RoundDetail[]; totals: RoundTotals[][] } {
  const rounds: RoundDetail[] = [];
  const totalsByRound: RoundTotals[][] = [];
  const stands = (side: 0 | 1) => stacks.some((s) => s.side === side && s.alive > 0);
  const play = (round: number, fires: (s: Stack) => boolean, after?: () => void) => {
    const atStart = input.participants.map((_, i) => countsBy(stacks, i, (s) => s.alive));
    const totals = fightRound(stacks, ctx, round, fires);
    after?.();
    totalsByRound.push(totals);
    rounds.push(roundDetail(input, stacks, round, atStart, totals));
  };
  const firstStrike = Math.max(0, ...stacks.filter((s) => s.alive > 0).map((s) => s.firstStrike));
  for (let level = firstStrike; level >= 1 && stands(0) && stands(1); level--) play(-level, (s) => s.firstStrike >= level);
  if (stacks.some((s) => s.kamikaze && s.alive > 0) && stands(0) && stands(1)) {
    play(0, (s) => s.kamikaze, () => {
      for (const s of stacks) {
        if (!s.kamikaze || s.alive <= 0) continue;
        s.roundExpended = s.alive;
        s.expended += s.alive;
        s.alive = 0;
      }
    });
  }
  for (let round = 1; round <= ctx.combat.rounds && stands(0) && stands(1); round++) play(round, () => true);
  return { rounds, totals: totalsByRound };
}

function roundDetail(input: BattleInput, stacks: readonly Stack[], round: number, atStart: Record<string, number>[], totals: RoundTotals[]): RoundDetail {
  return {
    round_number: round,
    round_label: roundLabel(round),
    participant_results: input.participants.map((p, i) => {
      const t = totals[i]!;
      return {
        participant_index: i,
        role: p.role,
        username: p.username,
        is_stationed_ally: p.is_stationed_ally ?? false,
        units_at_start: atStart[i] ?? {},
        raw_damage_output: r2(t.raw),
        damage_dealt_effective: r2(t.dealt),
        damage_absorbed_defense: r2(t.absorbedDefense),
        damage_absorbed_bioshield: r2(t.absorbedShield),
        overkill: t.dealt + t.overkill > 0 ? r2(t.overkill / (t.dealt + t.overkill)) : 0,
        wounded: countsBy(stacks, i, (s) => s.roundWounded),
        losses: lossList(countsBy(stacks, i, (s) => s.roundKilled - s.roundWounded + s.roundExpended)),
      };
    }),
  };
}

function outcomeOf(stacks: readonly Stack[]): BattleOutcome {
  const a = stacks.some((s) => s.side === 0 && s.alive > 0);
  const d = stacks.some((s) => s.side === 1 && s.alive > 0);
  return a && !d ? 'VICTORY_ATTACKER' : d && !a ? 'VICTORY_DEFENDER' : 'DRAW';
}

function sumTotals(totalsByRound: readonly RoundTotals[][], i: number): RoundTotals {
  const sum: RoundTotals = { raw: 0, dealt: 0, absorbedDefense: 0, absorbedShield: 0, overkill: 0 };
  for (const round of totalsByRound) {
    const t = round[i]!;
    sum.raw += t.raw;
    sum.dealt += t.dealt;
    sum.absorbedDefense += t.absorbedDefense;
    sum.absorbedShield += t.absorbedShield;
    sum.overkill += t.overkill;
  }
  return sum;
}

const withoutZeros = (r: Resources): Resources =>
  Object.fromEntries(Object.entries(r).filter(([, v]) => v > 0)) as Resources;

/** One participant's line of the report: counts by type, damage totals, plunder and insta-salvage. */
function participantResult(input: BattleInput, stacks: readonly Stack[], t: RoundTotals, i: number, plunder: Resources, salvage: Resources): ParticipantResult {
  const p = input.participants[i]!;
  const origin = coordsOf(p.origin_coords);
  return {
    role: p.role, user_id: p.user_id, username: p.username, participant_index: i,
    is_stationed_ally: p.is_stationed_ally ?? false,
    origin_coords: origin,
    origin_coords_str: origin ? origin.join(':') : null,
    initial_units: countsBy(stacks, i, (s) => s.initial, (s) => !s.isDefense),
    initial_defenses: countsBy(stacks, i, (s) => s.initial, (s) => s.isDefense),
    losses_total: lossList(countsBy(stacks, i, (s) => s.initial - s.bunkered - survivorsOf(s))),
    wounded_total: countsBy(stacks, i, (s) => s.wounded),
    regenerated_units: countsBy(stacks, i, (s) => s.regenerated),
    repaired_defenses: countsBy(stacks, i, (s) => s.repaired),
    survivors: countsBy(stacks, i, survivorsOf),
    raw_damage_output_total: r2(t.raw),
    damage_dealt_total: r2(t.dealt),
    damage_absorbed_defense_total: r2(t.absorbedDefense),
    damage_absorbed_bioshield_total: r2(t.absorbedShield),
    overkill_damage_total: r2(t.overkill),
    units_saved_by_bunker: countsBy(stacks, i, (s) => s.bunkered),
    plunder,
    instant_salvage: salvage,
  };
}

function emptyReport(input: BattleInput, seed: string, outcome: BattleOutcome, error?: string): CombatReport {
  const target = toCoordsTuple(input.target.coords);
  return {
    outcome, participant_results: [], rounds_fought: 0, round_details: [],
    attacker_user_id: null, defender_user_id: null, attacker_origin_coords: null, attacker_origin_territory_name: null,
    defender_territory_coords: target, defender_territory_name: input.target.territory_name ?? null, location_coords: target,
    plunder: { resources: {} }, instant_salvage_resources: {}, wreckage: { resources: {} },
    total_unit_value: 0, destroyed_value: 0, hall_of_fame: false, seed, ...(error ? { error } : {}),
  };
}

/**
 * A battle, resolved by stacks (one per participant and type), so its cost grows with the number of
 * types, not of units. Pure and deterministic: the same input and the same rng seed give the same
 * report. See docs/game-rules.md (Combat) for each step.
 */
export function resolveBattle(input: BattleInput, rng: Rng): CombatReport {
  const invalid = invalidReason(input);
  if (invalid) return emptyReport(input, rng.seed, 'ERROR', invalid);
  const { catalogue } = input;
  const targetEffects: Effects = input.target.effects ?? baseEffects(catalogue);
  const stacks = buildStacks(input);
  const owner = mainDefenderIndex(input);
  if (owner >= 0) hideInBunker(stacks, owner, targetEffects.bunker_capacity ?? 0);

  const matrix = targetingMatrix(stacks, catalogue.universe.combat.targeting);
  const ctx: RoundContext = {
    combat: catalogue.universe.combat,
    sides: input.participants.map((p) => SIDE_OF[p.role]),
    archetypes: matrix.count,
    weights: matrix.weights,
    noiseSalt: rng.uint32(),
    woundSalt: rng.uint32(),
  };
  const { rounds, totals } = fight(input, stacks, ctx);
  const outcome = outcomeOf(stacks);
  recover(stacks, targetEffects, rng.uint32());

  const rooms = cargoRooms(input, stacks);
  const loot = outcome === 'VICTORY_ATTACKER' ? plunder(catalogue, input, targetEffects, rooms) : rooms.map((): Resources => ({}));
  const freeRooms = rooms.map((room, i) => room - totalResources(loot[i] ?? {}));
  const wreckage = wreckageOf(catalogue, stacks);
  const salvaged = instantSalvage(catalogue, input, wreckage, cargoRooms(input, stacks, true), freeRooms);
  const salvagedTotal = salvaged.reduce(addResources, {});
  const lootTotal = loot.reduce(addResources, {});

  const participant_results = input.participants.map((_, i) => participantResult(input, stacks, sumTotals(totals, i), i, loot[i] ?? {}, salvaged[i] ?? {}));

  let total_unit_value = 0;
  let destroyed_value = 0;
  for (const s of stacks) {
    total_unit_value += s.initial * s.value;
    destroyed_value += (s.initial - s.bunkered - survivorsOf(s)) * s.value;
  }
  const attacker = input.participants.find((p) => p.role === 'ATTACKER');
  const target = toCoordsTuple(input.target.coords);
  return {
    outcome,
    participant_results,
    rounds_fought: rounds.length,
    round_details: rounds,
    attacker_user_id: attacker?.user_id ?? null,
    defender_user_id: owner >= 0 ? (input.participants[owner]?.user_id ?? null) : null,
    attacker_origin_coords: coordsOf(attacker?.origin_coords),
    attacker_origin_territory_name: attacker?.origin_territory_name ?? null,
    defender_territory_coords: target,
    defender_territory_name: input.target.territory_name ?? null,
    location_coords: target,
    plunder: { resources: lootTotal },
    instant_salvage_resources: salvagedTotal,
    wreckage: { resources: withoutZeros(subtractResources(wreckage, salvagedTotal)) },
    total_unit_value: r2(total_unit_value),
    destroyed_value: r2(destroyed_value),
    hall_of_fame: destroyed_value >= catalogue.universe.hall_of_fame.min_destroyed_value,
    seed: rng.seed,
  };
}

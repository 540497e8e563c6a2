import { amountsOf, isRecord, num, text, type Row } from '../content-shape';
import { roundLabel } from '@brood/game-core';

/**
 * A combat report as frames to watch: each stack's count at the start of every round and after the
 * fight, the damage each side fired per round split into dealt / absorbed by defense / by bioshield,
 * and wounded per round. Read tolerantly from the report content: any field may be missing (older
 * reports, other producers); what is missing counts as nothing.
 *
 * Fields read: participant_results[].{participant_index, role, username, is_stationed_ally,
 * initial_units, initial_defenses, survivors, wounded_total, regenerated_units, repaired_defenses,
 * units_saved_by_bunker}; round_details[].{round_number, round_label, participant_results[].{
 * participant_index, role, username, units_at_start, damage_dealt_effective, damage_absorbed_defense,
 * damage_absorbed_bioshield, wounded, losses}}.
 */

export type Role = 'ATTACKER' | 'DEFENDER';

export interface ReplayStack {
  /** participant index and unit key: unique in a report */
  id: string;
  participant: number;
  role: Role;
  username: string;
  key: string;
  /** the count at each frame (frames: every round's start, then 'End') */
  counts: number[];
  /** the most the stack ever had in the fight: the bar's full width */
  full: number;
}

export interface ReplayRound {
  label: string;
  /** what each side fired this round: dealt to health, absorbed by the enemy's defense and bioshield */
  fire: Record<Role, { dealt: number; defense: number; bioshield: number }>;
  wounded: Record<Role, number>;
  losses: Record<Role, number>;
}

export interface Replay {
  /** frame labels: every round's label, then 'End' */
  frames: string[];
  stacks: ReplayStack[];
  rounds: ReplayRound[];
  /** after the battle: wounded units that regenerated and defenses repaired, by side */
  regenerated: Record<Role, number>;
  repaired: Record<Role, number>;
  woundedTotal: Record<Role, number>;
}

const roleOf = (v: unknown): Role | null => (v === 'ATTACKER' || v === 'DEFENDER' ? v : null);
const sum = (v: unknown) => amountsOf(v).reduce((s, a) => s + (a.amount ?? 0), 0);
/** A count field that is either a number or a {key: n} map / list. */
const countOf = (v: unknown) => num(v) ?? sum(v);
const zero = (): Record<Role, number> => ({ ATTACKER: 0, DEFENDER: 0 });

function participantsOf(report: Row): Row[] {
  return Array.isArray(report.participant_results) ? report.participant_results.filter(isRecord) : [];
}

function roundsOf(report: Row): Row[] {
  return Array.isArray(report.round_details) ? report.round_details.filter(isRecord) : [];
}

/** The frames of a report; a report without round details still has a start and an end. */
export function buildReplay(report: Row): Replay {
  const participants = participantsOf(report);
  const rounds = roundsOf(report);
  const byIndex = new Map<number, Row>();
  participants.forEach((p, i) => byIndex.set(num(p.participant_index) ?? i, p));

  const stacks = new Map<string, ReplayStack>();
  const frameCount = Math.max(1, rounds.length) + 1;
  const stackOf = (index: number, role: Role, username: string, key: string): ReplayStack => {
    const id = `${index}:${key}`;
    let s = stacks.get(id);
    if (!s) {
      s = { id, participant: index, role, username, key, counts: new Array<number>(frameCount).fill(0), full: 0 };
      stacks.set(id, s);
    }
    return s;
  };
  const nameOf = (index: number, row?: Row) => text(row?.username) ?? text(byIndex.get(index)?.username) ?? `#${index + 1}`;

  if (rounds.length === 0) {
    // no rounds recorded: the start is what each participant brought, minus what hid in the bunker
    byIndex.forEach((p, index) => {
      const role = roleOf(p.role);
      if (!role) return;
      const hidden = new Map(amountsOf(p.units_saved_by_bunker).map((a) => [a.key, a.amount ?? 0]));
      for (const a of [...amountsOf(p.initial_units), ...amountsOf(p.initial_defenses)]) {
        stackOf(index, role, nameOf(index), a.key).counts[0] = Math.max(0, (a.amount ?? 0) - (hidden.get(a.key) ?? 0));
      }
    });
  }
  const replayRounds: ReplayRound[] = rounds.map((round, r) => {
    const out: ReplayRound = {
      label: text(round.round_label) ?? roundLabel(num(round.round_number) ?? r + 1),
      fire: { ATTACKER: { dealt: 0, defense: 0, bioshield: 0 }, DEFENDER: { dealt: 0, defense: 0, bioshield: 0 } },
      wounded: zero(),
      losses: zero(),
    };
    const rows = Array.isArray(round.participant_results) ? round.participant_results.filter(isRecord) : [];
    rows.forEach((p, i) => {
      const index = num(p.participant_index) ?? i;
      const role = roleOf(p.role) ?? roleOf(byIndex.get(index)?.role);
      if (!role) return;
      for (const a of amountsOf(p.units_at_start)) stackOf(index, role, nameOf(index, p), a.key).counts[r] = a.amount ?? 0;
      const enemy: Role = role === 'ATTACKER' ? 'DEFENDER' : 'ATTACKER';
      out.fire[role].dealt += num(p.damage_dealt_effective) ?? 0;
      // what this participant's stacks absorbed was fired by the other side
      out.fire[enemy].defense += num(p.damage_absorbed_defense) ?? 0;
      out.fire[enemy].bioshield += num(p.damage_absorbed_bioshield) ?? 0;
      out.wounded[role] += countOf(p.wounded);
      out.losses[role] += countOf(p.losses);
    });
    return out;
  });

  const regenerated = zero();
  const repaired = zero();
  const woundedTotal = zero();
  byIndex.forEach((p, index) => {
    const role = roleOf(p.role);
    if (!role) return;
    regenerated[role] += sum(p.regenerated_units);
    repaired[role] += sum(p.repaired_defenses);
    woundedTotal[role] += countOf(p.wounded_total);
    for (const a of amountsOf(p.survivors)) stackOf(index, role, nameOf(index), a.key).counts[frameCount - 1] = a.amount ?? 0;
  });

  const list = [...stacks.values()].sort((a, b) => (a.role === b.role ? a.participant - b.participant || (a.key < b.key ? -1 : 1) : a.role === 'ATTACKER' ? -1 : 1));
  for (const s of list) s.full = Math.max(0, ...s.counts);
  return {
    frames: [...(rounds.length ? replayRounds.map((r) => r.label) : ['Start']), 'End'],
    stacks: list,
    rounds: replayRounds,
    regenerated,
    repaired,
    woundedTotal,
  };
}

/** The share of a bar at a frame, 0..1 (0 for a stack that never had a unit). */
export function barShare(stack: ReplayStack, frame: number): number {
  return stack.full > 0 ? (stack.counts[frame] ?? 0) / stack.full : 0;
}

/** The chart's rows: one per round, the attackers' fire and the defenders' fire as two stacks. */
export function damageRows(replay: Replay): Record<string, string | number>[] {
  return replay.rounds.map((r) => ({
    round: r.label,
    a_dealt: Math.round(r.fire.ATTACKER.dealt),
    a_defense: Math.round(r.fire.ATTACKER.defense),
    a_bioshield: Math.round(r.fire.ATTACKER.bioshield),
    d_dealt: Math.round(r.fire.DEFENDER.dealt),
    d_defense: Math.round(r.fire.DEFENDER.defense),
    d_bioshield: Math.round(r.fire.DEFENDER.bioshield),
  }));
}

/** The next frame of play: it stops at the last frame. */
export function nextFrame(frame: number, replay: Replay): number {
  return Math.min(replay.frames.length - 1, frame + 1);
}

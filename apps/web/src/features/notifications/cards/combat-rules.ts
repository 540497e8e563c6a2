import { CombatReportContentSchema } from '@brood/contracts';
import { formatNumber } from '../../../lib/format';
import { amountsOf, isFilledRecord, isRecord, num, type Row } from '../content-shape';

/** Display rules of the combat report (social spec §4.3, §5.1), kept pure so they are tested without rendering. */

export const COMBAT_MISSING = 'Combat report content is missing or invalid.';
export const COMBAT_INVALID = 'Combat report content structure is invalid.';

export type CombatOutcome = 'VICTORY_ATTACKER' | 'VICTORY_DEFENDER' | 'DRAW' | 'ERROR';
export type ViewerResult = 'win' | 'loss' | 'draw' | 'none';

export interface CombatContent extends Row {
  outcome: string;
  participant_results: unknown[];
}

/** The report, or the validation text to show instead (the structure is the server's own schema). */
export function readCombatContent(content: unknown): { report: CombatContent } | { error: string } {
  if (!isFilledRecord(content)) return { error: COMBAT_MISSING };
  if (!CombatReportContentSchema.safeParse(content).success) return { error: COMBAT_INVALID };
  return { report: content as CombatContent };
}

/** The viewer's side, recognised by the user id on the notification. */
export function viewerRole(report: CombatContent, viewerId: number): 'ATTACKER' | 'DEFENDER' | null {
  for (const p of report.participant_results) {
    if (isRecord(p) && num(p.user_id) === viewerId && (p.role === 'ATTACKER' || p.role === 'DEFENDER')) return p.role;
  }
  if (num(report.attacker_user_id) === viewerId) return 'ATTACKER';
  if (num(report.defender_user_id) === viewerId) return 'DEFENDER';
  return null;
}

/** 'Victory - Attacker Wins', 'Defeat - Defender Wins', 'Attacker Wins', 'Draw', 'Combat Error'. */
export function combatHeadline(outcome: string, role: 'ATTACKER' | 'DEFENDER' | null): string {
  if (outcome === 'DRAW') return 'Draw';
  if (outcome !== 'VICTORY_ATTACKER' && outcome !== 'VICTORY_DEFENDER') return 'Combat Error';
  const winner = outcome === 'VICTORY_ATTACKER' ? 'ATTACKER' : 'DEFENDER';
  const wins = winner === 'ATTACKER' ? 'Attacker Wins' : 'Defender Wins';
  if (!role) return wins;
  return `${role === winner ? 'Victory' : 'Defeat'} - ${wins}`;
}

export function viewerResult(outcome: string, role: 'ATTACKER' | 'DEFENDER' | null): ViewerResult {
  if (outcome === 'DRAW') return 'draw';
  if (!role || (outcome !== 'VICTORY_ATTACKER' && outcome !== 'VICTORY_DEFENDER')) return 'none';
  return (outcome === 'VICTORY_ATTACKER') === (role === 'ATTACKER') ? 'win' : 'loss';
}

/** Border: green for the viewer's win, red for a loss, yellow for a draw, muted once read. */
export function combatBorderColour(result: ViewerResult, isRead: boolean): string {
  if (isRead) return 'dark.3';
  return { win: 'green.6', loss: 'red.6', draw: 'yellow.5', none: 'gray.6' }[result];
}

/** Round numbers: 0 is 'K' (kamikaze), negatives are first-strike rounds 'FS' + n, positives as they are. */
export function roundLabel(round: number): string {
  if (round === 0) return 'K';
  if (round < 0) return `FS${Math.abs(round)}`;
  return String(round);
}

/**
 * Share of a round's raw damage that was wasted beyond what the targets had. Taken from the report
 * when it says so (`overkill`), else raw minus what was dealt and absorbed.
 */
export function overkillShare(row: Row): number {
  const given = num(row.overkill);
  if (given !== null) return given;
  const raw = num(row.raw_damage_output) ?? 0;
  if (raw <= 0) return 0;
  const used = (num(row.damage_dealt_effective) ?? 0) + (num(row.damage_absorbed_defense) ?? 0) + (num(row.damage_absorbed_bioshield) ?? 0);
  return Math.max(0, raw - used) / raw;
}

/** Overkill is shown only above 0.1 (10%). */
export function showsOverkill(share: number): boolean {
  return share > 0.1;
}

/** Truncation of the round table: player names 10 characters, unit names 3. */
export function cut(value: string, max: number): string {
  return value.length > max ? value.slice(0, max) : value;
}

const sumOf = (value: unknown): number => amountsOf(value).reduce((total, a) => total + Math.max(0, a.amount ?? 0), 0);

/**
 * A participant's losses that add up (game-core's combat keeps initial = survivors + losses + saved by
 * bunker, and survivors count the wounded that regenerated): '20 lost of 38: 16 survived (2 regenerated
 * of 3 wounded), 2 saved by bunker'. Units and defenses together, as the report counts them.
 */
export function lossLine(p: Row): string {
  const initial = sumOf(p.initial_units) + sumOf(p.initial_defenses);
  const lost = sumOf(p.losses_total);
  const survived = sumOf(p.survivors);
  const wounded = num(p.wounded_total) ?? sumOf(p.wounded_total);
  const regenerated = sumOf(p.regenerated_units);
  const saved = sumOf(p.units_saved_by_bunker);
  const n = (v: number) => formatNumber(Math.round(v));
  const healing = wounded > 0 ? ` (${n(regenerated)} regenerated of ${n(wounded)} wounded)` : '';
  return `${n(lost)} lost of ${n(initial)}: ${n(survived)} survived${healing}${saved > 0 ? `, ${n(saved)} saved by bunker` : ''}`;
}

import { CombatReportContentSchema } from '@brood/contracts';
import { isFilledRecord, isRecord, num, type Row } from '../content-shape';

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

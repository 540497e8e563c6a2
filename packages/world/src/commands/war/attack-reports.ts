import type { StoredBattleReport } from '@brood/contracts';
import type { CombatReport } from '@brood/game-core';
import type { Movement } from '../../entities/movement.entity';
import type { TerritoryRow } from '../../kernel/access';
import type { JobSender } from '../../jobs';
import { addNotifications, type NotificationEntry } from '../notifications';
import type { LegsTx } from '../flight/fleet-legs';
import { coordsText, targetCoords, type Coords3 } from '../flight/fleet-parts';

/** What a combat or defense report notification serves (stored as {battle_id}): the whole report, its battle's id and the engine version. */
export type BattleReportContent = CombatReport & { battle_id: number; engine_version: number };

/** Stores a notification at the fleet transaction's end (its outbox). */
export async function notify(tx: LegsTx, entry: NotificationEntry): Promise<void> {
  tx.later.notes.push(entry);
}

const verdict = (report: CombatReport, side: 'ATTACKER' | 'DEFENDER'): string => {
  if (report.outcome === 'DRAW') return 'Draw';
  if (report.outcome === 'ERROR') return 'Combat Error';
  const won = (report.outcome === 'VICTORY_ATTACKER') === (side === 'ATTACKER');
  return won ? 'Victory' : 'Defeat';
};

/**
 * COMBAT_REPORT to every attacking player and DEFENSE_REPORT to the defender and every stationed
 * ally's owner (each player once, whatever the number of their fleets), each riding on its real-time
 * event (COMBAT_REPORT / DEFENSE_REPORT). The related object is the battle. Every copy stores only
 * a reference to the battle ({battle_id}: the report can be large, 10 parties of 30 types make some
 * 130 KB, and the battles row holds it once); the api serves it expanded (servedNotifications).
 * In a batch they join its other notifications (one insert, one NOTIFY at its end).
 */
export async function sendBattleReports(tx: LegsTx, report: CombatReport, battleId: number, target: TerritoryRow, lead: Movement): Promise<void> {
  const content: StoredBattleReport = { battle_id: battleId };
  const where = `${target.name} (${coordsText(targetCoords(lead))})`;
  const seen = new Set<number>();
  const entries: NotificationEntry[] = [];
  for (const p of report.participant_results) {
    if (typeof p.user_id !== 'number' || seen.has(p.user_id)) continue;
    seen.add(p.user_id);
    const type = p.role === 'ATTACKER' ? 'COMBAT_REPORT' : 'DEFENSE_REPORT';
    entries.push({
      userId: p.user_id,
      input: { message_type: type, title: `${p.role === 'ATTACKER' ? 'Attack on' : 'Defense of'} ${where}: ${verdict(report, p.role)}`, content, related_object_id: battleId },
      as: { event: type, data: { movement_id: lead.id, territory_id: target.id } },
    });
  }
  tx.later.notes.push(...entries);
}

/** ATTACK_FAILED_TARGET_NOT_FOUND or _OWN_TERRITORY to the fleet's owner, with the reason. */
export async function sendAttackFailed(tx: LegsTx, m: Movement, type: 'ATTACK_FAILED_TARGET_NOT_FOUND' | 'ATTACK_FAILED_OWN_TERRITORY'): Promise<void> {
  const at = coordsText(targetCoords(m));
  const details = type === 'ATTACK_FAILED_OWN_TERRITORY'
    ? `The territory at ${at} is yours now: the fleet did not attack and flies home.`
    : `There is no territory to attack at ${at} any more: the fleet flies home.`;
  await notify(tx, {
    userId: m.userId,
    input: { message_type: type, title: `Attack on ${at} failed`, content: { details }, related_object_id: m.id },
    as: { event: 'MOVEMENT_ARRIVED', data: { movement_id: m.id, territory_id: m.startTerritoryId, details } },
  });
}

/** What the owner of an attacked territory is told: who comes, where, and when. */
export interface IncomingAttack {
  /** The territory's owner now. */
  ownerId: number;
  /** Every attacking player, in the order they joined. */
  attackers: readonly string[];
  coords: Coords3;
  territoryName: string;
  territoryId: number;
  arrival: Date;
  /** The movement (for a group: the initiator's) the warning is about. */
  movementId: string;
  message: string;
}

/**
 * INCOMING_ATTACK_WARNING to the owner of the target (social spec 3), riding on MOVEMENT_STARTED of
 * `announced` (their movements list changes): at launch, and again whenever a multi-party group
 * gains a fleet or its arrival moves.
 */
function incomingAttackNote(warning: IncomingAttack, announced: string): NotificationEntry {
  return {
    userId: warning.ownerId,
    input: {
      message_type: 'INCOMING_ATTACK_WARNING',
      title: `Incoming attack on ${warning.territoryName} (${coordsText(warning.coords)})`,
      content: {
        message: warning.message,
        attacker_username: warning.attackers.join(', '),
        target_coords: warning.coords,
        target_territory_name: warning.territoryName,
        arrival_time: warning.arrival.toISOString(),
      },
      related_object_id: warning.movementId,
    },
    as: { event: 'MOVEMENT_STARTED', data: { movement_id: announced, territory_id: warning.territoryId } },
  };
}

/** Stores and announces the warning now (incomingAttackNote). */
export async function warnIncomingAttack(tx: JobSender, warning: IncomingAttack, now: Date, announced: string = warning.movementId): Promise<void> {
  await addNotifications(tx, [incomingAttackNote(warning, announced)], now);
}

/** The warning of a fleet launched at another player's territory, with the dispatch's other notifications (its outbox). */
export function warnAtLaunch(tx: LegsTx, m: Movement, target: TerritoryRow, attackerName: string): void {
  const ownerId = target.owner?.id;
  if (ownerId == null || ownerId === m.userId || !m.arrivalTime) return;
  const coords = targetCoords(m);
  tx.later.notes.push(incomingAttackNote({
    ownerId,
    attackers: [attackerName],
    coords,
    territoryName: target.name,
    territoryId: target.id,
    arrival: m.arrivalTime,
    movementId: m.id,
    message: `${attackerName} is attacking ${target.name} (${coordsText(coords)}).`,
  }, m.id));
}

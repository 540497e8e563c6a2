import type { EntityManager } from '@mikro-orm/postgresql';
import { COMBAT_ENGINE_VERSION, type CombatReport } from '@brood/game-core';
import type { Movement } from '../../entities/movement.entity';
import type { Territory } from '../../entities/territory.entity';
import { addNotification, type AnnounceAs, type NewNotification, type NotificationEntry } from '../notifications';
import type { LegsTx } from '../fleets/fleet-legs';
import { coordsText, targetCoords } from '../fleets/fleet-parts';

/** What a combat or defense report notification holds: the whole report, its battle's id and the engine version. */
export type BattleReportContent = CombatReport & { battle_id: number; engine_version: number };

/** The report as notification content (a plain record: the content schema is open to every report field). */
export const reportContent = (report: CombatReport, battleId: number): BattleReportContent & Record<string, unknown> =>
  ({ ...report, battle_id: battleId, engine_version: COMBAT_ENGINE_VERSION }) as BattleReportContent & Record<string, unknown>;

/** Stores a notification now, or at the batch's end when the transaction carries `later`. */
export async function notify(tx: LegsTx, entry: NotificationEntry, now: Date): Promise<void> {
  if (tx.later) tx.later.notes.push(entry);
  else await addNotification(tx.em, entry.userId, entry.input, now, entry.as);
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
 * event. The related object is the battle.
 */
export async function sendBattleReports(tx: LegsTx, report: CombatReport, battleId: number, target: Territory, lead: Movement, now: Date): Promise<void> {
  const content = reportContent(report, battleId);
  const where = `${target.name} (${coordsText(targetCoords(lead))})`;
  const seen = new Set<number>();
  for (const p of report.participant_results) {
    if (typeof p.user_id !== 'number' || seen.has(p.user_id)) continue;
    seen.add(p.user_id);
    const type = p.role === 'ATTACKER' ? 'COMBAT_REPORT' : 'DEFENSE_REPORT';
    const input: NewNotification = {
      message_type: type,
      title: `${p.role === 'ATTACKER' ? 'Attack on' : 'Defense of'} ${where}: ${verdict(report, p.role)}`,
      content,
      related_object_id: battleId,
    };
    const as: AnnounceAs = { event: type, data: { movement_id: lead.id, territory_id: target.id } };
    await notify(tx, { userId: p.user_id, input, as }, now);
  }
}

/** ATTACK_FAILED_TARGET_NOT_FOUND or _OWN_TERRITORY to the fleet's owner, with the reason. */
export async function sendAttackFailed(tx: LegsTx, m: Movement, type: 'ATTACK_FAILED_TARGET_NOT_FOUND' | 'ATTACK_FAILED_OWN_TERRITORY', now: Date): Promise<void> {
  const at = coordsText(targetCoords(m));
  const details = type === 'ATTACK_FAILED_OWN_TERRITORY'
    ? `The territory at ${at} is yours now: the fleet did not attack and flies home.`
    : `There is no territory to attack at ${at} any more: the fleet flies home.`;
  await notify(tx, {
    userId: m.userId,
    input: { message_type: type, title: `Attack on ${at} failed`, content: { details }, related_object_id: m.id },
    as: { event: 'MOVEMENT_ARRIVED', data: { movement_id: m.id, territory_id: m.startTerritoryId, details } },
  }, now);
}

/**
 * INCOMING_ATTACK_WARNING to the target's owner: who attacks, the target and when the fleet arrives.
 * Rides on MOVEMENT_STARTED (their movements list changes). Exported for every command that launches
 * or moves an attack (lone attacks at launch, multi-party groups when their arrival moves).
 */
export async function warnIncomingAttack(em: EntityManager, m: Movement, target: Territory, attackerName: string, now: Date): Promise<void> {
  const ownerId = target.owner?.id;
  if (ownerId == null || ownerId === m.userId || !m.arrivalTime) return;
  const at = coordsText(targetCoords(m));
  await addNotification(em, ownerId, {
    message_type: 'INCOMING_ATTACK_WARNING',
    title: `Incoming attack on ${target.name} (${at})`,
    content: {
      message: `${attackerName} is attacking ${target.name} (${at}).`,
      attacker_username: attackerName,
      target_coords: targetCoords(m),
      target_territory_name: target.name,
      arrival_time: m.arrivalTime.toISOString(),
    },
    related_object_id: m.id,
  }, now, { event: 'MOVEMENT_STARTED', data: { movement_id: m.id, territory_id: target.id } });
}

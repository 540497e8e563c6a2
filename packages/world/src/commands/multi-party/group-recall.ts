import type { MovementMission } from '@brood/game-core';
import { Movement } from '../../entities/movement.entity';
import { publishEvent } from '../../events';
import type { Actor, WorldDeps } from '../../kernel/deps';
import { turnHome, type LegsTx } from '../flight/fleet-legs';
import { lockGroup } from '../../kernel/locks';
import type { NotificationEntry } from '../notifications';
import { flyingMembers, groupNotice, groupTarget, INITIATOR, storeNotices, targetText, usernameOf } from './attack-group';

/**
 * Recalls within a multi-party attack (social spec 5.4): the initiator's recall breaks the group up
 * (every fleet turns home), a participant's takes only its own fleet out of the group.
 */

/** Before a recall of the actor's own initiator: its whole group, locked in id order; otherwise null. */
export async function lockOwnGroup(tx: WorldDeps, actor: Actor, movementId: string): Promise<Movement[] | null> {
  const peek = await tx.em.findOne(Movement, { id: movementId });
  if (!peek || peek.userId !== actor.id || peek.mission !== INITIATOR || !peek.attackGroupId) return null;
  return lockGroup(tx.em, peek.attackGroupId);
}

/**
 * After `m`, a fleet of a group that flew `mission`, has turned home: it leaves the group. When it led
 * the group, every other member turns home too (RECALLED_BY_INITIATOR) and the invitations still
 * unanswered expire; otherwise the members left are told (PARTICIPANT_RECALLED). `leaderName` names
 * the leader in the notices instead of their account (a removed account: 'deleted player').
 */
export async function leaveGroup(tx: LegsTx, m: Movement, mission: MovementMission, locked: readonly Movement[], now: Date, leaderName?: string): Promise<void> {
  const { em } = tx;
  const groupId = m.attackGroupId;
  if (!groupId) return;
  m.attackGroupId = null;
  const target = await groupTarget(em, m);
  const name = leaderName ?? (await usernameOf(em, m.userId));
  const notes: NotificationEntry[] = [];
  if (mission === INITIATOR) {
    const owner = target.territory?.owner?.id;
    for (const other of flyingMembers(locked).filter((o) => o.id !== m.id)) {
      await turnHome(tx, other, now);
      other.attackGroupId = null;
      notes.push(groupNotice(
        other.userId,
        'MULTI_PARTY_ATTACK_RECALLED_BY_INITIATOR',
        `The attack on ${target.name} was called off`,
        `${name} recalled the attack on ${targetText(target)}: the group breaks up and your fleet turns home (back at ${other.arrivalTime!.toISOString()}).`,
        target,
        null,
        groupId,
        { as: { event: 'MOVEMENT_CANCELLED', data: { movement_id: other.id, territory_id: other.startTerritoryId } } },
      ));
      if (owner != null) await publishEvent(em, owner, 'MOVEMENT_CANCELLED', { movement_id: other.id, territory_id: target.territory!.id });
    }
    await em.execute(`update attack_invitations set status = 'EXPIRED', responded_at = ? where attack_group_id = ? and status = 'PENDING'`, [now, groupId]);
  } else {
    const rest = flyingMembers(await em.find(Movement, { attackGroupId: groupId, id: { $ne: m.id } }));
    for (const other of rest) {
      notes.push(groupNotice(
        other.userId,
        'MULTI_PARTY_ATTACK_PARTICIPANT_RECALLED',
        `${name} left the attack on ${target.name}`,
        `${name} recalled their fleet from the attack on ${targetText(target)}.`,
        target,
        other.arrivalTime,
        groupId,
        { attacker_username: name },
      ));
    }
  }
  await em.flush();
  await storeNotices(tx, notes, now);
}

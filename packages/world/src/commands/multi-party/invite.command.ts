import { attackVerdict, inviteRefusal } from '../fair-play/fair-play-checks';
import { openSeats } from '@brood/game-core';
import { AttackInvitation } from '../../entities/attack-invitation.entity';
import { Movement } from '../../entities/movement.entity';
import { fail } from '../../errors';
import { inTransaction, type Actor, type WorldDeps } from '../../kernel/deps';
import { lockMovementRow } from '../../kernel/locks';
import { addNotification } from '../notifications';
import { coordsText, MOVEMENT_NOT_FOUND } from '../flight/fleet-parts';
import { groupTarget, INITIATOR, participantsOf, pendingInvitationCount, PARTICIPANT, usernameOf } from './attack-group';

/** Social spec 5.4: the invite modal's sentence, also the server's answer to an empty name. */
export const USERNAME_REQUIRED = 'Please enter a username to invite.';
export const ONLY_INITIATOR = 'Only the player who leads a multi-party attack can invite others to it.';

export interface InviteInput {
  movement_id: string;
  invited_user_username: string;
}

/** The answer (social spec 7: invited_username), with the invitation and the group it opened. */
export interface InviteResult {
  invited_username: string;
  invitation_id: number;
  attack_group_id: string;
  mission_type: Movement['mission'];
}

/**
 * POST /movements/{id}/invite. The owner of an ATTACK on its way (it becomes the initiator of a group)
 * or of a group's initiator invites a player by username, while the group has a free seat
 * (`max_participants` besides the initiator, counting pending invitations). The player gets
 * MULTI_PARTY_ATTACK_INVITATION_RECEIVED with Accept and Decline.
 */
export async function inviteToAttack(deps: WorldDeps, actor: Actor, input: InviteInput, now: Date): Promise<InviteResult> {
  const name = input.invited_user_username.trim();
  if (name === '') throw fail.badRequest(USERNAME_REQUIRED);
  return inTransaction(deps, async (tx) => {
    const { em } = tx;
    const m = await lockMovementRow(em, input.movement_id);
    if (!m) throw fail.notFound(MOVEMENT_NOT_FOUND);
    if (m.userId !== actor.id || m.mission === PARTICIPANT) {
      const member = m.attackGroupId ? await em.count(Movement, { attackGroupId: m.attackGroupId, userId: actor.id }) : 0;
      if (member > 0) throw fail.forbidden(ONLY_INITIATOR);
      throw fail.notFound(MOVEMENT_NOT_FOUND);
    }
    if (!(m.mission === INITIATOR || (m.mission === 'ATTACK' && m.attackGroupId === null))) {
      throw fail.badRequest(m.mission === 'RETURN' ? 'This fleet is returning home: only an attack on its way can take invitations.' : 'Only an attack can take invitations: send an Attack first, then invite players to it.');
    }
    if (!m.arrivalTime || m.arrivalTime <= now) throw fail.conflict('This attack has already reached its target.');

    const found = await em.execute<{ id: number; username: string }[]>('select id, username from users where lower(username) = lower(?)', [name]);
    const invited = found[0];
    if (!invited) throw fail.notFound(`There is no player named '${name}'.`);
    if (invited.id === actor.id) throw fail.badRequest('You cannot invite yourself to your own attack.');
    const target = await groupTarget(em, m);
    if (target.territory?.owner?.id === invited.id) throw fail.badRequest(`${invited.username} owns ${target.name} and cannot join an attack on it.`);
    const owner = target.territory?.owner?.id;
    if (owner != null) {
      const refusal = inviteRefusal(invited.username, await usernameOf(em, owner), await attackVerdict(em, tx.catalogue, invited.id, owner, now));
      if (refusal) throw fail.forbidden(refusal);
    }

    const groupId = m.attackGroupId ?? m.id;
    const members = m.attackGroupId ? await em.find(Movement, { attackGroupId: groupId }) : [m];
    const joined = participantsOf(members);
    if (joined.some((p) => p.userId === invited.id)) throw fail.conflict(`${invited.username} has already joined this attack.`);
    if ((await em.count(AttackInvitation, { attackGroupId: groupId, invitedUserId: invited.id, status: 'PENDING' })) > 0) {
      throw fail.conflict(`${invited.username} has already been invited to this attack.`);
    }
    const max = tx.catalogue.universe.max_participants;
    const pending = await pendingInvitationCount(em, groupId);
    if (openSeats(max, joined.length, pending) === 0) {
      throw fail.conflict(`This attack is full: at most ${max} players can join it (${joined.length} joined, ${pending} invited and not answered yet).`);
    }

    // The first invitation turns a lone attack into the initiator of a group.
    m.mission = INITIATOR;
    m.attackGroupId = groupId;
    const invitation = em.create(AttackInvitation, { attackGroupId: groupId, inviterId: actor.id, invitedUserId: invited.id, status: 'PENDING', movementId: null, createdAt: now, respondedAt: null });
    await em.flush();
    const initiator = await usernameOf(em, actor.id);
    await addNotification(tx, invited.id, {
      message_type: 'MULTI_PARTY_ATTACK_INVITATION_RECEIVED',
      title: `${initiator} invites you to attack ${target.name}`,
      content: {
        invitation_id: invitation.id,
        initiator_username: initiator,
        target_coords: target.coords,
        target_territory_name: target.name,
        current_arrival_time: m.arrivalTime.toISOString(),
        message: `Join the strike on ${coordsText(target.coords)}! Your fleet will arrive with the group.`,
      },
      related_object_id: invitation.id,
    }, now);
    return { invited_username: invited.username, invitation_id: invitation.id, attack_group_id: groupId, mission_type: m.mission };
  });
}

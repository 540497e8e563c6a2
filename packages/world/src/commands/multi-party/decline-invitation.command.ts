import { Movement } from '../../entities/movement.entity';
import { inTransaction, type Actor, type WorldDeps } from '../../kernel/deps';
import { groupNotice, lockInvitation, groupTarget, markInvitationRead, storeNotices, targetText, usernameOf } from './attack-group';

export interface DeclineResult {
  invitation_id: number;
  status: 'DECLINED';
}

/** POST /movements/invitations/{id}/decline: the invited player says no; the initiator is told (DECLINED). */
export async function declineInvitation(deps: WorldDeps, actor: Actor, input: { invitation_id: number }, now: Date): Promise<DeclineResult> {
  return inTransaction(deps, async (tx) => {
    const { em } = tx;
    const invitation = await lockInvitation(tx, actor, input.invitation_id);
    invitation.status = 'DECLINED';
    invitation.respondedAt = now;
    await em.flush();
    await markInvitationRead(em, actor.id, invitation.id);
    const lead = await em.findOne(Movement, { id: invitation.attackGroupId });
    if (lead) {
      const target = await groupTarget(em, lead);
      const name = await usernameOf(em, actor.id);
      await storeNotices(tx, [
        groupNotice(invitation.inviterId, 'MULTI_PARTY_ATTACK_INVITATION_DECLINED', `${name} declined your invitation`, `${name} declined your invitation to attack ${targetText(target)}.`, target, lead.arrivalTime, lead.id, { attacker_username: name }),
      ], now);
    }
    return { invitation_id: invitation.id, status: 'DECLINED' };
  });
}

import { fail } from '../../errors';
import { inTransaction, type Actor, type WorldDeps } from '../../kernel/deps';
import { slotsByLeader } from '../../queries/alliance-reads';
import { fellowMember, lockOwnAlliance, memberIds, requirePower, tell } from './alliance-members';

export const LEADER_CANNOT_LEAVE = 'The leader cannot leave the alliance: transfer leadership or disband it.';
export const LEADER_ONLY_BY_TRANSFER = 'Leadership moves only by a transfer to an officer.';
export const SELECTED_OFFICER_NOT_FOUND = 'Selected officer not found.';

/** POST /alliances/leave: anyone but the leader. Those who stay hear ALLIANCE_MEMBER_LEFT; the one who left has the action's own answer. */
export async function leaveAlliance(deps: WorldDeps, actor: Actor): Promise<{ message: string }> {
  return inTransaction(deps, async (tx) => {
    const { me, alliance } = await lockOwnAlliance(tx.em, actor);
    if (me.rank === 'LEADER') throw fail.conflict(LEADER_CANNOT_LEAVE);
    await tx.em.execute('delete from alliance_members where user_id = ?', [me.user_id]);
    const event = { alliance_id: alliance.id, alliance_name: alliance.name, username: me.username };
    await tell(tx.em, await memberIds(tx.em, alliance.id), 'ALLIANCE_MEMBER_LEFT', event);
    return { message: 'You have left the alliance.' };
  });
}

/** POST /alliances/members/{id}/kick: the leader kicks anyone else, an officer kicks members. */
export async function kickMember(deps: WorldDeps, actor: Actor, input: { user_id: number }): Promise<{ message: string }> {
  return inTransaction(deps, async (tx) => {
    const { me, alliance } = await lockOwnAlliance(tx.em, actor);
    const target = await fellowMember(tx.em, alliance.id, input.user_id);
    requirePower('kick', me, target);
    await tx.em.execute('delete from alliance_members where user_id = ?', [target.user_id]);
    const event = { alliance_id: alliance.id, alliance_name: alliance.name, username: target.username };
    await tell(tx.em, [target.user_id, ...(await memberIds(tx.em, alliance.id))], 'ALLIANCE_MEMBER_KICKED', event);
    return { message: 'Member has been kicked from the alliance.' };
  });
}

/** PUT /alliances/members/{id}/rank: promote a MEMBER to OFFICER (leader or officer) or demote an OFFICER (leader). */
export async function changeMemberRank(deps: WorldDeps, actor: Actor, input: { user_id: number; rank: 'LEADER' | 'OFFICER' | 'MEMBER' }): Promise<{ user_id: number; username: string; rank: 'OFFICER' | 'MEMBER' }> {
  if (input.rank === 'LEADER') throw fail.badRequest(LEADER_ONLY_BY_TRANSFER);
  const rank = input.rank;
  return inTransaction(deps, async (tx) => {
    const { me, alliance } = await lockOwnAlliance(tx.em, actor);
    const target = await fellowMember(tx.em, alliance.id, input.user_id);
    requirePower(rank === 'OFFICER' ? 'promote' : 'demote', me, target);
    await tx.em.execute('update alliance_members set rank = ? where user_id = ?', [rank, target.user_id]);
    const event = { alliance_id: alliance.id, alliance_name: alliance.name, username: target.username, rank };
    await tell(tx.em, await memberIds(tx.em, alliance.id), 'ALLIANCE_RANK_CHANGED', event);
    return { user_id: target.user_id, username: target.username, rank };
  });
}

/**
 * POST /alliances/transfer-leadership/{id}: the leader hands the alliance to an officer and becomes an
 * officer (irreversible). Slots follow the new leader's alliance_slots effect: when they change,
 * members also hear ALLIANCE_SLOTS_CHANGED.
 */
export async function transferLeadership(deps: WorldDeps, actor: Actor, input: { user_id: number }, now: Date): Promise<{ leader_id: number; leader_username: string }> {
  return inTransaction(deps, async (tx) => {
    const { me, alliance } = await lockOwnAlliance(tx.em, actor);
    const target = await fellowMember(tx.em, alliance.id, input.user_id, SELECTED_OFFICER_NOT_FOUND);
    requirePower('transfer', me, target);
    await tx.em.execute(`update alliance_members set rank = 'OFFICER' where user_id = ?`, [me.user_id]);
    await tx.em.execute(`update alliance_members set rank = 'LEADER' where user_id = ?`, [target.user_id]);
    const everyone = await memberIds(tx.em, alliance.id);
    const event = { alliance_id: alliance.id, alliance_name: alliance.name, username: target.username, rank: 'LEADER' };
    await tell(tx.em, everyone, 'ALLIANCE_LEADERSHIP_CHANGED', event);
    const slots = await slotsByLeader(tx.em, tx.catalogue, [me.user_id, target.user_id], now);
    if (slots.get(me.user_id) !== slots.get(target.user_id)) await tell(tx.em, everyone, 'ALLIANCE_SLOTS_CHANGED', { alliance_id: alliance.id, alliance_name: alliance.name });
    return { leader_id: target.user_id, leader_username: target.username };
  });
}

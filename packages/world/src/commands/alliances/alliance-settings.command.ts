import { inTransaction, type Actor, type WorldDeps } from '../../kernel/deps';
import { findAllianceView, type AllianceView } from '../../queries/alliances.query';
import { allianceDescription } from './alliance-input';
import { lockMembershipIn, memberIds, requirePower, tell } from './alliance-members';
import { inFleetTransaction } from '../flight/fleet-legs';
import { sendAlliedFleetsHome } from './disband-stationed';

/** PUT /alliances/{id}: the description (recruitment is fixed); leader or officer. */
export async function updateAlliance(deps: WorldDeps, actor: Actor, input: { alliance_id: number; description?: string | null }, now: Date): Promise<AllianceView> {
  const description = allianceDescription(input.description);
  return inTransaction(deps, async (tx) => {
    const { me } = await lockMembershipIn(tx.em, actor, input.alliance_id);
    requirePower('update', me);
    await tx.em.execute('update alliances set description = ? where id = ?', [description, me.alliance_id]);
    return findAllianceView(tx, me.alliance_id, now);
  });
}

/**
 * DELETE /alliances/{id}: the leader dissolves the alliance; every member hears ALLIANCE_DISBANDED, and
 * the fleets members stationed with one another fly home (they are allies no more).
 */
export async function disbandAlliance(deps: WorldDeps, actor: Actor, input: { alliance_id: number }, now: Date): Promise<{ message: string }> {
  return inFleetTransaction(deps, now, async (tx) => {
    const { me, alliance } = await lockMembershipIn(tx.em, actor, input.alliance_id);
    requirePower('disband', me);
    const everyone = await memberIds(tx.em, alliance.id);
    await sendAlliedFleetsHome(tx, everyone, alliance.name, now);
    await tx.em.execute('delete from alliances where id = ?', [alliance.id]);
    await tell(tx.em, everyone, 'ALLIANCE_DISBANDED', { alliance_id: alliance.id, alliance_name: alliance.name });
    return { message: 'Alliance disbanded.' };
  });
}

import { fail } from '../../errors';
import { inTransaction, type Actor, type WorldDeps } from '../../kernel/deps';
import { memberOf } from '../../queries/alliance-reads';
import { applicationViews, findAllianceView, type ApplicationView } from '../../queries/alliances.query';
import { applicationMessage } from './alliance-input';
import { lockAlliance } from '../../kernel/locks';
import { lockMembershipIn, memberIds, requirePower, tell } from './alliance-members';
import { ALREADY_IN_ALLIANCE } from './found-alliance.command';

export const APPLICATION_REFUSALS = {
  full: 'This alliance is full.',
  pending: 'You already have a pending application to this alliance.',
  notFound: 'Application not found.',
  decided: 'This application has already been decided.',
  applicantInAlliance: 'This player is already in an alliance.',
} as const;

async function refuseWhenFull(deps: WorldDeps, allianceId: number, now: Date): Promise<void> {
  const alliance = await findAllianceView(deps, allianceId, now);
  if (alliance.member_count >= alliance.slots_max) throw fail.conflict(APPLICATION_REFUSALS.full);
}

/**
 * POST /alliances/{id}/applications: a player in no alliance asks to join one that has a free slot;
 * one pending application per alliance. The leader and officers hear ALLIANCE_APPLICATION_RECEIVED.
 */
export async function applyToAlliance(deps: WorldDeps, actor: Actor, input: { alliance_id: number; message?: string | null }, now: Date): Promise<ApplicationView> {
  const message = applicationMessage(input.message);
  return inTransaction(deps, async (tx) => {
    const alliance = await lockAlliance(tx.em, input.alliance_id);
    const me = await memberOf(tx.em, actor.id);
    if (me) throw fail.conflict(me.alliance_id === alliance.id ? 'You are already a member of this alliance.' : ALREADY_IN_ALLIANCE);
    await refuseWhenFull(tx, alliance.id, now);
    const rows = await tx.em.execute<{ id: number }[]>(
      `insert into alliance_applications (user_id, alliance_id, message, status, created_at) values (?, ?, ?, 'PENDING', ?)
       on conflict (alliance_id, user_id) where status = 'PENDING' do nothing returning id`,
      [actor.id, alliance.id, message, now],
    );
    if (rows.length === 0) throw fail.conflict(APPLICATION_REFUSALS.pending);
    const view = (await applicationViews(tx.em, [rows[0]!.id]))[0]!;
    await tell(tx.em, await memberIds(tx.em, alliance.id, true), 'ALLIANCE_APPLICATION_RECEIVED', { alliance_id: alliance.id, alliance_name: alliance.name, username: view.username });
    return view;
  });
}

/** PUT /alliances/applications/{id}: the leader or an officer accepts (the applicant becomes MEMBER) or rejects. */
export async function decideApplication(deps: WorldDeps, actor: Actor, input: { application_id: number; status: 'ACCEPTED' | 'REJECTED' }, now: Date): Promise<ApplicationView> {
  return inTransaction(deps, async (tx) => {
    const found = await tx.em.execute<{ alliance_id: number }[]>('select alliance_id from alliance_applications where id = ?', [input.application_id]);
    if (found.length === 0) throw fail.notFound(APPLICATION_REFUSALS.notFound);
    const { me, alliance } = await lockMembershipIn(tx.em, actor, found[0]!.alliance_id);
    requirePower('manage_applications', me);
    const app = (await applicationViews(tx.em, [input.application_id]))[0]!;
    if (app.status !== 'PENDING') throw fail.conflict(APPLICATION_REFUSALS.decided);
    const event = { alliance_id: alliance.id, alliance_name: alliance.name, username: app.username };
    if (input.status === 'ACCEPTED') {
      if (await memberOf(tx.em, app.user_id)) throw fail.conflict(APPLICATION_REFUSALS.applicantInAlliance);
      await refuseWhenFull(tx, alliance.id, now);
      const before = await memberIds(tx.em, alliance.id);
      const joined = await tx.em.execute<{ user_id: number }[]>(
        `insert into alliance_members (user_id, alliance_id, rank, joined_at) values (?, ?, 'MEMBER', ?) on conflict (user_id) do nothing returning user_id`,
        [app.user_id, alliance.id, now],
      );
      if (joined.length === 0) throw fail.conflict(APPLICATION_REFUSALS.applicantInAlliance);
      await tx.em.execute(`delete from alliance_applications where user_id = ? and status = 'PENDING' and id <> ?`, [app.user_id, app.id]);
      await tell(tx.em, [app.user_id], 'ALLIANCE_APPLICATION_ACCEPTED', event);
      await tell(tx.em, before, 'ALLIANCE_MEMBER_JOINED', { ...event, rank: 'MEMBER' });
    } else {
      await tell(tx.em, [app.user_id, ...(await memberIds(tx.em, alliance.id, true))], 'ALLIANCE_APPLICATION_REJECTED', event);
    }
    await tx.em.execute('update alliance_applications set status = ?, decided_at = ? where id = ?', [input.status, now, app.id]);
    return { ...app, status: input.status };
  });
}

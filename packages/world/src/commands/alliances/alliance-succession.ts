import type { EntityManager } from '@mikro-orm/postgresql';
import type { Catalogue } from '@brood/game-data';
import { publishEvents, type GameEventPayload } from '../../events';
import { slotsByLeader } from '../../queries/alliance-reads';

/** An alliance led by a player about to be removed, with its slots under that leader. */
export interface Succession {
  alliance_id: number;
  alliance_name: string;
  slots: number;
}

const marks = (ids: readonly unknown[]) => ids.map(() => '?').join(', ');

/** The alliances these players lead, read before they are removed (their research goes with them). */
export async function alliancesLedBy(em: EntityManager, catalogue: Catalogue, userIds: readonly number[], now: Date): Promise<Succession[]> {
  if (userIds.length === 0) return [];
  const rows = await em.execute<{ alliance_id: number; alliance_name: string; leader_id: number }[]>(
    `select a.id as alliance_id, a.name as alliance_name, l.user_id as leader_id from alliance_members l join alliances a on a.id = l.alliance_id
      where l.rank = 'LEADER' and l.user_id in (${marks(userIds)})`,
    [...userIds],
  );
  const slots = await slotsByLeader(em, catalogue, rows.map((r) => r.leader_id), now);
  return rows.map((r) => ({ alliance_id: r.alliance_id, alliance_name: r.alliance_name, slots: slots.get(r.leader_id)! }));
}

/**
 * After a removal, the alliances whose leader went (migration 0050's trigger made the longest-serving
 * officer, else member, the leader; an emptied alliance is gone): every member hears
 * ALLIANCE_LEADERSHIP_CHANGED, and ALLIANCE_SLOTS_CHANGED when the new leader's research gives the
 * alliance other slots. On commit of the caller's transaction.
 */
export async function announceSuccessions(em: EntityManager, catalogue: Catalogue, before: readonly Succession[], now: Date): Promise<void> {
  if (before.length === 0) return;
  const rows = await em.execute<{ alliance_id: number; leader_id: number; leader_name: string; member_id: number }[]>(
    `select l.alliance_id, l.user_id as leader_id, u.username as leader_name, m.user_id as member_id
       from alliance_members l join users u on u.id = l.user_id join alliance_members m on m.alliance_id = l.alliance_id
      where l.rank = 'LEADER' and l.alliance_id in (${marks(before)}) order by m.user_id`,
    before.map((b) => b.alliance_id),
  );
  const slots = await slotsByLeader(em, catalogue, [...new Set(rows.map((r) => r.leader_id))], now);
  const events: GameEventPayload[] = [];
  for (const b of before) {
    const members = rows.filter((r) => r.alliance_id === b.alliance_id);
    const base = { alliance_id: b.alliance_id, alliance_name: b.alliance_name };
    for (const r of members) events.push({ user_id: r.member_id, event: 'ALLIANCE_LEADERSHIP_CHANGED', data: { ...base, username: r.leader_name, rank: 'LEADER' } });
    const leader = members[0]?.leader_id;
    if (leader !== undefined && slots.get(leader) !== b.slots) for (const r of members) events.push({ user_id: r.member_id, event: 'ALLIANCE_SLOTS_CHANGED', data: base });
  }
  await publishEvents(em, events);
}

import type { EntityManager } from '@mikro-orm/postgresql';
import type { Catalogue } from '@brood/game-data';
import { allianceSlotsMax } from '@brood/game-core';
import type { AllianceRank } from '../entities/alliance.entity';
import { technologiesAt } from '../settle';
import { boundRows } from '../kernel/bulk-write';

export { ALLIANCE_NOT_FOUND } from '../kernel/locks';
export const NOT_IN_ALLIANCE = 'You are not in an alliance.';

/** A player's membership row with their name. */
export interface MemberRow {
  user_id: number;
  username: string;
  alliance_id: number;
  rank: AllianceRank;
  joined_at: Date;
}

const MEMBER_SELECT = `select m.user_id, u.username, m.alliance_id, m.rank, m.joined_at
  from alliance_members m join users u on u.id = m.user_id`;

/** The player's membership, or null when they are in no alliance. */
export async function memberOf(em: EntityManager, userId: number): Promise<MemberRow | null> {
  const rows = await boundRows<MemberRow>(em, `${MEMBER_SELECT} where m.user_id = ?`, [userId]);
  return rows[0] ?? null;
}

/** Every member of an alliance, leader first, then officers, then members, each by seniority. */
export async function membersOf(em: EntityManager, allianceId: number): Promise<MemberRow[]> {
  return boundRows<MemberRow>(
    em,
    `${MEMBER_SELECT} where m.alliance_id = ?
     order by case m.rank when 'LEADER' then 0 when 'OFFICER' then 1 else 2 end, m.joined_at, m.user_id`,
    [allianceId],
  );
}

/** The id of the player's alliance, or null (for other domains: allied stationing reads this). */
export async function allianceOf(em: EntityManager, userId: number): Promise<number | null> {
  return (await memberOf(em, userId))?.alliance_id ?? null;
}

/** Whether two different players are in the same alliance. */
export async function areAllies(em: EntityManager, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  const rows = await boundRows<{ n: number }>(
    em,
    `select count(*)::int as n from alliance_members x join alliance_members y on y.alliance_id = x.alliance_id where x.user_id = ? and y.user_id = ?`,
    [a, b],
  );
  return (rows[0]?.n ?? 0) > 0;
}

/** Slots of the alliances these players lead (universe maximum plus each leader's alliance_slots effect), by leader id. */
export async function slotsByLeader(em: EntityManager, catalogue: Catalogue, leaderIds: readonly number[], at: Date): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (leaderIds.length === 0) return out;
  const rows = await boundRows<{ user_id: number; item_key: string; target_level: number | null; end_time: Date }>(
    em,
    `select user_id, item_key, target_level, end_time from queue_items where kind = 'research' and end_time <= ? and user_id in (${leaderIds.map(() => '?').join(', ')})`,
    [at, ...leaderIds],
  );
  for (const id of leaderIds) {
    const research = rows
      .filter((r) => r.user_id === id)
      .map((r) => ({ itemKey: r.item_key, targetLevel: r.target_level, endTime: new Date(r.end_time) }));
    out.set(id, allianceSlotsMax(catalogue, technologiesAt(research, at.getTime())));
  }
  return out;
}

/** How many members an alliance has now. */
export async function memberCount(em: EntityManager, allianceId: number): Promise<number> {
  const rows = await boundRows<{ n: number }>(em, 'select count(*)::int as n from alliance_members where alliance_id = ?', [allianceId]);
  return rows[0]?.n ?? 0;
}

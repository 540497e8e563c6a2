import type { EntityManager } from '@mikro-orm/postgresql';
import type { CombatReportContent } from '@brood/contracts';

/** A battle's report as the players received it: who was told, and the content of the report. */
export interface BattleReport {
  battle_id: string;
  received_by: { user_id: number; username: string; message_type: string; title: string; created_at: string }[];
  /** The attacker's copy when there is one, else the first copy sent. */
  content: CombatReportContent | null;
}

/**
 * Finds a battle's report from its id through the reports players received (COMBAT_REPORT and
 * DEFENSE_REPORT notifications whose `related_object_id` is the battle id). Null when no one got one.
 *
 * For the lead at merge: m2-war stores battles in a table of their own; once it lands, read that
 * table here first (it keeps a report even after the players delete their notifications) and keep
 * this as the fallback. The console and its tests call only this function.
 */
export async function findBattleReport(em: EntityManager, battleId: string): Promise<BattleReport | null> {
  const rows = await em.fork().execute<{ user_id: number; username: string; message_type: string; title: string; content: CombatReportContent | null; created_at: Date }[]>(
    `select n.user_id, u.username, n.message_type, n.title, n.content, n.created_at
       from notifications n join users u on u.id = n.user_id
      where n.related_object_id = ? and n.message_type in ('COMBAT_REPORT', 'DEFENSE_REPORT')
      order by (n.message_type = 'COMBAT_REPORT') desc, n.created_at, n.user_id
      limit 50`,
    [battleId.slice(0, 64)],
  );
  if (rows.length === 0) return null;
  return {
    battle_id: battleId,
    received_by: rows.map((r) => ({ user_id: r.user_id, username: r.username, message_type: r.message_type, title: r.title, created_at: new Date(r.created_at).toISOString() })),
    content: rows[0]!.content,
  };
}

import type { EntityManager } from '@mikro-orm/postgresql';
import type { CombatReportContent } from '@brood/contracts';
import { BATTLE_REPORT_CONTENT_SQL } from '../notifications/served-content';

/** A battle's report as the players received it: who was told, and the content of the report. */
export interface BattleReport {
  battle_id: string;
  received_by: { user_id: number; username: string; message_type: string; title: string; created_at: string }[];
  /** The attacker's copy when there is one, else the first copy sent. */
  content: CombatReportContent | null;
}

/**
 * Finds a battle's report from its id: the stored battle (migration 0060: kept even after players
 * delete their notifications) and who was told (COMBAT_REPORT and DEFENSE_REPORT notifications whose
 * `related_object_id` is the battle id). Without a stored battle, the attacker's copy of the report
 * (or the first one sent). Null when neither exists.
 */
export async function findBattleReport(em: EntityManager, battleId: string): Promise<BattleReport | null> {
  const db = em.fork();
  const rows = await db.execute<{ user_id: number; username: string; message_type: string; title: string; content: CombatReportContent | null; created_at: Date }[]>(
    `select n.user_id, u.username, n.message_type, n.title, n.content, n.created_at
       from notifications n join users u on u.id = n.user_id
      where n.related_object_id = ? and n.message_type in ('COMBAT_REPORT', 'DEFENSE_REPORT')
      order by (n.message_type = 'COMBAT_REPORT') desc, n.created_at, n.user_id
      limit 50`,
    [battleId.slice(0, 64)],
  );
  const stored = /^\d{1,18}$/.test(battleId)
    ? (await db.execute<{ content: CombatReportContent }[]>(
        `select ${BATTLE_REPORT_CONTENT_SQL} as content from battles where id = ?`,
        [battleId],
      ))[0]
    : undefined;
  if (rows.length === 0 && !stored) return null;
  return {
    battle_id: battleId,
    received_by: rows.map((r) => ({ user_id: r.user_id, username: r.username, message_type: r.message_type, title: r.title, created_at: new Date(r.created_at).toISOString() })),
    content: stored?.content ?? rows[0]?.content ?? null,
  };
}

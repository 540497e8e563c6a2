import type { EntityManager } from '@mikro-orm/postgresql';
import { isStoredBattleReport } from '@brood/contracts';
import type { NotificationView } from './notification-view';
import { withDepartedNames } from '../departed-names';

/**
 * A stored battle's report as its players receive it (social spec 3, combat report content): the
 * report with its battle's id and engine version, built by PostgreSQL as jsonb, so its keys come in
 * the very order the notifications that held whole copies served them.
 */
export const BATTLE_REPORT_CONTENT_SQL = `(report::jsonb || jsonb_build_object('battle_id', id, 'engine_version', engine_version))`;

const REPORT_TYPES: ReadonlySet<string> = new Set(['COMBAT_REPORT', 'DEFENSE_REPORT']);

/**
 * Notifications as the api serves them: a combat or defense report that stores a reference to its
 * battle (StoredBattleReportSchema) gets the battle's whole report as its content, read once per
 * battle in one statement; every other content is served as stored. A report names a participant
 * whose account is gone 'deleted player' (withDepartedNames).
 */
export async function servedNotifications(em: EntityManager, views: NotificationView[]): Promise<NotificationView[]> {
  const referring = views.filter((v) => REPORT_TYPES.has(v.message_type) && isStoredBattleReport(v.content));
  const ids = [...new Set(referring.map((v) => (v.content as { battle_id: number }).battle_id))];
  const rows = ids.length === 0 ? [] : await em.execute<{ id: string; content: Record<string, unknown> }[]>(
    `select id, ${BATTLE_REPORT_CONTENT_SQL} as content from battles where id in (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  const contentOf = new Map(rows.map((r) => [Number(r.id), r.content]));
  const expanded = views.map((v) => {
    if (!referring.includes(v)) return v;
    const content = contentOf.get((v.content as { battle_id: number }).battle_id);
    return content ? { ...v, content } : v;
  });
  // Every report, expanded or a whole older copy, names a removed participant 'deleted player'.
  const reports = expanded.filter((v) => REPORT_TYPES.has(v.message_type));
  if (reports.length === 0) return expanded;
  const named = await withDepartedNames(em, reports.map((v) => v.content));
  return expanded.map((v) => { const i = reports.indexOf(v); return i < 0 ? v : { ...v, content: named[i] as NotificationView['content'] }; });
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from '../kernel/bulk-write';

/** What others read where a removed account's name stood (reports, notices, the Hall of Fame). */
export const DELETED_PLAYER = 'deleted player';

type Row = Record<string, unknown>;
const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? value.filter((v): v is Row => typeof v === 'object' && v !== null) : []);

/**
 * Battle reports as others read them once a participant's account is gone (deleted, or an expired
 * guest): that participant's name reads DELETED_PLAYER, in the results and in every round. A battle's
 * stored report is never rewritten (a replay compares against its text), so reads name them so.
 */
export async function withDepartedNames<T>(em: EntityManager, reports: readonly T[]): Promise<T[]> {
  const ids = new Set<number>();
  for (const r of reports) for (const p of rowsOf((r as Row | null)?.participant_results)) if (typeof p.user_id === 'number') ids.add(p.user_id);
  if (ids.size === 0) return [...reports];
  const present = new Set((await sqlRows<{ id: number }>(em, 'select id from users where id = any($1::int[])', [[...ids]])).map((u) => u.id));
  return reports.map((r) => {
    const report = r as Row | null;
    const gone = rowsOf(report?.participant_results).filter((p) => typeof p.user_id === 'number' && !present.has(p.user_id));
    if (!report || gone.length === 0) return r;
    const indexes = new Set(gone.map((p) => p.participant_index));
    const rename = (p: Row) => (gone.includes(p) || (p.participant_index !== undefined && indexes.has(p.participant_index)) ? { ...p, username: DELETED_PLAYER } : p);
    return {
      ...report,
      participant_results: rowsOf(report.participant_results).map(rename),
      ...(Array.isArray(report.round_details) ? { round_details: rowsOf(report.round_details).map((round) => ({ ...round, participant_results: rowsOf(round.participant_results).map(rename) })) } : {}),
    } as T;
  });
}

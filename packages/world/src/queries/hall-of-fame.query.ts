import type { EntityManager } from '@mikro-orm/postgresql';
import { stripLinks } from '@brood/game-core';
import { fail } from '../errors';
import { BATTLE_REPORT_CONTENT_SQL } from './notifications/served-content';
import { withDepartedNames } from './departed-names';
import { boundRows } from '../kernel/bulk-write';

/** The Hall of Fame keeps its 500 most valuable battles, 100 a page; comments come 20 a page (spec social §9). */
export const HALL_OF_FAME_MAX_ENTRIES = 500;
export const HALL_OF_FAME_PAGE_SIZE = 100;
export const COMMENTS_PAGE_SIZE = 20;

export interface HallOfFameEntry {
  id: number;
  attacker_user_id: number | null;
  attacker_username: string;
  defender_user_id: number | null;
  defender_username: string;
  outcome: string;
  total_unit_value: number;
  combat_timestamp: string;
  combat_log_data: Record<string, unknown>;
  comments_count: number;
}

export interface HallOfFameComment {
  id: number;
  user_id: number;
  username: string;
  comment_text: string;
  created_at: string;
}

/** '59m 30s', '12s': the wait before the next comment. */
export function formatWait(ms: number): string {
  const total = Math.max(1, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return m > 0 ? `${m}m ${s}s` : `${s}s`;
}

// An entry of a stored battle holds no copy of its report: it is read from the battle (decision 12).
const ENTRY_COLUMNS = `e.id, e.attacker_user_id, e.attacker_username, e.defender_user_id, e.defender_username, e.outcome, e.total_unit_value, e.combat_timestamp,
       coalesce(e.combat_log_data, (select ${BATTLE_REPORT_CONTENT_SQL} from battles where battles.id = e.battle_id)) as combat_log_data,
       (select count(*)::int from hall_of_fame_comments c where c.entry_id = e.id) as comments_count`;
type EntryRow = Omit<HallOfFameEntry, 'combat_timestamp'> & { combat_timestamp: Date };
const toEntry = (r: EntryRow): HallOfFameEntry => ({ ...r, combat_timestamp: new Date(r.combat_timestamp).toISOString() });
/** Entries as served: a removed participant reads 'deleted player' in the report too (the entry's own names are rewritten at removal). */
async function toEntries(em: EntityManager, rows: EntryRow[]): Promise<HallOfFameEntry[]> {
  const logs = await withDepartedNames(em, rows.map((r) => r.combat_log_data));
  return rows.map((r, i) => toEntry({ ...r, combat_log_data: logs[i]! }));
}

/** GET /halloffame/entries: the most valuable battles first, never past the 500th. Readable without login. */
export async function listHallOfFame(em: EntityManager, query: { skip: number; limit: number }): Promise<HallOfFameEntry[]> {
  const limit = Math.max(0, Math.min(query.limit, HALL_OF_FAME_MAX_ENTRIES - query.skip));
  if (limit === 0) return [];
  const rows = await boundRows<EntryRow>(em, `select ${ENTRY_COLUMNS} from hall_of_fame_entries e order by e.total_unit_value desc, e.id limit ? offset ?`, [limit, query.skip]);
  return toEntries(em, rows);
}

/** GET /halloffame/entries/{id}: one entry with its report, where a shared Hall of Fame link leads. Readable without login. */
export async function hallOfFameEntry(em: EntityManager, entryId: number): Promise<HallOfFameEntry> {
  const [row] = await boundRows<EntryRow>(em, `select ${ENTRY_COLUMNS} from hall_of_fame_entries e where e.id = ?`, [entryId]);
  if (!row) throw fail.notFound('Hall of Fame entry not found.');
  return (await toEntries(em, [row]))[0]!;
}

/** GET /halloffame/entries/{id}/comments: newest first, 20 a page; links stay replaced when shown. */
export async function listHallOfFameComments(em: EntityManager, query: { entry_id: number; skip: number; limit: number }): Promise<HallOfFameComment[]> {
  const entry = await boundRows(em, 'select 1 from hall_of_fame_entries where id = ?', [query.entry_id]);
  if (entry.length === 0) throw fail.notFound('Hall of Fame entry not found.');
  const rows = await boundRows<Omit<HallOfFameComment, 'created_at'> & { created_at: Date }>(
    em,
    `select c.id, c.user_id, u.username, c.comment_text, c.created_at from hall_of_fame_comments c join users u on u.id = c.user_id
     where c.entry_id = ? order by c.created_at desc, c.id desc limit ? offset ?`,
    [query.entry_id, query.limit, query.skip],
  );
  return rows.map((r) => ({ ...r, comment_text: stripLinks(r.comment_text), created_at: new Date(r.created_at).toISOString() }));
}

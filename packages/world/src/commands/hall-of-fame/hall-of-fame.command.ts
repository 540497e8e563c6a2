import type { EntityManager } from '@mikro-orm/postgresql';
import { stripLinks } from '@brood/game-core';
import { fail } from '../../errors';
import { inTransaction, type Actor, type WorldDeps } from '../../kernel/deps';
import { lockPlayer } from '../../kernel/locks';
import { formatWait, type HallOfFameComment } from '../../queries/hall-of-fame.query';

export const COMMENT_COOLDOWN_MS = 60 * 60 * 1000;
export const COMMENT_MAX_LENGTH = 1000;
export const COMMENT_RULES = {
  empty: 'Comment text must not be empty.',
  long: `Comment must be at most ${COMMENT_MAX_LENGTH} characters.`,
  entry: 'Hall of Fame entry not found.',
} as const;

export type NewHallOfFameEntry = HallOfFameEntryFacts & (
  /** The stored battle whose report (spec social §3 combat report content) the entry's modal shows: the battles' way (decision 12). */
  | { battle_id: number; combat_log_data?: never }
  /** A combat log of its own, stored with the entry. */
  | { combat_log_data: Record<string, unknown>; battle_id?: never }
);

export interface HallOfFameEntryFacts {
  attacker_user_id: number | null;
  attacker_username: string;
  defender_user_id: number | null;
  defender_username: string;
  outcome: string;
  total_unit_value: number;
  combat_timestamp: Date;
}

/** An entry's facts, in the column order of both inserts (addHallOfFameEntry's, and the one in storeBattle's statement). */
const FACTS = [
  ['attacker_user_id', 'int'],
  ['attacker_username', 'text'],
  ['defender_user_id', 'int'],
  ['defender_username', 'text'],
  ['outcome', 'text'],
  ['total_unit_value', 'float8'],
  ['combat_timestamp', 'timestamptz'],
] as const satisfies readonly (readonly [keyof HallOfFameEntryFacts, string])[];

const factValues = (entry: HallOfFameEntryFacts) => FACTS.map(([column]) => entry[column]);

/**
 * The insert of an entry that refers to the battle a statement's `battle` CTE (one `id` column) has
 * just stored, its facts bound from parameter $first on: the battle and its entry in one statement.
 */
export function hallOfFameOfBattle(entry: HallOfFameEntryFacts, first: number): { sql: string; values: unknown[] } {
  const params = FACTS.map(([, type], i) => `$${first + i}::${type}`).join(', ');
  return {
    sql: `insert into hall_of_fame_entries (${FACTS.map(([c]) => c).join(', ')}, battle_id) select ${params}, battle.id from battle`,
    values: factValues(entry),
  };
}

/**
 * Records a notable battle, in the caller's transaction (the battle resolution calls this). Returns
 * its id. An entry of a stored battle refers to it (decision 12): the report is not copied, the reads
 * serve it as the combat log.
 */
export async function addHallOfFameEntry(em: EntityManager, entry: NewHallOfFameEntry): Promise<number> {
  const rows = await em.execute<{ id: number }[]>(
    `insert into hall_of_fame_entries (${FACTS.map(([c]) => c).join(', ')}, combat_log_data, battle_id)
     values (${FACTS.map(() => '?').join(', ')}, ?::jsonb, ?) returning id`,
    [...factValues(entry), entry.combat_log_data ? JSON.stringify(entry.combat_log_data) : null, entry.battle_id ?? null],
  );
  return rows[0]!.id;
}

/**
 * POST /halloffame/entries/{id}/comments: non-empty text, links replaced by '[Link entfernt]', one
 * comment per player per hour (429 whose sentence says 'rate limit'). The player's row is locked so
 * two posts at once cannot both pass the check.
 */
export async function postHallOfFameComment(deps: WorldDeps, actor: Actor, input: { entry_id: number; comment_text: string }, now: Date): Promise<HallOfFameComment> {
  const text = stripLinks(input.comment_text.trim());
  if (!text) throw fail.unprocessable(COMMENT_RULES.empty);
  if ([...text].length > COMMENT_MAX_LENGTH) throw fail.unprocessable(COMMENT_RULES.long);
  return inTransaction(deps, async (tx) => {
    await lockPlayer(tx.em, actor);
    const entry = await tx.em.execute('select 1 from hall_of_fame_entries where id = ?', [input.entry_id]);
    if (entry.length === 0) throw fail.notFound(COMMENT_RULES.entry);
    const last = await tx.em.execute<{ created_at: Date }[]>('select created_at from hall_of_fame_comments where user_id = ? order by created_at desc limit 1', [actor.id]);
    const nextAt = last[0] ? new Date(last[0].created_at).getTime() + COMMENT_COOLDOWN_MS : 0;
    if (nextAt > now.getTime()) throw fail.tooMany(`Comment rate limit reached: you can post again in ${formatWait(nextAt - now.getTime())}.`);
    const rows = await tx.em.execute<{ id: number }[]>('insert into hall_of_fame_comments (entry_id, user_id, comment_text, created_at) values (?, ?, ?, ?) returning id', [
      input.entry_id,
      actor.id,
      text,
      now,
    ]);
    const user = await tx.em.execute<{ username: string }[]>('select username from users where id = ?', [actor.id]);
    return { id: rows[0]!.id, user_id: actor.id, username: user[0]!.username, comment_text: text, created_at: now.toISOString() };
  });
}

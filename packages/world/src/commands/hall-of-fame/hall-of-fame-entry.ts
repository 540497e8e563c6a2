import type { EntityManager } from '@mikro-orm/postgresql';
import type { HallOfFameEntry } from '../../queries/hall-of-fame.query';

export type NewHallOfFameEntry = HallOfFameEntryFacts & (
  /** The stored battle whose report (spec social §3 combat report content) the entry's modal shows: the battles' way (decision 12). */
  | { battle_id: number; combat_log_data?: never }
  /** A combat log of its own, stored with the entry. */
  | { combat_log_data: Record<string, unknown>; battle_id?: never }
);

/** What an entry states about its battle: the columns of a served entry (HallOfFameEntry), its time as a Date. */
export type HallOfFameEntryFacts = Omit<HallOfFameEntry, 'id' | 'combat_timestamp' | 'combat_log_data' | 'comments_count'> & { combat_timestamp: Date };

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

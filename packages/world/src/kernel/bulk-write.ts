import { Utils, type EntityManager } from '@mikro-orm/postgresql';
import { inTransactionSql } from '../events';
import type { Movement } from '../entities/movement.entity';
import type { Territory } from '../entities/territory.entity';

/**
 * Set-based writes for the sim-worker's batches. MikroORM's flush stores a batch of changed rows as
 * one UPDATE per table whose every column is a `CASE id WHEN ...` over the whole batch, which
 * PostgreSQL evaluates row by row against every branch, and it compares every managed entity to its
 * snapshot first. Here each table is one `UPDATE ... FROM jsonb_to_recordset($1)` writing every
 * column the game changes, and the unit of work then forgets the entities (`forget`), so a flush
 * after it neither stores nor compares them; anything else the batch changed it still stores.
 */

/** Runs a statement with real bind parameters ($1, $2, ...) in the EntityManager's transaction. */
export async function sqlRows<T>(em: EntityManager, text: string, values: readonly unknown[] = []): Promise<T[]> {
  return (await inTransactionSql(em).executeSql(text, [...values])).rows as T[];
}

/**
 * sqlRows for a text written with `?` placeholders, as em.execute takes them (each `?` is the next
 * value, in order; the text holds no other `?`). em.execute writes the values into the text, so each
 * player's call is a text of its own that PostgreSQL parses and plans anew; here they go as bind
 * parameters, and a statement the process repeats is prepared once per connection (db/prepared.ts).
 * The frequent reads and writes use this; a value's type comes from where it stands in the statement.
 */
export async function boundRows<T>(em: EntityManager, text: string, values: readonly unknown[] = []): Promise<T[]> {
  let n = 0;
  const numbered = text.replace(/\?/g, () => `$${++n}`);
  if (n !== values.length) throw new Error(`boundRows: ${n} placeholders for ${values.length} values`);
  return sqlRows<T>(em, numbered, values);
}

/** Rows grouped by `key` (a territory's, a player's), each group in the rows' order, as `value` makes them. */
export function groupRows<R, V = R>(rows: readonly R[], key: (row: R) => number, value: (row: R) => V = (row) => row as unknown as V): Map<number, V[]> {
  const groups = new Map<number, V[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(value(row));
    else groups.set(key(row), [value(row)]);
  }
  return groups;
}

/** An instant as epoch milliseconds, as a Date of it would answer getTime() (the driver hands raw timestamps over as text). */
export const epochMs = (column: string) => `floor(extract(epoch from ${column}) * 1000)::float8`;

/**
 * `column` matched against the ids bound as parameter `param`: `= $n` for one id, `= any($n)` for
 * several. PostgreSQL takes an array parameter for ten elements, so the kept generic plan of the
 * array form looks dearer than a fresh one and it plans that text at every run (docs/decisions.md
 * 20); the one-id text keeps its plan. Answers the condition and the value to bind.
 */
export function matchIds(column: string, param: string, ids: readonly number[]): { where: string; value: number | readonly number[] } {
  return ids.length === 1 ? { where: `${column} = ${param}`, value: ids[0]! } : { where: `${column} = any(${param}::int[])`, value: ids };
}

/** A query's rows as one JSON array column, so that one statement answers several lists in one round trip. */
export const jsonList = (query: string) => `(select coalesce(json_agg(q), '[]') from (${query}) q)`;

/**
 * Milliseconds from the database's now to the instant a `select ... as at` answers (null when it answers
 * none). The factor is bound: a text with a parameter is prepared and keeps its plan (db/prepared.ts),
 * where one without was planned at every look (the waker's, some ten a second at 3,000 online).
 */
export async function msUntil(em: EntityManager, atQuery: string): Promise<number | null> {
  const [row] = await sqlRows<{ ms: number | null }>(em, `select extract(epoch from (${atQuery}) - now()) * $1::float8 as ms`, [1000]);
  return row?.ms == null ? null : Number(row.ms);
}

/**
 * Lets the unit of work forget entities just written: every column the game ever changes was
 * written (the others, a territory's coordinates and creation time or a movement's start and owner,
 * never change after insert), so no flush has anything to store for them, and none compares them to
 * a snapshot (two scans a batch: the batch's flush and the commit's). A later read in the same
 * transaction loads them afresh, as written.
 */
function forget(em: EntityManager, entities: readonly object[]): void {
  const uow = em.getUnitOfWork();
  for (const entity of entities) if (Utils.isEntity(entity)) uow.unsetIdentity(entity); // not a plain row (lockTerritoryRows)
}

/** Whether the unit of work is about to delete the entity (a fleet that landed): no update for it. */
const removed = (em: EntityManager) => {
  const stack = em.getUnitOfWork().getRemoveStack();
  return (entity: object) => stack.has(entity);
};

/** What writeTerritories stores: an entity, or a plain row (lockTerritoryRows). */
type TerritoryWrite = Pick<Territory, 'id' | 'name' | 'resources' | 'resourcesUpdatedAt' | 'structures' | 'units' | 'defenses'> & { readonly owner?: { readonly id: number } | null };

/** Stores the territories' owner, name, stock, structures, units and defenses in one statement. */
export async function writeTerritories(em: EntityManager, territories: readonly TerritoryWrite[]): Promise<void> {
  const isRemoved = removed(em);
  const rows = territories.filter((t) => !isRemoved(t));
  if (rows.length === 0) return;
  await sqlRows(
    em,
    `update territories t set owner_id = r.owner_id, name = r.name, resources = r.resources, resources_updated_at = r.resources_updated_at,
            structures = r.structures, units = r.units, defenses = r.defenses
     from jsonb_to_recordset($1::jsonb) as r(id int, owner_id int, name text, resources jsonb, resources_updated_at timestamptz, structures jsonb, units jsonb, defenses jsonb)
     where t.id = r.id`,
    [
      JSON.stringify(
        rows.map((t) => ({
          id: t.id,
          owner_id: t.owner?.id ?? null,
          name: t.name,
          resources: t.resources,
          resources_updated_at: t.resourcesUpdatedAt,
          structures: t.structures,
          units: t.units,
          defenses: t.defenses,
        })),
      ),
    ],
  );
  forget(em, rows);
}

/** Stores the movements' legs (mission, times, leg, cargo and units) in one statement; removed ones are left to the flush. */
export async function writeMovements(em: EntityManager, movements: readonly Movement[]): Promise<void> {
  const isRemoved = removed(em);
  const rows = movements.filter((m) => !isRemoved(m));
  if (rows.length === 0) return;
  await sqlRows(
    em,
    `update movements m set mission = r.mission, original_mission = r.original_mission, target_territory_id = r.target_territory_id,
            target_owner_id = r.target_owner_id, units = r.units, resources = r.resources, attack_group_id = r.attack_group_id,
            start_time = r.start_time, arrival_time = r.arrival_time, exploring_since = r.exploring_since, leg = r.leg
     from jsonb_to_recordset($1::jsonb) as r(id uuid, mission text, original_mission text, target_territory_id int, target_owner_id int, units jsonb,
            resources jsonb, attack_group_id uuid, start_time timestamptz, arrival_time timestamptz, exploring_since timestamptz, leg int)
     where m.id = r.id`,
    [
      JSON.stringify(
        rows.map((m) => ({
          id: m.id,
          mission: m.mission,
          original_mission: m.originalMission ?? null,
          target_territory_id: m.targetTerritoryId ?? null,
          target_owner_id: m.targetOwnerId ?? null,
          units: m.units,
          resources: m.resources,
          attack_group_id: m.attackGroupId ?? null,
          start_time: m.startTime,
          arrival_time: m.arrivalTime ?? null,
          exploring_since: m.exploringSince ?? null,
          leg: m.leg,
        })),
      ),
    ],
  );
  forget(em, rows);
}

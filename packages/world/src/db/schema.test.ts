import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseSchema, SchemaComparator } from '@mikro-orm/postgresql';
import { MOVEMENT_MISSIONS } from '@brood/game-core';
import { createTestDatabase, type TestDatabase } from '../testing';
import { GRID_BOUNDS, type GridColumn } from './grid';
import { UniverseOverridesEnv } from './env';

/**
 * The database is built by the hand-written SQL migrations, the code reads it through the MikroORM
 * entities: these tests fail when the two disagree, or when a table's grid checks and universe.json do.
 */
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase({ poolMax: 2 });
});
afterAll(async () => {
  await db?.stop();
});

/**
 * What MikroORM's schema generator would change to make the migrated database match the entities,
 * column by column. Ignored on purpose: tables without an entity (read through SQL), and indexes,
 * checks, foreign keys, triggers and column defaults, which the migrations own (entities set their
 * values in code).
 */
async function columnDisagreements(): Promise<string[]> {
  const { orm } = db;
  const platform = orm.em.getPlatform();
  const target = orm.schema.getTargetSchema();
  const actual = await DatabaseSchema.create(orm.em.getConnection(), platform, orm.config, undefined, [...target.getNamespaces()]);
  const diff = new SchemaComparator(platform).compare(actual, target);
  const out = Object.keys(diff.newTables).map((table) => `${table}: an entity maps it, no migration creates it`);
  for (const [table, t] of Object.entries(diff.changedTables)) {
    for (const column of Object.keys(t.addedColumns)) out.push(`${table}.${column}: in the entity, not in the database`);
    for (const column of Object.keys(t.removedColumns)) out.push(`${table}.${column}: in the database, not in the entity`);
    for (const column of Object.keys(t.renamedColumns)) out.push(`${table}.${column}: named differently in the entity`);
    for (const [column, change] of Object.entries(t.changedColumns)) {
      const changed = [...change.changedProperties].filter((p) => p !== 'default');
      if (changed.length > 0) {
        const from = change.fromColumn;
        const to = change.column;
        out.push(`${table}.${column}: ${changed.join(', ')} differ (database ${from.type}${from.nullable ? ' null' : ' not null'}, entity ${to.type}${to.nullable ? ' null' : ' not null'})`);
      }
    }
  }
  return out;
}

describe('entities and migrations', () => {
  it('agree on every table, column, type and nullability', async () => {
    expect(await columnDisagreements()).toEqual([]);
  });
});

/** Which grid dimension a column holds, by its name (`region`, `origin_sub_region`, `position`, ...). */
function gridKind(column: string): GridColumn | null {
  if (/(^|_)sub_region$/.test(column)) return 'sub_region';
  if (/(^|_)region$/.test(column)) return 'region';
  if (/(^|_)position$/.test(column)) return 'position';
  return null;
}

describe('grid checks', () => {
  it('bound every grid column of every table by the grid of universe.json', async () => {
    const columns = await db.orm.em.fork().execute<{ table: string; column: string; checks: string[] }[]>(`
      select c.relname as table, a.attname as column,
             coalesce(array_agg(pg_get_constraintdef(k.oid)) filter (where k.oid is not null), '{}') as checks
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid and c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
        left join pg_constraint k on k.conrelid = c.oid and k.contype = 'c' and k.conkey = array[a.attnum]
       where a.attnum > 0 and not a.attisdropped and a.atttypid = 'integer'::regtype
       group by 1, 2 order by 1, 2`);
    const grid = columns.flatMap(({ table, column, checks }) => {
      const kind = gridKind(column);
      return kind ? [{ table, column, kind, checks }] : [];
    });
    expect(grid.map((g) => `${g.table}.${g.column}`)).toEqual(expect.arrayContaining(['territories.region', 'territories.sub_region', 'territories.position']));
    for (const { table, column, kind, checks } of grid) {
      const bounds = checks.map((def) => /^CHECK \(\(\("?(\w+)"? >= 1\) AND \("?\w+"? <= (\d+)\)\)\)$/.exec(def)).filter((m) => m !== null);
      expect(bounds.map((m) => `${table}.${m[1]} in 1..${m[2]}`), `${table}.${column}: ${checks.join('; ') || 'no check'}`)
        .toEqual([`${table}.${column} in 1..${GRID_BOUNDS[kind]}`]);
    }
  });

  it('cannot be moved by UNIVERSE_OVERRIDES', () => {
    const parsed = UniverseOverridesEnv.safeParse('{"map": {"regions": 100}}');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('UNIVERSE_OVERRIDES cannot change map: the database checks coordinates against the grid of universe.json');
    expect(UniverseOverridesEnv.parse('{"universe_speed_factor": 5}')).toEqual({ universe_speed_factor: 5 });
  });
});

describe('mission checks', () => {
  it('allow on movements exactly the missions of game-core\'s mission table', async () => {
    const checks = await db.orm.em.fork().execute<{ column: string; def: string }[]>(`
      select a.attname as column, pg_get_constraintdef(k.oid) as def
        from pg_constraint k
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
       where k.conrelid = 'movements'::regclass and k.contype = 'c' and a.attname in ('mission', 'original_mission')
       order by 1`);
    const allowed = checks.map(({ column, def }) => ({ column, missions: [...def.matchAll(/'(\w+)'::text/g)].map((m) => m[1]).sort() }));
    const table = [...MOVEMENT_MISSIONS].sort();
    expect(allowed).toEqual([{ column: 'mission', missions: table }, { column: 'original_mission', missions: table }]);
  });
});

describe('territory statistics', () => {
  it('are gathered for the columns plans use, not for the jsonb the table is rewritten for (migration 0260)', async () => {
    const em = db.orm.em.fork();
    await em.execute(`insert into users (username, email, password_hash) values ('stats', 'stats@example.test', 'x')`);
    await em.execute(`insert into territories (owner_id, name, region, sub_region, position, resources, structures, units)
      select (select id from users where username = 'stats'), 'T' || g, 1 + g % 961, 1 + g / 961, 1 + g % 25, jsonb_build_object('fiber', g), '{"hive": 1}', jsonb_build_object('drone', g)
        from generate_series(1, 300) g on conflict do nothing`);
    await em.execute('analyze territories');
    const gathered = await em.execute<{ attname: string }[]>(`select attname from pg_stats where schemaname = 'public' and tablename = 'territories' order by 1`);
    const columns = gathered.map((r) => r.attname);
    expect(columns).toEqual(expect.arrayContaining(['owner_id', 'region', 'sub_region', 'position', 'name']));
    expect(columns.filter((c) => ['resources', 'structures', 'units', 'defenses'].includes(c))).toEqual([]);
  });
});

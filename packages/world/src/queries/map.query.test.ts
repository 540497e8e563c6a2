import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../testing';
import { everyRegion, everySubregion, MAP_REGIONS, regionTerritories, regionTerritoriesJson, regionsOverview, subregionsOverview } from './map.query';
import { loadCatalogue } from '@brood/game-data';

const CATALOGUE = loadCatalogue();

/**
 * The occupancy counters are kept by triggers; whatever writes territories do (single and bulk
 * inserts, deletes, owner changes, moves, truncation), the overviews must say what a full recount says.
 * The same writes (and renamed players) move the change stamps behind the kept territory lists: after
 * every write, a region's kept answer must be what a fresh read says.
 */
let db: TestDatabase;
let sql: pg.Client;
const USERS = [1, 2, 3];
// A tiny corner of the grid so operations collide often.
const coord = fc.record({ r: fc.integer({ min: 1, max: 3 }), s: fc.integer({ min: 1, max: 3 }), p: fc.integer({ min: 1, max: 2 }) });
const owner = fc.option(fc.constantFrom(...USERS), { nil: null });

type Op =
  | { kind: 'insert'; rows: { owner: number | null; r: number; s: number; p: number }[] }
  | { kind: 'delete'; at: { r: number; s: number; p: number } }
  | { kind: 'deleteOwned'; owner: number }
  | { kind: 'setOwner'; at: { r: number; s: number; p: number }; owner: number | null }
  | { kind: 'move'; from: { r: number; s: number; p: number }; to: { r: number; s: number; p: number } }
  | { kind: 'rename'; at: { r: number; s: number; p: number } }
  | { kind: 'renameUser'; user: number }
  | { kind: 'truncate' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('insert' as const), rows: fc.array(fc.record({ owner, r: coord.map((c) => c.r), s: coord.map((c) => c.s), p: coord.map((c) => c.p) }), { minLength: 1, maxLength: 4 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), at: coord }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteOwned' as const), owner: fc.constantFrom(...USERS) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('setOwner' as const), at: coord, owner }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('move' as const), from: coord, to: coord }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rename' as const), at: coord }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('renameUser' as const), user: fc.constantFrom(...USERS) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'truncate' as const }) },
);

async function apply(o: Op): Promise<void> {
  switch (o.kind) {
    case 'insert': {
      // One statement for all rows: the statement trigger sees them together.
      const values = o.rows.map((_, i) => `($${i * 4 + 1}::int, 'T', $${i * 4 + 2}::int, $${i * 4 + 3}::int, $${i * 4 + 4}::int)`).join(', ');
      await sql.query(
        `insert into territories (owner_id, name, region, sub_region, position)
         select distinct on (r, s, p) o, n, r, s, p from (values ${values}) v(o, n, r, s, p) on conflict do nothing`,
        o.rows.flatMap((row) => [row.owner, row.r, row.s, row.p]),
      );
      return;
    }
    case 'delete':
      await sql.query('delete from territories where region = $1 and sub_region = $2 and position = $3', [o.at.r, o.at.s, o.at.p]);
      return;
    case 'deleteOwned':
      await sql.query('delete from territories where owner_id = $1', [o.owner]);
      return;
    case 'setOwner':
      await sql.query('update territories set owner_id = $4 where region = $1 and sub_region = $2 and position = $3', [o.at.r, o.at.s, o.at.p, o.owner]);
      return;
    case 'move':
      await sql.query(
        `update territories set region = $4, sub_region = $5, position = $6
          where region = $1 and sub_region = $2 and position = $3
            and not exists (select 1 from territories where region = $4 and sub_region = $5 and position = $6)`,
        [o.from.r, o.from.s, o.from.p, o.to.r, o.to.s, o.to.p],
      );
      return;
    case 'rename':
      await sql.query(`update territories set name = 'Renamed', resources = '{"fiber": 1}' where region = $1 and sub_region = $2 and position = $3`, [o.at.r, o.at.s, o.at.p]);
      return;
    case 'renameUser':
      renames += 1;
      await sql.query(`update users set username = 'u' || id || '_' || $2::int where id = $1`, [o.user, renames]);
      return;
    case 'truncate':
      await sql.query('truncate territories cascade');
      return;
  }
}

let renames = 0;

/** Each region's kept answer (written by PostgreSQL, kept by stamp) is byte for byte a fresh read's. */
async function expectTerritoryListsFresh(): Promise<void> {
  for (const r of [1, 2, 3]) {
    const em = db.orm.em.fork();
    // A viewer who owns nothing reads every owner_status empty: the shared, kept text itself.
    const viewer = { id: 0, catalogue: CATALOGUE, now: new Date() };
    const sent = (await regionTerritoriesJson(em, viewer, r)).toString('utf8');
    expect({ region: r, sent }).toEqual({ region: r, sent: JSON.stringify(await regionTerritories(em, viewer, r)) });
  }
}

interface Expected {
  regions: Map<number, { mine: boolean; enemy: boolean }>;
  subregions: Map<string, { mine: boolean; enemy: boolean }>;
}

/** What the overviews must say for `me`, recounted from the territories themselves. */
async function recount(me: number): Promise<Expected> {
  const { rows } = await sql.query<{ region: number; sub_region: number; owner_id: number }>('select region, sub_region, owner_id from territories where owner_id is not null');
  const regions: Expected['regions'] = new Map();
  const subregions: Expected['subregions'] = new Map();
  for (const row of rows) {
    for (const [map, key] of [[regions, row.region], [subregions, `${row.region}:${row.sub_region}`]] as const) {
      const entry = (map as Map<typeof key, { mine: boolean; enemy: boolean }>).get(key) ?? { mine: false, enemy: false };
      if (row.owner_id === me) entry.mine = true;
      else entry.enemy = true;
      (map as Map<typeof key, { mine: boolean; enemy: boolean }>).set(key, entry);
    }
  }
  return { regions, subregions };
}

beforeAll(async () => {
  db = await createTestDatabase();
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  await sql.query(`insert into users (id, username, email, password_hash) select g, 'u' || g, 'u' || g || '@x.test', 'x' from unnest($1::int[]) g`, [USERS]);
});

afterAll(async () => {
  await sql?.end();
  await db?.stop();
});

describe('map overviews from the occupancy counters', () => {
  it('always agree with a recount of the territories, whatever writes came before (and kept territory lists stay fresh)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        await sql.query('truncate territories cascade');
        await expectTerritoryListsFresh();
        for (const o of ops) {
          await apply(o);
          await expectTerritoryListsFresh();
        }
        for (const me of USERS) {
          const expected = await recount(me);
          const em = db.orm.em.fork();
          const present = await regionsOverview(em, me);
          // The ids where someone is, ascending; the whole grid is the REST answer.
          const ascending = (keys: Iterable<number>) => [...keys].sort((a, b) => a - b);
          expect(present).toEqual({
            mine: ascending([...expected.regions].filter(([, e]) => e.mine).map(([r]) => r)),
            enemy: ascending([...expected.regions].filter(([, e]) => e.enemy).map(([r]) => r)),
          });
          const regions = everyRegion(present);
          expect(regions).toHaveLength(MAP_REGIONS);
          for (const row of regions.filter((r) => r.region_id <= 4)) {
            const e = expected.regions.get(row.region_id) ?? { mine: false, enemy: false };
            expect({ region: row.region_id, mine: row.has_player_presence, enemy: row.has_enemy_presence }).toEqual({ region: row.region_id, ...e });
          }
          for (const r of [1, 2, 3]) {
            const subs = everySubregion(await subregionsOverview(em, me, r));
            for (const row of subs.filter((x) => x.sub_region_id <= 4)) {
              const e = expected.subregions.get(`${r}:${row.sub_region_id}`) ?? { mine: false, enemy: false };
              expect({ at: `${r}:${row.sub_region_id}`, mine: row.has_player_presence, enemy: row.has_enemy_presence }).toEqual({ at: `${r}:${row.sub_region_id}`, ...e });
            }
          }
        }
        const { rows: drift } = await sql.query(`
          select 'region' as level, region, 0 as sub_region from (
            select region, territories from region_occupancy where territories <> 0
            except select region, count(*)::int from territories where owner_id is not null group by 1) r
          union all
          select 'sub', region, sub_region from (
            select region, sub_region, territories from subregion_occupancy where territories <> 0
            except select region, sub_region, count(*)::int from territories where owner_id is not null group by 1, 2) s`);
        expect(drift).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a region outside the grid with a sentence', async () => {
    await expect(subregionsOverview(db.orm.em.fork(), 1, MAP_REGIONS + 1)).rejects.toThrow(`Region id must be a whole number between 1 and ${MAP_REGIONS}.`);
  });
});

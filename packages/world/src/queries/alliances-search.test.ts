import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { loadCatalogue } from '@brood/game-data';
import { createTestDatabase, type TestDatabase } from '../testing';
import { listAlliances } from './alliances.query';

/**
 * The alliance search answers what a plain filter and sort of every alliance says, whether its page
 * lies among the first alliances by name (dense matches) or needs the trigram indexes (rare ones,
 * matches far down the name order, none at all), on every page.
 */
let db: TestDatabase;
let sql: pg.Client;
const catalogue = loadCatalogue();
const COUNT = 700;
beforeAll(async () => {
  db = await createTestDatabase();
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  await sql.query(`insert into users (id, username, email, password_hash) select g, 's' || g, 's' || g || '@x.test', 'x' from generate_series(1, ${COUNT}) g`);
  // Names by number; every seventh a Hive (dense), a few Zealots at the end of the name order (rare), tags by number.
  await sql.query(
    `insert into alliances (id, name, tag) select g, case when g % 7 = 0 then 'Hive ' when g > ${COUNT - 4} then 'Zealot ' else 'Brood ' end || lpad(g::text, 4, '0'), 'T' || g from generate_series(1, ${COUNT}) g`,
  );
  await sql.query(`insert into alliance_members (user_id, alliance_id, rank) select g, g, 'LEADER' from generate_series(1, ${COUNT}) g`);
});
afterAll(async () => {
  await sql?.end();
  await db?.stop();
});

const plain = async (text: string, skip: number, limit: number) =>
  (await sql.query<{ id: number }>(`select id from alliances where name ilike $1 or tag ilike $1 order by lower(name), id limit $2 offset $3`, [`%${text}%`, limit, skip])).rows.map((r) => r.id);

describe('the alliance search', () => {
  it('pages every kind of match as a plain sort of the matching alliances does', async () => {
    const deps = () => ({ em: db.orm.em.fork(), catalogue, boss: undefined as unknown as PgBoss });
    for (const text of ['hive', 'HIVE 06', 'brood', 'zealot', 'ealot 069', 't69', '0', '12', 'nothing', '_', 'T7']) {
      for (const [skip, limit] of [[0, 10], [10, 10], [0, 100], [95, 10], [300, 20]] as const) {
        const got = (await listAlliances(deps(), { skip, limit, search: text }, new Date())).map((a) => a.id);
        expect({ text, skip, limit, got }).toEqual({ text, skip, limit, got: await plain(text.replace(/[\\%_]/g, (c) => `\\${c}`), skip, limit) });
      }
    }
  });
});

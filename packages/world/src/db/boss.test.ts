import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing';
import { createBoss } from './boss';

/**
 * A queue holding a job for every fleet in flight and every queue item in progress (a universe at
 * speed 1) still fetches its few due jobs without reading the others (migrateBoss's index).
 */
let db: TestDatabase;
let sql: pg.Client;
const QUEUE = 'probe-due';

beforeAll(async () => {
  db = await createTestDatabase();
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  await sql.query(`select pgboss.create_queue($1, '{"policy":"standard"}'::jsonb)`, [QUEUE]);
  // 20,000 jobs due within the next hours, made over the last hour, and three due now.
  await sql.query(
    `insert into pgboss.job (id, name, data, start_after, created_on)
     select gen_random_uuid(), $1, jsonb_build_object('n', g), now() + interval '2 hours' + g * interval '1 second', now() - interval '1 hour' + g * interval '100 ms'
     from generate_series(1, 20000) g`,
    [QUEUE],
  );
  await sql.query(`insert into pgboss.job (id, name, data, start_after) select gen_random_uuid(), $1, jsonb_build_object('due', g), now() - interval '1 second' from generate_series(1, 3) g`, [QUEUE]);
  await sql.query('vacuum analyze pgboss.job_common');
});

afterAll(async () => {
  await sql?.end();
  await db?.stop();
});

describe('the index of waiting jobs', () => {
  it("lets the fetch's selection read the due jobs by queue and due time, not every job of the queue", async () => {
    const { rows } = await sql.query<{ 'QUERY PLAN': [{ Plan: object }] }>(
      `explain (format json) select id from pgboss.job j where j.name = $1 and j.state < 'active' and not j.blocked and j.start_after <= now()
       order by j.priority desc, j.created_on limit 250 for update of j skip locked`,
      [QUEUE],
    );
    const scans = JSON.stringify(rows[0]!['QUERY PLAN'][0].Plan);
    const { rows: [index] } = await sql.query<{ name: string }>(
      `select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
       where i.indrelid = 'pgboss.job_common'::regclass and pg_get_indexdef(i.indexrelid) like '%(name, start_after)%'`,
    );
    expect(index).toBeDefined();
    expect(scans).toContain(`"Index Name":"${index!.name}"`);
  });

  it("pg-boss's fetch answers exactly the due jobs through it", async () => {
    const boss = createBoss(db.url, 'api');
    boss.on('error', () => undefined);
    await boss.start();
    try {
      const jobs = await boss.fetch<{ due: number }>(QUEUE, { batchSize: 250 });
      expect(jobs.map((j) => j.data.due).sort()).toEqual([1, 2, 3]);
    } finally {
      await boss.stop({ graceful: false });
    }
  });
});

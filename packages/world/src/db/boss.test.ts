import pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONE_JOB_KEPT_SECONDS } from '../jobs';
import { createTestDatabase, type TestDatabase } from '../testing';
import { createBoss, DONE_JOB_SWEEP_SECONDS } from './boss';

/**
 * A queue holding a job for every fleet in flight and every queue item in progress (a universe at
 * speed 1) still fetches its few due jobs, and with many done jobs beside them finds its few running
 * ones, without reading the others (migrateBoss's indexes); and done jobs go once their hour has
 * passed.
 */
let db: TestDatabase;
let sql: pg.Client;
let boss: PgBoss;
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
  boss = createBoss(db.url, 'api');
  boss.on('error', () => undefined);
  await boss.start();
});

/** 30,000 jobs done over the last hour, and two running: one for a second, one past its expiry. */
async function addDoneAndRunning(): Promise<void> {
  await sql.query(
    `insert into pgboss.job (id, name, data, state, start_after, created_on, started_on, completed_on)
     select gen_random_uuid(), $1, jsonb_build_object('done', g), 'completed', at, at, at, at from generate_series(1, 30000) g, lateral (select now() - g * interval '120 ms' as at) t`,
    [QUEUE],
  );
  await sql.query(
    `insert into pgboss.job (id, name, data, state, expire_seconds, start_after, started_on)
     values (gen_random_uuid(), $1, '{"running":"now"}', 'active', 900, now(), now() - interval '1 second'),
            (gen_random_uuid(), $1, '{"running":"expired"}', 'active', 60, now() - interval '2 minutes', now() - interval '2 minutes')`,
    [QUEUE],
  );
  await sql.query('vacuum analyze pgboss.job_common');
}

afterAll(async () => {
  await boss?.stop({ graceful: false });
  await sql?.end();
  await db?.stop();
});

/** A statement's plan on one of pg-boss's own connections, as JSON text. */
async function planOf(text: string, values: unknown[]): Promise<string> {
  const { rows } = await boss.getDb().executeSql(`explain (format json) ${text}`, values);
  return JSON.stringify((rows[0] as { 'QUERY PLAN': [{ Plan: object }] })['QUERY PLAN'][0].Plan);
}

/** The name of job_common's index whose definition holds `fragment`. */
async function indexWith(fragment: string): Promise<string> {
  const { rows: [index] } = await sql.query<{ name: string }>(
    `select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
     where i.indrelid = 'pgboss.job_common'::regclass and pg_get_indexdef(i.indexrelid) like $1`,
    [`%${fragment}%`],
  );
  expect(index).toBeDefined();
  return index!.name;
}

describe("the game's index of waiting jobs", () => {
  it("lets the fetch's selection read the due jobs by queue and due time, not every job of the queue", async () => {
    const plan = await planOf(
      `select id from pgboss.job j where j.name = $1 and j.state < 'active' and not j.blocked and j.start_after <= now()
       order by j.priority desc, j.created_on limit 250 for update of j skip locked`,
      [QUEUE],
    );
    expect(plan).toContain(`"Index Name":"${await indexWith('(name, start_after)')}"`);
  });

  it("lets pg-boss's fetch answer exactly the due jobs", async () => {
    const jobs = await boss.fetch<{ due: number }>(QUEUE, { batchSize: 250 });
    expect(jobs.map((j) => j.data.due).sort()).toEqual([1, 2, 3]);
  });
});

describe('30,000 done jobs beside the waiting ones', () => {
  beforeAll(addDoneAndRunning);

  it("leaves the monitor's checks of running jobs (pg-boss's failJobsByTimeout and failJobsByHeartbeat) reading the running ones only, through the game's index of them", async () => {
    const timedOut = `select id from pgboss.job where state = 'active' and (started_on + expire_seconds * interval '1s') < pgboss.job_now() and name = any($1::text[])`;
    const heartbeat = `select id from pgboss.job where state = 'active' and heartbeat_seconds is not null
      and (heartbeat_on + heartbeat_seconds * interval '1s') < pgboss.job_now() and name = any($1::text[])`;
    const running = await indexWith(`(name) WHERE (state = 'active'`);
    for (const text of [timedOut, heartbeat]) {
      const plan = await planOf(text, [[QUEUE]]);
      expect(plan).toContain(`"Index Name":"${running}"`);
      expect(plan).not.toContain('Seq Scan');
    }
    const { rows } = await sql.query<{ data: { running: string } }>(timedOut.replace('select id', 'select data'), [[QUEUE]]);
    expect(rows.map((r) => r.data.running)).toEqual(['expired']);
  });

  it(`go once their time has passed, at the latest ${DONE_JOB_SWEEP_SECONDS} s after (not a day, pg-boss's default sweep)`, async () => {
    await boss.supervise(QUEUE); // the queue's first sweep: it runs at once
    const aged = async (label: string) => {
      await sql.query(
        `insert into pgboss.job (id, name, data, state, deletion_seconds, start_after, created_on, started_on, completed_on)
         values (gen_random_uuid(), $1, $2::jsonb, 'completed', $3::int, now() - interval '2 hours', now() - interval '2 hours', now() - interval '2 hours', now() - $3::int * interval '1 second' - interval '1 minute')`,
        [QUEUE, JSON.stringify({ aged: label }), DONE_JOB_KEPT_SECONDS],
      );
    };
    const left = async (label: string) => (await sql.query(`select 1 from pgboss.job where name = $1 and data->>'aged' = $2`, [QUEUE, label])).rowCount;
    await aged('early');
    await sql.query(`update pgboss.queue set maintain_on = now() - ($2::int - 30) * interval '1 second' where name = $1`, [QUEUE, DONE_JOB_SWEEP_SECONDS]);
    await boss.supervise(QUEUE);
    expect(await left('early')).toBe(1); // the last sweep was less than the interval ago
    await sql.query(`update pgboss.queue set maintain_on = now() - ($2::int + 1) * interval '1 second' where name = $1`, [QUEUE, DONE_JOB_SWEEP_SECONDS]);
    await boss.supervise(QUEUE);
    expect(await left('early')).toBe(0);
    // The hour's done jobs stay.
    const { rows: [kept] } = await sql.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = $1 and data ? 'done'`, [QUEUE]);
    expect(kept!.n).toBe(30_000);
  });
});

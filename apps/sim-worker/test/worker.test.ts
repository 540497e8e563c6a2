import pino from 'pino';
import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { createBoss, DEAD_LETTER_QUEUE, defineBatchJob, defineJob, jobContract, scheduleJob, type JobDefinition } from '@brood/world';
import { createTestDatabase, type TestDatabase } from '@brood/world/testing';
import { startWorker } from '../src/worker';

let db: TestDatabase;
const bosses: PgBoss[] = [];
const stops: (() => Promise<void>)[] = [];
const ran: { n: number; at: number; worker: string }[] = [];

const testRecord = jobContract('test-record', z.object({ n: z.number().int() }));

const recordJob = (worker: string): JobDefinition<{ n: number }> =>
  defineJob(testRecord, async (deps, data) => {
    // The handler gets its own EntityManager fork, usable at once.
    await deps.em.execute('select 1');
    ran.push({ n: data.n, at: Date.now(), worker });
  });

async function worker(name: string): Promise<PgBoss> {
  const boss = createBoss(db.url, 'worker', { poolMax: 3 });
  await boss.start();
  bosses.push(boss);
  const started = await startWorker({ orm: db.orm, boss, log: pino({ level: 'silent' }), catalogue: loadCatalogue(), jobs: [recordJob(name)] });
  stops.push(started.stop);
  return boss;
}

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(stops.map((stop) => stop()));
  await db?.stop();
});

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('sim-worker', () => {
  it('catches up on jobs that came due while no worker ran, then runs future jobs when due', async () => {
    const sender = createBoss(db.url, 'api', { poolMax: 2 });
    await sender.start();
    const em = db.orm.em.fork();
    await em.transactional((tem) => scheduleJob({ em: tem, boss: sender }, testRecord, { n: 1 }, { startAfter: new Date(Date.now() - 60_000) }));
    const dueAt = Date.now() + 1500;
    await em.transactional((tem) => scheduleJob({ em: tem, boss: sender }, testRecord, { n: 2 }, { startAfter: new Date(dueAt) }));
    await sender.stop({ graceful: false });

    await worker('a');
    await until(() => ran.some((r) => r.n === 1));
    expect(ran.some((r) => r.n === 2)).toBe(false);
    await until(() => ran.some((r) => r.n === 2));
    expect(ran.find((r) => r.n === 2)!.at).toBeGreaterThanOrEqual(dueAt - 50);
  });

  it('runs each job once when several workers share the queue', async () => {
    const boss = await worker('b');
    await worker('c');
    ran.length = 0;
    const em = db.orm.em.fork();
    await em.transactional(async (tem) => {
      for (let n = 100; n < 160; n += 1) await scheduleJob({ em: tem, boss }, testRecord, { n });
    });
    await until(() => ran.length >= 60);
    await new Promise((r) => setTimeout(r, 1200)); // a double run would show up within a poll or two
    expect(ran.map((r) => r.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => 100 + i));
    // Each was deleted once it ran: the queue keeps no done job (decision 36).
    const [left] = await db.orm.em.fork().execute<{ n: number }[]>(
      `select count(*)::int as n from pgboss.job where name = 'test-record' and (data->>'n')::int between 100 and 159`,
    );
    expect(left!.n).toBe(0);
  });

  it('moves a job whose payload its contract refuses to the dead-letter queue instead of running it, and keeps working', async () => {
    const boss = bosses[0]!;
    // Sent around the contract, as an old release or a hand-made job would.
    const id = await boss.send('test-record', { n: 'not a number' }, { retryLimit: 0 });
    let letters: { data: { queue: string; job_id: string; problem: string } }[] = [];
    for (let i = 0; i < 100 && letters.length === 0; i += 1) {
      letters = ((await boss.fetch(DEAD_LETTER_QUEUE, { batchSize: 10 })) ?? []) as typeof letters;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(letters.map((l) => l.data)).toEqual([expect.objectContaining({ queue: 'test-record', job_id: id, problem: expect.stringContaining('n:') })]);
    expect(ran.some((r) => typeof r.n !== 'number')).toBe(false);
    // The worker is still alive: a good job after the bad one runs.
    await db.orm.em.fork().transactional((tem) => scheduleJob({ em: tem, boss }, testRecord, { n: 999 }));
    await until(() => ran.some((r) => r.n === 999));
  });

  it('applies a fetch of a batch job together, and when the batch fails runs its jobs one by one so only the bad one fails', async () => {
    const contract = jobContract('test-batch', z.object({ n: z.number().int() }));
    const batches: number[][] = [];
    const alone: number[] = [];
    const batchJob = defineBatchJob(
      contract,
      async (_deps, jobs) => {
        const ns = jobs.map((j) => j.data.n);
        if (ns.length === 1) alone.push(ns[0]!);
        else batches.push(ns);
        if (ns.includes(13)) throw new Error('thirteen is unlucky');
      },
      { batchSize: 50 },
    );
    const boss = createBoss(db.url, 'worker', { poolMax: 3 });
    await boss.start();
    bosses.push(boss);
    await db.orm.em.fork().transactional(async (tem) => {
      for (const n of [11, 12, 13, 14]) await scheduleJob({ em: tem, boss }, contract, { n }, { startAfter: new Date(Date.now() - 1000) });
    });
    // One pg-boss worker on the queue: two could split the four jobs between two fetches.
    const started = await startWorker({ orm: db.orm, boss, log: pino({ level: 'silent' }), catalogue: loadCatalogue(), jobs: [batchJob], concurrency: 1 });
    stops.push(started.stop);
    await until(() => alone.length >= 4);
    expect(batches.map((b) => [...b].sort())).toEqual([[11, 12, 13, 14]]);
    expect([...new Set(alone)].sort()).toEqual([11, 12, 13, 14]); // 13 may be retried by pg-boss, alone again
    // Each is settled on its own: the good ones deleted once they ran, the bad one failed back for a retry.
    const states = await db.orm.em.fork().execute<{ n: number; state: string }[]>(
      `select (data->>'n')::int as n, state from pgboss.job where name = 'test-batch' order by 1`,
    );
    expect(states.filter((s) => s.n !== 13)).toEqual([]);
    expect(states.filter((s) => s.n === 13).map((s) => s.state)).not.toEqual([]);
    expect(states.filter((s) => s.n === 13).map((s) => s.state)).not.toContain('completed');
  });

  it('wakes a queue whose jobs say when the next is due at that time, not at its next poll', async () => {
    const contract = jobContract('test-due', z.object({ n: z.number().int() }));
    const done: number[] = [];
    const dueJob: JobDefinition<{ n: number }> = {
      ...defineJob(contract, async (_deps, data) => {
        done.push(data.n);
      }),
      // When the next one is due, as the game's queues answer it from their own rows.
      dueIn: async ({ em }) => {
        const [row] = await em.execute<{ ms: string | null }[]>(
          `select extract(epoch from min(start_after) - now()) * 1000 as ms from pgboss.job where name = 'test-due' and state = 'created' and start_after > now()`,
        );
        return row?.ms == null ? null : Number(row.ms);
      },
    };
    const boss = createBoss(db.url, 'worker', { poolMax: 3 });
    await boss.start();
    bosses.push(boss);
    // A poll interval far longer than the wait below: only the due-time wake-up can run the job in time.
    const started = await startWorker({ orm: db.orm, boss, log: pino({ level: 'silent' }), catalogue: loadCatalogue(), jobs: [dueJob], pollingIntervalSeconds: 60 });
    stops.push(started.stop);
    await db.orm.em.fork().transactional((tem) => scheduleJob({ em: tem, boss }, contract, { n: 7 }, { startAfter: new Date(Date.now() + 2000) }));
    await until(() => done.length > 0, 20_000);
    expect(done).toEqual([7]);
  });
});

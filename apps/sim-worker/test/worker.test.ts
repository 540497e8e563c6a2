import pino from 'pino';
import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { createBoss, defineJob, scheduleJob, type JobDefinition } from '@brood/world';
import { createTestDatabase, type TestDatabase } from '@brood/world/testing';
import { startWorker } from '../src/worker';

let db: TestDatabase;
const bosses: PgBoss[] = [];
const stops: (() => Promise<void>)[] = [];
const ran: { n: number; at: number; worker: string }[] = [];

const recordJob = (worker: string): JobDefinition<{ n: number }> =>
  defineJob({
    name: 'test-record',
    schema: z.object({ n: z.number().int() }),
    async handler(deps, data) {
      // The handler gets its own EntityManager fork, usable at once.
      await deps.em.execute('select 1');
      ran.push({ n: data.n, at: Date.now(), worker });
    },
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
    await em.transactional((tem) => scheduleJob(tem, sender, 'test-record', { n: 1 }, { startAfter: new Date(Date.now() - 60_000) }));
    const dueAt = Date.now() + 1500;
    await em.transactional((tem) => scheduleJob(tem, sender, 'test-record', { n: 2 }, { startAfter: new Date(dueAt) }));
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
      for (let n = 100; n < 160; n += 1) await scheduleJob(tem, boss, 'test-record', { n });
    });
    await until(() => ran.length >= 60);
    await new Promise((r) => setTimeout(r, 1200)); // a double run would show up within a poll or two
    expect(ran.map((r) => r.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => 100 + i));
  });

  it('fails a job whose payload does not match its schema instead of running it', async () => {
    const boss = bosses[0]!;
    const id = await boss.send('test-record', { n: 'not a number' }, { retryLimit: 0 });
    let state = '';
    for (let i = 0; i < 100 && state !== 'failed'; i += 1) {
      state = (await boss.getJobById('test-record', id!))?.state ?? '';
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(state).toBe('failed');
    expect(ran.some((r) => typeof r.n !== 'number')).toBe(false);
  });
});

import pino from 'pino';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoss, createOrm, type Orm } from '@brood/world';
import { createTestDatabase, type TestDatabase } from '@brood/world/testing';
import { startDueWaker } from '../src/waker';

/**
 * The sim-worker closes its database pool right after the worker stops (main.ts). A due-time look
 * still reading then met the closed pool and logged `TypeError: Cannot read properties of undefined
 * (reading 'Client')` (Kysely's driver after `destroy`) on every other shutdown: stopping the waker
 * waits for the look in flight, so the pool closes under no one.
 */
let db: TestDatabase;
let orm: Orm;
let boss: PgBoss;

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await createOrm(db.url, { poolMax: 1 });
  boss = createBoss(db.url, 'worker', { poolMax: 1 });
  await boss.start();
});

afterAll(async () => {
  await boss?.stop({ graceful: false });
  await db?.stop();
});

describe('the due-time waker', () => {
  it('stop() waits for a look in flight, so closing the pool next logs nothing', async () => {
    const logged: { level: number; msg: string }[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line) as { level: number; msg: string }) });
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let asked: () => void = () => undefined;
    const asking = new Promise<void>((resolve) => (asked = resolve));
    const waker = startDueWaker({
      boss, log, workerIds: [], lookEveryMs: 500, gapMs: 50,
      dueIn: async () => {
        asked();
        await gate;
        await orm.em.fork().execute('select 1');
        return null;
      },
    });
    await asking; // a look is reading
    let stopped = false;
    const stopping = waker.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    open();
    await stopping;
    await orm.close(true);
    expect(logged.filter((l) => l.level >= 40)).toEqual([]);
  });

  it('wakes one worker a due time, in turn: two woken at once fetched twice for one set of due jobs', async () => {
    const woken: string[] = [];
    const counting = { notifyWorker: (id: string) => woken.push(id) } as unknown as PgBoss;
    const waker = startDueWaker({ boss: counting, log: pino({ level: 'silent' }), workerIds: ['a', 'b'], lookEveryMs: 500, gapMs: 5, dueIn: async () => 0 });
    await expect.poll(() => woken.length).toBeGreaterThanOrEqual(4);
    await waker.stop();
    expect(woken.slice(0, 4)).toEqual(['a', 'b', 'a', 'b']);
  });
});

import pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing';
import { createBoss } from './db/boss';
import { z } from 'zod';
import { GAME_EVENTS_CHANNEL, publishEvent } from './events';
import { DEAD_LETTER_QUEUE, DONE_JOB_KEPT_SECONDS, ensureQueue, jobContract, scheduleJob } from './jobs';
import { sqlRows } from './kernel/bulk-write';

let db: TestDatabase;
let boss: PgBoss;
let listener: pg.Client;
const received: { user_id: number; event: string; data: unknown }[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  boss = createBoss(db.url, 'api');
  await boss.start();
  listener = new pg.Client({ connectionString: db.url });
  await listener.connect();
  listener.on('notification', (m) => received.push(JSON.parse(m.payload ?? '{}')));
  await listener.query(`listen ${GAME_EVENTS_CHANNEL}`);
});

afterAll(async () => {
  await listener?.end();
  await boss?.stop({ graceful: false });
  await db?.stop();
});

async function settle(): Promise<void> {
  await listener.query('select 1'); // a round trip on the listening connection flushes pending notifications
}

describe('publishEvent', () => {
  it('delivers {user_id, event, data} only when the transaction commits', async () => {
    received.length = 0;
    await db.orm.em.fork().transactional(async (tem) => {
      await publishEvent(tem, 7, 'QUEUE_ITEM_UPDATED', { queueType: 'building', territory_id: 3 });
      await settle();
      expect(received).toEqual([]); // not before commit
    });
    await settle();
    expect(received).toEqual([{ user_id: 7, event: 'QUEUE_ITEM_UPDATED', data: { queueType: 'building', territory_id: 3 } }]);
  });

  it('tells no one when the transaction rolls back', async () => {
    received.length = 0;
    await expect(
      db.orm.em.fork().transactional(async (tem) => {
        await publishEvent(tem, 7, 'RESOURCE_UPDATE', { territory_id: 3 });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await settle();
    expect(received).toEqual([]);
  });

  it('refuses a payload too large for NOTIFY', async () => {
    await expect(publishEvent(db.orm.em.fork(), 1, 'RESOURCE_UPDATE', { territory_id: 1, blob: 'x'.repeat(9000) } as never)).rejects.toThrow(/under 7900/);
  });
});

const testDue = jobContract('test-due', z.object({ n: z.number().int() }));

describe('scheduleJob', () => {
  it('refuses a payload its contract does not accept, before anything is sent', async () => {
    await expect(db.orm.em.fork().transactional((tem) => scheduleJob({ em: tem, boss }, testDue, { n: 'one' } as never))).rejects.toThrow();
  });

  it('creates the job with the committed transaction and not with a rolled-back one', async () => {
    const kept = await db.orm.em.fork().transactional((tem) => scheduleJob({ em: tem, boss }, testDue, { n: 1 }, { startAfter: new Date(Date.now() + 60_000) }));
    let lost: string | null = null;
    await db.orm.em
      .fork()
      .transactional(async (tem) => {
        lost = await scheduleJob({ em: tem, boss }, testDue, { n: 2 });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(kept).toBeTruthy();
    expect(lost).toBeTruthy();
    expect(await boss.getJobById('test-due', kept!)).toMatchObject({ data: { n: 1 } });
    expect(await boss.getJobById('test-due', lost!)).toBeNull();
  });

  it('keeps a done job an hour, not pg-boss’s seven days, also on a queue an earlier release made; dead letters keep the default', async () => {
    await boss.createQueue('test-old'); // as an earlier release made it: pg-boss's defaults
    const old = jobContract('test-old', z.object({ n: z.number().int() }));
    const id = await db.orm.em.fork().transactional((tem) => scheduleJob({ em: tem, boss }, old, { n: 3 }));
    const queues = await sqlRows<{ name: string; seconds: number }>(db.orm.em.fork(), `select name, deletion_seconds as seconds from pgboss.queue where name in ('test-due', 'test-old') order by name`);
    expect(queues).toEqual([{ name: 'test-due', seconds: DONE_JOB_KEPT_SECONDS }, { name: 'test-old', seconds: DONE_JOB_KEPT_SECONDS }]);
    const [job] = await sqlRows<{ seconds: number }>(db.orm.em.fork(), 'select deletion_seconds as seconds from pgboss.job where id = $1::uuid', [id]);
    expect(job?.seconds).toBe(DONE_JOB_KEPT_SECONDS);
    await ensureQueue(boss, DEAD_LETTER_QUEUE);
    expect((await boss.getQueue(DEAD_LETTER_QUEUE))?.deleteAfterSeconds).toBe(7 * 24 * 3600);
  });
});

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { createTestDatabase, type TestDatabase } from '@brood/world/testing';
import type { Service } from '../../scripts/lib/processes';
import { eventsLeft, scoreRepairs, seedDueStream, streamEvents } from './support/due-stream';
import { copyDatabase, drainUndisturbed, dropDatabase, startWorkerProcess, until } from './support/fault-runs';
import { digestDifferences, worldDigest } from './support/world-digest';

/**
 * Fault: the sim-worker is killed with SIGKILL in the middle of a stream of 10,200 due events
 * (5,000 queue completions, 5,000 fleet arrivals, 200 arrivals with battles) and started again. The batch it held is retried
 * once its job heartbeat stops, the rest is worked on by the new process; in the end the world's
 * digest equals that of a run nobody disturbed, from the same rows: nothing lost, nothing twice.
 */
const catalogue = loadCatalogue();
const STREAM = { completions: 5_000, arrivals: 5_000, battles: 200 };
let seeded: TestDatabase;
let undisturbed: string;
let faulted: string;
const services: Service[] = [];

beforeAll(async () => {
  seeded = await createTestDatabase({ poolMax: 1 });
  await seeded.orm.close(true);
  await seedDueStream(seeded.url, catalogue, STREAM);
  undisturbed = await copyDatabase(seeded.url, 'calm');
  faulted = await copyDatabase(seeded.url, 'kill');
}, 120_000);

afterAll(async () => {
  await Promise.all(services.map((s) => s.stop()));
  for (const url of [undisturbed, faulted]) if (url) await dropDatabase(url);
  await seeded?.stop();
});

describe('a sim-worker killed mid-stream', () => {
  it('leaves, once restarted, the world an undisturbed run leaves: every event applied once', async () => {
    // Both runs at once (the undisturbed one in this process): the machine has two cores.
    const calmRun = drainUndisturbed(undisturbed, catalogue);
    const pool = new pg.Pool({ connectionString: faulted, max: 1 });
    try {
      const total = streamEvents(STREAM);
      expect(await eventsLeft(pool)).toBe(total);
      const first = startWorkerProcess(faulted, 'sim-worker-1');
      services.push(first);
      await until('a third of the stream applied', async () => (await eventsLeft(pool)) <= total * (2 / 3), 120_000);
      first.child.kill('SIGKILL');
      await first.exited;
      const leftAtKill = await eventsLeft(pool);
      expect(leftAtKill).toBeGreaterThan(0);
      // Jobs the dead process held are still marked active: nobody else may take them until their heartbeat stops.
      const held = await pool.query<{ id: string }>(`select id from pgboss.job where state = 'active' and name in ('queue-item-due', 'movement-arrival')`);
      const second = startWorkerProcess(faulted, 'sim-worker-2');
      services.push(second);
      await until('the restarted worker to apply the rest', async () => (await eventsLeft(pool)) === 0, 180_000);
      const seconds = await calmRun;
      const fates = await pool.query<{ state: string; retry_count: number; output: unknown; n: string }>(
        `select state, retry_count, output, count(*) as n from pgboss.job where id = any($1::uuid[]) group by 1, 2, 3`,
        [held.rows.map((r) => r.id)],
      );
      console.log(`worker fault: undisturbed drain ${seconds.toFixed(1)} s; killed with ${leftAtKill} of ${total} left and ${held.rowCount} jobs held:`, JSON.stringify(fates.rows));
    } finally {
      await pool.end();
    }
    const [calm, killed] = await Promise.all([worldDigest(undisturbed, catalogue), worldDigest(faulted, catalogue)]);
    expect(calm.counts.notifications).toBeGreaterThanOrEqual(STREAM.completions);
    expect(calm.counts.battles).toBe(STREAM.battles);
    expect(digestDifferences(calm, killed)).toEqual({});
    expect(killed.parts).toEqual(calm.parts);
    // Every score the events refreshed agrees with what its player owns: the periodic recompute repairs nothing.
    expect(await scoreRepairs(undisturbed, catalogue)).toEqual([]);
    expect(await scoreRepairs(faulted, catalogue)).toEqual([]);
  }, 400_000);
});

import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, freePort, type TestDatabase } from '@brood/world/testing';
import { startService, type Service } from '../../scripts/lib/processes';
import { healthy } from './support/game-processes';
import { readUntil } from './support/players';

/**
 * API_PROCESSES (apps/api/src/cluster.ts): one api started with 2 serves its port from two processes,
 * its /metrics sums both (whichever answers the scrape), a process that dies is started again while
 * the other serves, and stopping the api stops them all.
 */

let db: TestDatabase;
let api: Service;
let worker: Service;
let base: string;
const POOL = 3;

/** The api processes the primary runs now (its children that run the api; tsx's esbuild is one too). */
const children = (): number[] => {
  try {
    return execFileSync('pgrep', ['-P', String(api.child.pid), '-f', 'apps/api/src/main.ts'], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number).sort();
  } catch {
    return []; // pgrep exits 1 when it finds none
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const metric = async (line: RegExp): Promise<number> => {
  const res = await fetch(`${base}/metrics`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(10_000) });
  expect(res.status).toBe(200);
  return Number(line.exec(await res.text())?.[1] ?? NaN);
};

beforeAll(async () => {
  db = await createTestDatabase({ poolMax: 2 });
  const overrides = { DATABASE_URL: db.url, LOG_LEVEL: 'warn', UNIVERSE_OVERRIDES: '{"universe_speed_factor": 30}' };
  // The worker first: an api's /healthz answers 200 only once a sim-worker's heartbeat is there.
  worker = startService('sim-worker', 'apps/sim-worker/src/main.ts', overrides, 'inherit');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  api = startService('api', 'apps/api/src/main.ts', { ...overrides, JWT_SECRET: 'api-processes-secret-0123456789', PORT: String(port), HOST: '127.0.0.1', API_PROCESSES: '2', DB_POOL_MAX: String(POOL) }, 'inherit');
  await healthy(base, api);
  expect(await readUntil(async () => children().length, (n) => n === 2, 30_000)).toBe(2);
}, 180_000);

afterAll(async () => {
  await api?.stop();
  await worker?.stop();
  await db?.stop();
});

describe('the api as several processes on one port', () => {
  it('serves from two processes, and its /metrics sums them whichever process answers', async () => {
    expect(children()).toHaveLength(2);
    // Each process's pool maximum, summed once both serve; the release once, not twice.
    expect(await readUntil(() => metric(/^db_pool_max (\S+)/m), (max) => max === 2 * POOL, 60_000)).toBe(2 * POOL);
    expect(await metric(/^broodspace_build_info\{[^}]*\} (\S+)/m)).toBe(1);
    // Requests over new connections go to one process or the other; every scrape counts them all.
    const before = await metric(/^http_requests_total\{method="GET",route="\/healthz",status="200"\} (\S+)/m);
    for (let i = 0; i < 10; i++) expect((await fetch(`${base}/healthz`, { headers: { connection: 'close' } })).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await metric(/^http_requests_total\{method="GET",route="\/healthz",status="200"\} (\S+)/m)) - (Number.isNaN(before) ? 0 : before)).toBe(10);
    }
  });

  it('starts a process that died again while the other serves, and stops them all when it is stopped', { timeout: 120_000 }, async () => {
    const [killed, other] = children();
    process.kill(killed!, 'SIGKILL');
    // The other one serves meanwhile (a connection handed to the killed one before the primary knew is lost: asked again).
    const healthz = () => fetch(`${base}/healthz`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(1000) }).then((res) => res.status, () => 0);
    expect(await readUntil(healthz, (status) => status === 200, 15_000)).toBe(200);
    const now = await readUntil(async () => children(), (pids) => pids.length === 2 && !pids.includes(killed!), 30_000);
    expect(now).toHaveLength(2);
    expect(now).toContain(other);
    // Once the new one serves, the scrape sums two again.
    expect(await readUntil(() => metric(/^db_pool_max (\S+)/m), (max) => max === 2 * POOL, 60_000)).toBe(2 * POOL);

    await api.stop();
    expect(api.child.exitCode).toBe(0);
    expect(now.filter(alive)).toEqual([]);
  });
});

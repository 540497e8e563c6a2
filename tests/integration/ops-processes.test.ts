import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer } from '@brood/api/testing';
import { freePort } from '@brood/world/testing';
import { startService, supervise, type Service } from '../../scripts/lib/processes';
import { openSocket, sleep } from './realtime-helpers';
import { useTestApi } from './support/test-api';

/**
 * What an operator relies on (issue #10): /healthz fails without a live sim-worker, `npm start`'s
 * supervision restarts a dead one with a log line, and no token reaches a log line. Real processes.
 */
const ctx = useTestApi();
const WORKER = 'apps/sim-worker/src/main.ts';
const workerEnv = () => ({ DATABASE_URL: ctx.api.url, LOG_LEVEL: 'warn', WORKER_HEARTBEAT_SECONDS: '0.5' });
const started: Service[] = [];
const logDir = mkdtempSync(join(tmpdir(), 'brood-logs-'));

afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
  rmSync(logDir, { recursive: true, force: true });
});

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

const health = async () => {
  const res = await ctx.api.app.inject({ method: 'GET', url: '/healthz' });
  return { status: res.statusCode, body: res.json() as { status: string } };
};
const heartbeatOf = async (pid: number | undefined) => {
  const { rows } = await ctx.sql.query('select 1 from worker_heartbeats where worker_id like $1 and expires_at > now()', [`%:${pid}:%`]);
  return rows.length > 0;
};

describe('sim-worker heartbeat and /healthz', () => {
  it('answers 503 while no sim-worker is running', async () => {
    expect(await health()).toEqual({ status: 503, body: { status: 'no sim-worker heartbeat', workers: 0, release: expect.any(Object) } });
  });

  it("answers 200 with a worker, then 503 once a killed worker's heartbeat expires", async () => {
    const worker = startService('sim-worker', WORKER, workerEnv(), 'inherit');
    started.push(worker);
    await until('a healthy answer', async () => (await health()).status === 200);
    expect((await health()).body).toEqual({ status: 'ok', workers: 1, release: expect.any(Object) });
    worker.child.kill('SIGKILL');
    await worker.exited;
    await until('the heartbeat to expire', async () => (await health()).status === 503, 10_000);
  }, 90_000);

  it('npm start restarts a dead worker with a log line, and the new one beats', async () => {
    const said: string[] = [];
    const worker = supervise(() => startService('sim-worker', WORKER, workerEnv(), 'inherit'), (line) => said.push(line));
    started.push(worker);
    const first = worker.child.pid;
    await until('the first heartbeat', () => heartbeatOf(first));
    worker.child.kill('SIGKILL');
    await until('the restart line', () => said.includes('the sim-worker stopped (SIGKILL); restarting it in 1 s'), 10_000);
    await until('a second process', () => worker.child.pid !== first, 10_000);
    await until('its heartbeat', () => heartbeatOf(worker.child.pid));
    expect((await health()).status).toBe(200);
    await worker.stop(); // a clean stop withdraws the heartbeat at once, and is not restarted
    expect((await health()).status).toBe(503);
    await sleep(1_500);
    expect(said).toHaveLength(1);
  }, 120_000);
});

describe('a worker started after one was killed', () => {
  const killed = async (worker: Service) => {
    worker.child.kill('SIGKILL');
    await worker.exited;
  };
  /** A due job as a killed worker leaves it: claimed (active, its attempt counted) and never settled. */
  const heldJob = async () => {
    const id = await ctx.api.deps.boss.send('queue-item-due', { id: randomUUID() });
    await ctx.sql.query(`update pgboss.job set state = 'active', started_on = now(), heartbeat_on = now(), retry_count = retry_count + 1 where id = $1`, [id]);
    return id!;
  };
  const stateOf = async (id: string) => (await ctx.sql.query<{ state: string }>('select state from pgboss.job where id = $1', [id])).rows[0]?.state;

  it('runs at once the jobs a worker killed on this machine held, without waiting for their heartbeat to lapse', async () => {
    // A long heartbeat: the killed worker's row still vouches for it when the next one starts.
    const first = startService('sim-worker', WORKER, { ...workerEnv(), WORKER_HEARTBEAT_SECONDS: '20' }, 'inherit');
    started.push(first);
    await until('the first heartbeat', () => heartbeatOf(first.child.pid));
    await killed(first);
    const job = await heldJob();
    const second = startService('sim-worker', WORKER, workerEnv(), 'inherit');
    started.push(second);
    const since = Date.now();
    // pg-boss's monitor would fail it back only after WORKER_JOB_HEARTBEAT_SECONDS (30) and up to WORKER_MONITOR_SECONDS (15) more.
    // A job that ran is deleted (decision 36).
    await until('the held job to run again', async () => (await stateOf(job)) === undefined, 20_000);
    console.log(`held job ran ${Date.now() - since} ms after the new worker started`);
    expect(await heartbeatOf(first.child.pid)).toBe(false); // the gone worker's heartbeat, good for a minute more, is withdrawn
    expect(await heartbeatOf(second.child.pid)).toBe(true);
    await killed(second);
  }, 120_000);

  it('leaves a held job alone while a worker elsewhere may be alive', async () => {
    await ctx.sql.query(`insert into worker_heartbeats (worker_id, beat_at, expires_at) values ('elsewhere:4242:0000beef:abc', now(), now() + interval '1 minute')`);
    try {
      const job = await heldJob();
      const third = startService('sim-worker', WORKER, workerEnv(), 'inherit');
      started.push(third);
      await until('its heartbeat', () => heartbeatOf(third.child.pid));
      await sleep(3_000);
      expect(await stateOf(job)).toBe('active');
      await killed(third);
    } finally {
      await ctx.sql.query(`delete from worker_heartbeats where worker_id = 'elsewhere:4242:0000beef:abc'`);
    }
  }, 120_000);
});

describe('logs', () => {
  let base: string;
  let logFile: string;

  beforeAll(async () => {
    const port = await freePort();
    logFile = join(logDir, 'api.log');
    const env = { DATABASE_URL: ctx.api.url, JWT_SECRET: ctx.api.deps.env.JWT_SECRET, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' };
    started.push(startService('api', 'apps/api/src/main.ts', env, logFile));
    base = `http://127.0.0.1:${port}`;
    await until('the api to listen', async () => (await fetch(`${base}/healthz`).catch(() => null)) !== null);
  }, 90_000);

  it('never carry a token: not for a plain GET /ws?token=..., a socket, or a query string anywhere', async () => {
    const player = await createPlayer(ctx.api);
    const token = player.token;
    expect((await fetch(`${base}/ws?token=${token}`)).status).toBe(404);
    expect((await fetch(`${base}/api/v1/users/me?token=${token}`, { headers: player.headers })).status).toBe(200);
    expect((await fetch(`${base}/trpc/users.me?token=${token}`)).status).toBe(401);
    expect((await fetch(`${base}/api/v1/territories/%ff?token=${token}`)).status).toBe(400);
    const socket = await openSocket(base, token);
    socket.close();
    await socket.closed;
    await until('the log lines', () => readFileSync(logFile, 'utf8').includes('/api/v1/territories/%ff?[redacted]'), 10_000);
    const log = readFileSync(logFile, 'utf8');
    expect(log).toContain('"url":"/ws?[redacted]"');
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.split('.')[2]);
  });
});

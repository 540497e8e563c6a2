import pg from 'pg';
import pino from 'pino';
import type { Catalogue } from '@brood/game-data';
import { createBoss, createOrm } from '@brood/world';
import { databaseUrl } from '@brood/world/dev';
import { jobs, startWorker } from '@brood/sim-worker';
import { startService, type Service } from '../../../scripts/lib/processes';
import { eventsLeft, jobsInHand } from './due-stream';

/**
 * The two runs of a fault test: the same seeded world copied twice on one server, one copy drained
 * by a worker nobody disturbs (in this process), the other by real processes the test kills.
 */

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const nameOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));
const serverOf = (url: string) => databaseUrl(url, 'postgres');

async function onServer(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverOf(url) });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A copy of `source` (which nobody may be connected to) named `<source>_<suffix>`: its url. */
export async function copyDatabase(source: string, suffix: string): Promise<string> {
  const name = `${nameOf(source)}_${suffix}`;
  await onServer(source, `create database ${quote(name)} template ${quote(nameOf(source))}`);
  return databaseUrl(source, name);
}

export const dropDatabase = (url: string) => onServer(url, `drop database if exists ${quote(nameOf(url))} with (force)`);

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 100 ms (errors count as not yet: the database may be restarting) until it passes. */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await Promise.resolve().then(check).catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(100);
  }
}

/** The uninterrupted run: one in-process worker drains the stream; answers its seconds. */
export async function drainUndisturbed(url: string, catalogue: Catalogue): Promise<number> {
  const orm = await createOrm(url, { poolMax: 4 });
  const boss = createBoss(url, 'worker', { poolMax: 4 });
  await boss.start();
  const started = Date.now();
  const worker = await startWorker({ orm, boss, log: pino({ level: 'silent' }), catalogue, jobs, batchSize: 100, jobHeartbeatSeconds: 10 });
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await until('the undisturbed worker to apply every event', async () => (await eventsLeft(pool)) === 0, 240_000);
    // And to record it: a batch whose world changes committed is completed in pg-boss a moment later,
    // and one stopped before that (a moment that grows under load) is failed back to 'retry', which
    // the digest's future jobs would show and the faulted run, whose worker keeps running, would not.
    await until('the undisturbed worker to complete every due job', async () => (await jobsInHand(pool)) === 0, 60_000);
    return (Date.now() - started) / 1000;
  } finally {
    await pool.end();
    await worker.stop();
    await orm.close(true);
  }
}

/** A sim-worker process as production runs it, with a short job heartbeat and supervisor interval (quiet: the faults make it log errors). */
export function startWorkerProcess(url: string, name = 'sim-worker', env: NodeJS.ProcessEnv = {}): Service {
  return startService(
    name,
    'apps/sim-worker/src/main.ts',
    { DATABASE_URL: url, LOG_LEVEL: 'fatal', WORKER_BATCH_SIZE: '100', WORKER_HEARTBEAT_SECONDS: '1', WORKER_JOB_HEARTBEAT_SECONDS: '10', WORKER_MONITOR_SECONDS: '2', ...env },
    'inherit',
  );
}

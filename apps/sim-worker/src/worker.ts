import type { MikroORM } from '@mikro-orm/postgresql';
import type { Job, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Catalogue } from '@brood/game-data';
import { startDueWaker, WAKE_GAP_MS } from './waker';
import { DEAD_LETTER_QUEUE, ensureQueue, type DeadLetter, type JobDefinition, type JobDeps } from '@brood/world';

export interface WorkerOptions {
  orm: MikroORM;
  boss: PgBoss;
  log: Logger;
  catalogue: Catalogue;
  jobs: readonly JobDefinition[];
  batchSize?: number;
  pollingIntervalSeconds?: number;
  /** See WORKER_JOB_HEARTBEAT_SECONDS; set on every queue this worker works (default 30). */
  jobHeartbeatSeconds?: number;
  /** See WORKER_CONCURRENCY: batches of one queue in flight at once (default 2). */
  concurrency?: number;
  /** See WORKER_WAKE_GAP_MS: the least time between two due-time wake-ups of a queue (default WAKE_GAP_MS). */
  wakeGapMs?: number;
  now?: () => Date;
}

/** How often a due-time waker looks for jobs scheduled since its last look (a cheap indexed min). */
const LOOK_EVERY_MS = 500;

/**
 * How often the queue of a scheduled (cron) job is looked at: such a job comes at most once a minute,
 * so it starts within this many seconds of its minute. Polled like the others (twice a second), the
 * eight cron queues were 16 of the 46 fetches a second the worker sent, busy or idle.
 */
export const CRON_POLL_SECONDS = 5;

/**
 * How often the queues of timed events (a definition with `dueIn`) are polled: their waker fetches
 * each event when it comes due, so polling is only the backstop (a retry's backoff, a look that
 * failed). Every fetch costs the database a statement planned anew (pg-boss sends it unnamed).
 */
export const DUE_QUEUE_POLL_SECONDS = 2;

type FetchedJob = Pick<Job<unknown>, 'id' | 'name' | 'data' | 'retryCount'>;
const info = (job: FetchedJob) => ({ id: job.id, name: job.name, retryCount: job.retryCount });

/**
 * Checks a job's payload against its contract. A payload the contract refuses can never succeed, so
 * it is not retried: it goes to the dead-letter queue with a log line (null), and the worker carries on.
 */
async function checked<T>(definition: JobDefinition<T>, base: Omit<JobDeps, 'em'>, job: FetchedJob): Promise<{ data: T } | null> {
  const parsed = definition.contract.schema.safeParse(job.data);
  if (parsed.success) return { data: parsed.data };
  const problem = parsed.error.issues.map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`).join('; ');
  base.log.error({ job: job.name, jobId: job.id, problem }, 'job payload refused by its contract; moved to the dead-letter queue');
  await ensureQueue(base.boss, DEAD_LETTER_QUEUE);
  await base.boss.send(DEAD_LETTER_QUEUE, { queue: job.name, job_id: job.id, data: job.data, problem } satisfies DeadLetter);
  return null;
}

const depsFor = (base: Omit<JobDeps, 'em'>, name: string, jobId?: string): JobDeps => ({ ...base, em: base.orm.em.fork(), log: base.log.child({ job: name, jobId }) });

/** Runs one job: payload checked against the contract, a fresh EntityManager, the job's own log context. */
export async function runJob(definition: JobDefinition, base: Omit<JobDeps, 'em'>, job: FetchedJob): Promise<'ran' | 'dead-letter'> {
  const valid = await checked(definition, base, job);
  if (!valid) return 'dead-letter';
  await definition.handler(depsFor(base, job.name, job.id), valid.data, info(job));
  return 'ran';
}

/**
 * Runs one fetch of a queue. A definition with `handleBatch` gets every valid job at once (the fast
 * path: one transaction for the lot); if that throws, each job runs alone so only a bad one fails.
 * The jobs that ran (or went to the dead-letter queue) are settled here (settleRan), so pg-boss's
 * completion of the fetch finds nothing left to do. When some failed, the others are settled first and
 * then it throws: pg-boss fails only the jobs still active, so just the failed ones are retried.
 * (pg-boss's per-job results would settle them too, but complete every fetch through a JSON-recordset
 * join whose plan rescans the recordset for each row: tens of milliseconds a fetch of 250.)
 */
async function runFetch(definition: JobDefinition, base: Omit<JobDeps, 'em'>, batch: readonly FetchedJob[]): Promise<void> {
  const done: FetchedJob[] = [];
  const pending: { job: FetchedJob; data: unknown }[] = [];
  for (const job of batch) {
    const valid = await checked(definition, base, job);
    if (valid) pending.push({ job, data: valid.data });
    else done.push(job);
  }
  if (definition.handleBatch && pending.length > 1) {
    try {
      await definition.handleBatch(depsFor(base, definition.contract.name), pending.map((p) => ({ data: p.data, job: info(p.job) })));
      await settleRan(base, definition, batch);
      return;
    } catch (err) {
      base.log.warn({ err, job: definition.contract.name, jobs: pending.length }, 'batch failed; running its jobs one by one');
    }
  }
  const failures: string[] = [];
  for (const { job, data } of pending) {
    try {
      await definition.handler(depsFor(base, job.name, job.id), data, info(job));
      done.push(job);
    } catch (err) {
      base.log.error({ err, job: job.name, jobId: job.id, retry: job.retryCount }, 'job failed');
      failures.push(`${job.id}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  await settleRan(base, definition, done);
  if (failures.length > 0) throw new Error(failures.join('; '));
}

/**
 * Settles jobs that ran, each fenced to the attempt it was fetched as (a job failed back and fetched
 * again meanwhile is not this one). An event's job (an arrival, a completion, a push) is deleted:
 * nothing reads a done job (the world's rows say what happened), and the done jobs a queue kept made
 * the fetch's plan walk through every waiting job (decision 36). A cron queue's is completed: pg-boss's
 * schedule keeps one job a tick, and would send a deleted tick again.
 */
async function settleRan(base: Omit<JobDeps, 'em'>, definition: JobDefinition, jobs: readonly FetchedJob[]): Promise<void> {
  if (jobs.length === 0) return;
  const attempts = jobs.map((j) => ({ id: j.id, retryCount: j.retryCount }));
  if (definition.cron) await base.boss.complete(definition.contract.name, attempts);
  else await base.boss.deleteJob(definition.contract.name, attempts);
}

/**
 * Creates each job's queue, schedules the periodic ones, and works every queue. pg-boss fetches with
 * SKIP LOCKED, so several workers share the queues; jobs that came due while no worker ran are simply
 * due now and run on start (the catch-up after downtime).
 */
export async function startWorker(options: WorkerOptions): Promise<{ stop(): Promise<void> }> {
  const { boss, log } = options;
  const base: Omit<JobDeps, 'em'> = { orm: options.orm, boss, log, catalogue: options.catalogue, now: options.now ?? (() => new Date()) };
  const names = new Set<string>();
  const wakers: { stop(): Promise<void> }[] = [];
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 0.5;
  await ensureQueue(boss, DEAD_LETTER_QUEUE);
  for (const definition of options.jobs) {
    const name = definition.contract.name;
    if (names.has(name)) throw new Error(`Two jobs are named ${name}`);
    names.add(name);
    // Jobs whose retries are spent land in the dead-letter queue too (updateQueue: queues made before it existed).
    // Jobs sent from now on carry the queue's heartbeat: those of a worker that died are retried soon.
    await ensureQueue(boss, name);
    await boss.updateQueue(name, { deadLetter: DEAD_LETTER_QUEUE, heartbeatSeconds: options.jobHeartbeatSeconds ?? 30 });
    if (definition.cron) await boss.schedule(name, definition.cron, {}, { tz: 'UTC' });
    const workOptions = {
      batchSize: definition.batchSize ?? options.batchSize ?? 20,
      pollingIntervalSeconds: Math.max(pollingIntervalSeconds, definition.cron ? CRON_POLL_SECONDS : definition.dueIn ? DUE_QUEUE_POLL_SECONDS : 0),
      // A full fetch means more is due: fetch again at once instead of waiting for the next poll.
      burstWhenBatchFull: true,
    };
    // Several pg-boss workers per queue (SKIP LOCKED shares the jobs, as between worker processes):
    // one batch's database round trips overlap another's computing. Separate work() calls, so that
    // each has an id the due-time waker can notify.
    const workerIds: string[] = [];
    for (let i = 0; i < (definition.cron ? 1 : (options.concurrency ?? 2)); i++) {
      workerIds.push(await boss.work<unknown>(name, workOptions, (batch) => runFetch(definition, base, batch)));
    }
    if (definition.dueIn) {
      const dueIn = definition.dueIn.bind(definition);
      wakers.push(startDueWaker({ boss, log, workerIds, dueIn: () => dueIn({ em: options.orm.em.fork() }), lookEveryMs: Math.min(pollingIntervalSeconds * 1000, LOOK_EVERY_MS), gapMs: options.wakeGapMs ?? WAKE_GAP_MS }));
    }
  }
  log.info({ queues: [...names] }, 'sim-worker working');
  return {
    async stop() {
      // A look still reading from the database would meet its pool closed (a TypeError reading 'Client').
      await Promise.all(wakers.map((waker) => waker.stop()));
      // Graceful: active jobs finish (or are failed back for a retry after the timeout).
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

import type { MikroORM } from '@mikro-orm/postgresql';
import type { Job, JobResult, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Catalogue } from '@brood/game-data';
import { DEAD_LETTER_QUEUE, ensureQueue, type DeadLetter, type JobDefinition, type JobDeps } from '@brood/world';

export interface WorkerOptions {
  orm: MikroORM;
  boss: PgBoss;
  log: Logger;
  catalogue: Catalogue;
  jobs: readonly JobDefinition[];
  batchSize?: number;
  pollingIntervalSeconds?: number;
  now?: () => Date;
}

/**
 * Runs one job: payload checked against the contract's schema, a fresh EntityManager, the job's own
 * log context. A payload the contract refuses can never succeed, so it is not retried: it goes to the
 * dead-letter queue with a log line, and the worker carries on.
 */
export async function runJob(definition: JobDefinition, base: Omit<JobDeps, 'em'>, job: Pick<Job<unknown>, 'id' | 'name' | 'data' | 'retryCount'>): Promise<'ran' | 'dead-letter'> {
  const parsed = definition.contract.schema.safeParse(job.data);
  if (!parsed.success) {
    const problem = parsed.error.issues.map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`).join('; ');
    base.log.error({ job: job.name, jobId: job.id, problem }, 'job payload refused by its contract; moved to the dead-letter queue');
    await ensureQueue(base.boss, DEAD_LETTER_QUEUE);
    await base.boss.send(DEAD_LETTER_QUEUE, { queue: job.name, job_id: job.id, data: job.data, problem } satisfies DeadLetter);
    return 'dead-letter';
  }
  const deps: JobDeps = { ...base, em: base.orm.em.fork(), log: base.log.child({ job: job.name, jobId: job.id }) };
  await definition.handler(deps, parsed.data, { id: job.id, name: job.name, retryCount: job.retryCount });
  return 'ran';
}

/**
 * Creates each job's queue, schedules the periodic ones, and works every queue. pg-boss fetches with
 * SKIP LOCKED, so several workers share the queues; jobs that came due while no worker ran are simply
 * due now and run on start (the catch-up after downtime). Each job in a batch settles on its own: one
 * failure is retried by pg-boss without redoing the others.
 */
export async function startWorker(options: WorkerOptions): Promise<{ stop(): Promise<void> }> {
  const { boss, log } = options;
  const base: Omit<JobDeps, 'em'> = { orm: options.orm, boss, log, catalogue: options.catalogue, now: options.now ?? (() => new Date()) };
  const names = new Set<string>();
  await ensureQueue(boss, DEAD_LETTER_QUEUE);
  for (const definition of options.jobs) {
    const name = definition.contract.name;
    if (names.has(name)) throw new Error(`Two jobs are named ${name}`);
    names.add(name);
    // Jobs whose retries are spent land in the dead-letter queue too (updateQueue: queues made before it existed).
    await ensureQueue(boss, name);
    await boss.updateQueue(name, { deadLetter: DEAD_LETTER_QUEUE });
    if (definition.cron) await boss.schedule(name, definition.cron, {}, { tz: 'UTC' });
    await boss.work<unknown>(
      name,
      { batchSize: definition.batchSize ?? options.batchSize ?? 20, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5, perJobResults: true },
      async (batch): Promise<JobResult[]> => {
        const results: JobResult[] = [];
        for (const job of batch) {
          try {
            await runJob(definition, base, job);
            results.push({ id: job.id, status: 'completed' });
          } catch (err) {
            log.error({ err, job: job.name, jobId: job.id, retry: job.retryCount }, 'job failed');
            results.push({ id: job.id, status: 'failed', output: { message: err instanceof Error ? err.message : String(err) } });
          }
        }
        return results;
      },
    );
  }
  log.info({ queues: [...names] }, 'sim-worker working');
  return {
    async stop() {
      // Graceful: active jobs finish (or are failed back for a retry after the timeout).
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

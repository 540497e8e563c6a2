import type { Catalogue } from '@brood/game-data';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { PgBoss, SendOptions } from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { inTransactionSql } from './events';

/**
 * A job's contract: its pg-boss queue name and its payload schema, declared once (job-contracts.ts).
 * The sender (`scheduleJob`) and the worker (`defineJob`) both take the contract, so the compiler
 * checks both ends and the worker validates what arrives.
 */
export interface JobContract<S extends z.ZodType = z.ZodType> {
  /** The pg-boss queue name, kebab-case (`queue-item-due`). */
  readonly name: string;
  readonly schema: S;
  /** How a failed job is tried again (pg-boss's options); the worker's defaults when absent. */
  readonly retry?: JobRetry;
}

export type JobRetry = Pick<SendOptions, 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'retryDelayMax'>;

export function jobContract<S extends z.ZodType>(name: string, schema: S, retry?: JobRetry): JobContract<S> {
  return retry ? { name, schema, retry } : { name, schema };
}

/** The queue a job lands in when its payload is unreadable or its retries are spent. */
export const DEAD_LETTER_QUEUE = 'dead-letter';

/** What the worker puts in the dead-letter queue: where the job came from and why it could not run. */
export interface DeadLetter {
  queue: string;
  job_id: string;
  data: unknown;
  problem: string;
}

export interface ScheduleOptions {
  /** When the job becomes due (an event's end time); now when omitted. */
  startAfter?: Date;
  /** Identifies the event (e.g. `queue-item:42`); dedups only on queues created with a singleton-style policy. */
  singletonKey?: string;
}

/**
 * How long pg-boss keeps a job once it is done (completed, or failed for good) before its maintenance
 * deletes it: an hour, against pg-boss's default of seven days. Nothing of the game reads a done job
 * (the world's rows say what happened), and at seven days a long universe's job table grows to
 * millions of rows that every vacuum of it and every /metrics scrape walk (decision 29). The
 * sim-worker deletes an event's job as soon as it ran (decision 36), so this holds the cron
 * queues' completed ticks and the failed jobs. The dead letters keep pg-boss's default: they wait
 * there for an operator.
 */
export const DONE_JOB_KEPT_SECONDS = 3600;

/** Queues this process already created, per pg-boss instance (creating is idempotent but costs a round trip). */
const createdQueues = new WeakMap<PgBoss, Set<string>>();

export async function ensureQueue(boss: PgBoss, queue: string): Promise<void> {
  let known = createdQueues.get(boss);
  if (!known) {
    known = new Set();
    createdQueues.set(boss, known);
  }
  if (known.has(queue)) return;
  if (queue === DEAD_LETTER_QUEUE) {
    await boss.createQueue(queue);
  } else {
    const options = { deleteAfterSeconds: DONE_JOB_KEPT_SECONDS };
    await boss.createQueue(queue, options);
    await boss.updateQueue(queue, options); // a queue an earlier release made keeps its options otherwise
  }
  known.add(queue);
}

/** The transaction a job is scheduled in, and the pg-boss instance whose SQL it uses. */
export interface JobSender {
  em: EntityManager;
  boss: PgBoss;
}

/**
 * Sends a job in the caller's transaction: it exists if and only if the game row that caused it
 * commits. The payload is checked against the contract first (a sender's bug fails its command,
 * not a worker later). Returns the job id (null when a singleton policy swallowed a duplicate).
 */
export async function scheduleJob<S extends z.ZodType>(tx: JobSender, contract: JobContract<S>, payload: z.input<S>, options: ScheduleOptions = {}): Promise<string | null> {
  const data = contract.schema.parse(payload) as object;
  await ensureQueue(tx.boss, contract.name);
  const send: SendOptions = { db: inTransactionSql(tx.em), ...contract.retry };
  if (options.startAfter) send.startAfter = options.startAfter;
  if (options.singletonKey) send.singletonKey = options.singletonKey;
  return tx.boss.send(contract.name, data, send);
}

/** scheduleJob for many jobs of one contract in the caller's transaction: one insert statement. */
export async function scheduleJobs<S extends z.ZodType>(tx: JobSender, contract: JobContract<S>, jobs: readonly { payload: z.input<S>; startAfter?: Date }[]): Promise<void> {
  if (jobs.length === 0) return;
  const rows = jobs.map((j) => ({ data: contract.schema.parse(j.payload) as object, ...contract.retry, ...(j.startAfter ? { startAfter: j.startAfter } : {}) }));
  await ensureQueue(tx.boss, contract.name);
  await tx.boss.insert(contract.name, rows, { db: inTransactionSql(tx.em) });
}

/** What a job handler gets from the sim-worker. */
export interface JobDeps {
  /** A fresh EntityManager fork for this job alone. */
  em: EntityManager;
  orm: MikroORM;
  /** For handlers that schedule follow-up jobs (`scheduleJob({ em: tem, boss: deps.boss }, contract, ...)`). */
  boss: PgBoss;
  log: Logger;
  now: () => Date;
  /** The universe's catalogue (with the same UNIVERSE_OVERRIDES as the api), for rules that settle territories. */
  catalogue: Catalogue;
}

/** The pg-boss job being handled (retryCount > 0 means an earlier attempt failed: handlers are idempotent). */
export interface JobInfo {
  id: string;
  name: string;
  retryCount: number;
}

export interface JobOptions {
  /** Cron (UTC) for periodic jobs the worker schedules itself, e.g. '* * * * *' every minute. */
  cron?: string;
  /** Jobs fetched per poll; default from the worker's settings. */
  batchSize?: number;
  /**
   * For jobs scheduled at an event's time: milliseconds until the next one comes due (null: none is
   * scheduled). The worker then wakes at that instant instead of waiting out its poll interval.
   */
  dueIn?(deps: Pick<JobDeps, 'em'>): Promise<number | null>;
}

/**
 * A due-event consumer: the sim-worker validates the payload with the contract's schema and calls
 * `handler` once per job. A handler must be idempotent: running a job twice changes nothing the
 * second time.
 */
export interface JobDefinition<T = unknown> extends JobOptions {
  contract: JobContract<z.ZodType<T>>;
  /** Method syntax on purpose: a list of definitions with different payloads type-checks as JobDefinition[]. */
  handler(deps: JobDeps, data: T, job: JobInfo): Promise<void>;
  /**
   * Applies every valid job of one fetch together (one transaction, a fixed number of statements):
   * where throughput matters. If it throws, the worker runs the jobs one by one with `handler`, so a
   * bad one fails alone.
   */
  handleBatch?(deps: JobDeps, jobs: readonly BatchJob<T>[]): Promise<void>;
}

/** One job of a batch: its checked payload and who it is. */
export interface BatchJob<T> {
  data: T;
  job: JobInfo;
}

/** The worker's side of a contract: `defineJob(JOBS.queueItemDue, async (deps, data) => ...)`. */
export function defineJob<S extends z.ZodType>(
  contract: JobContract<S>,
  handler: (deps: JobDeps, data: z.output<S>, job: JobInfo) => Promise<void>,
  options: JobOptions = {},
): JobDefinition<z.output<S>> {
  return { contract: contract as unknown as JobContract<z.ZodType<z.output<S>>>, handler, ...options };
}

/** A consumer that applies each fetch of due jobs as one batch (`handler` runs a batch of one). */
export function defineBatchJob<S extends z.ZodType>(
  contract: JobContract<S>,
  handleBatch: (deps: JobDeps, jobs: readonly BatchJob<z.output<S>>[]) => Promise<void>,
  options: JobOptions = {},
): JobDefinition<z.output<S>> {
  return {
    contract: contract as unknown as JobContract<z.ZodType<z.output<S>>>,
    handler: (deps, data, job) => handleBatch(deps, [{ data, job }]),
    handleBatch,
    ...options,
  };
}

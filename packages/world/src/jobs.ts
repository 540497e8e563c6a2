import type { Catalogue } from '@brood/game-data';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';

/** What a job handler gets from the sim-worker. */
export interface JobDeps {
  /** A fresh EntityManager fork for this job alone. */
  em: EntityManager;
  orm: MikroORM;
  /** For handlers that schedule follow-up jobs (`scheduleJob(tem, deps.boss, ...)`). */
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

/**
 * A due-event consumer: the sim-worker validates `data` with `schema` and calls `handler` once per job.
 * Commands schedule it by `name` (`scheduleJob(tem, boss, job.name, data, { startAfter })`).
 * A handler must be idempotent: running a job twice changes nothing the second time.
 */
export interface JobDefinition<T = unknown> {
  /** The pg-boss queue name, kebab-case (`queue-item-due`). */
  name: string;
  schema: z.ZodType<T>;
  /** Method syntax on purpose: a list of definitions with different payloads type-checks as JobDefinition[]. */
  handler(deps: JobDeps, data: T, job: JobInfo): Promise<void>;
  /** Cron (UTC) for periodic jobs the worker schedules itself, e.g. '* * * * *' every minute. */
  cron?: string;
  /** Jobs fetched per poll; default 20. */
  batchSize?: number;
}

/** Keeps the payload type inferred from the schema: `defineJob({ name, schema: z.object(...), handler })`. */
export function defineJob<S extends z.ZodType>(definition: JobDefinition<z.output<S>> & { schema: S }): JobDefinition<z.output<S>> {
  return definition;
}

import { PgBoss } from 'pg-boss';
import { DEFAULT_DATABASE_TIMEOUTS, pgTimeoutOptions, type DatabaseTimeouts } from './timeouts';

/** Who opens pg-boss: the api only sends jobs; the worker also runs maintenance and cron schedules. */
export type BossRole = 'api' | 'worker';

export interface BossOptions {
  /** Connections in pg-boss's own pool. */
  poolMax?: number;
  /**
   * How often the worker's supervisor fails jobs whose heartbeat stopped (a worker killed mid-batch)
   * so they are retried; pg-boss's default is 60 s.
   */
  monitorIntervalSeconds?: number;
  /** Every wait on the database ends (./timeouts.ts); the defaults unless the process's env says otherwise. */
  timeouts?: DatabaseTimeouts;
}

/**
 * How often the worker's pg-boss deletes the done jobs past their time (DONE_JOB_KEPT_SECONDS in
 * jobs.ts: the cron queues' ticks and the failed jobs; an event's job is deleted once it ran):
 * pg-boss's default is once a day, so a job kept "an hour" stayed up to 25 hours (decision 36).
 */
export const DONE_JOB_SWEEP_SECONDS = 300;

/**
 * pg-boss for a running process. Its schema is installed and migrated once by `migrateDatabase`
 * (the start step), never by the processes racing on boot: here `migrate: false` makes start()
 * refuse a database that was not migrated.
 */
export function createBoss(connectionString: string, role: BossRole, options: BossOptions = {}): PgBoss {
  const worker = role === 'worker';
  return new PgBoss({
    connectionString,
    ...pgTimeoutOptions(options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS),
    max: options.poolMax ?? (worker ? 10 : 4),
    application_name: `broodspace-${role}`,
    migrate: false,
    supervise: worker,
    schedule: worker,
    maintenanceIntervalSeconds: DONE_JOB_SWEEP_SECONDS,
    // The supervisor wakes every superviseIntervalSeconds and monitors when monitorIntervalSeconds has passed.
    ...(options.monitorIntervalSeconds ? { monitorIntervalSeconds: options.monitorIntervalSeconds, superviseIntervalSeconds: options.monitorIntervalSeconds } : {}),
  });
}

/**
 * Two indexes the game adds to pg-boss's job table, made on the partitioned parent so every partition
 * has them; pg-boss's own indexes are untouched.
 *
 * The jobs waiting, by queue and due time. pg-boss's fetch takes a queue's due jobs
 * (`start_after <= now()`) in priority and creation order, through its index on (name, priority,
 * created_on, start_after): it steps over every job of the queue not yet due. The game schedules each
 * arrival and each completion as a job due when it happens, so a universe at speed 1 holds a job for
 * every fleet in flight and every queue item in progress, and the fetch (tens a second) read them all
 * each time: with 20,000 jobs not yet due, 7.3 ms a fetch of three due ones, a scan of the whole
 * table. With this index it reads the due ones and sorts those: 0.08 ms.
 *
 * The jobs running, by queue. Every WORKER_MONITOR_SECONDS the worker's pg-boss fails the running jobs
 * whose time or heartbeat ran out (a worker killed mid-batch): two statements that find the few
 * running jobs among every job of the table, and read the whole table to do it: 61 and 72 ms a pass
 * with 190,000 other jobs (decision 36). With this index they read the running ones only.
 */
const INDEXES = [
  `create index if not exists job_due_brood on pgboss.job (name, start_after) where state < 'active' and not blocked`,
  `create index if not exists job_running_brood on pgboss.job (name) where state = 'active'`,
];

/** Installs or upgrades pg-boss's schema (`pgboss`) and adds the game's indexes (INDEXES); idempotent, safe on an up-to-date database. */
export async function migrateBoss(connectionString: string): Promise<void> {
  const boss = new PgBoss({ connectionString, max: 2, migrate: true, supervise: false, schedule: false });
  boss.on('error', () => undefined); // start() rejects with the same error
  await boss.start();
  try {
    for (const index of INDEXES) await boss.getDb().executeSql(index);
  } finally {
    await boss.stop({ graceful: false });
  }
}

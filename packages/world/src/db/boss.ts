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
    // The supervisor wakes every superviseIntervalSeconds and monitors when monitorIntervalSeconds has passed.
    ...(options.monitorIntervalSeconds ? { monitorIntervalSeconds: options.monitorIntervalSeconds, superviseIntervalSeconds: options.monitorIntervalSeconds } : {}),
  });
}

/**
 * An index of the jobs waiting, by queue and due time. pg-boss's fetch takes a queue's due jobs
 * (`start_after <= now()`) in priority and creation order, through its index on (name, priority,
 * created_on, start_after): it steps over every job of the queue not yet due. The game schedules each
 * arrival and each completion as a job due when it happens, so a universe at speed 1 holds a job for
 * every fleet in flight and every queue item in progress, and the fetch (tens a second) read them all
 * each time: with 20,000 jobs not yet due, 7.3 ms a fetch of three due ones, a scan of the whole
 * table. With this index it reads the due ones and sorts those: 0.08 ms. Made on the partitioned
 * parent, so every partition has it; pg-boss's own indexes are untouched.
 */
const DUE_JOBS_INDEX = `create index if not exists job_due_brood on pgboss.job (name, start_after) where state < 'active' and not blocked`;

/** Installs or upgrades pg-boss's schema (`pgboss`) and adds the game's index of waiting jobs; idempotent, safe on an up-to-date database. */
export async function migrateBoss(connectionString: string): Promise<void> {
  const boss = new PgBoss({ connectionString, max: 2, migrate: true, supervise: false, schedule: false });
  boss.on('error', () => undefined); // start() rejects with the same error
  await boss.start();
  try {
    await boss.getDb().executeSql(DUE_JOBS_INDEX);
  } finally {
    await boss.stop({ graceful: false });
  }
}

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

/** Installs or upgrades pg-boss's schema (`pgboss`); idempotent, safe on an up-to-date database. */
export async function migrateBoss(connectionString: string): Promise<void> {
  const boss = new PgBoss({ connectionString, max: 2, migrate: true, supervise: false, schedule: false });
  boss.on('error', () => undefined); // start() rejects with the same error
  await boss.start();
  await boss.stop({ graceful: false });
}

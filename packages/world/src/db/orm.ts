import { MikroORM, defineConfig, type EntityManager } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from '../entities';
import { migrationsList } from '../migrations';
import { BoundEntityManager, BoundPostgreSqlDriver } from './bound-statements';
import { preparedStatementOptions } from './prepared';
import { DEFAULT_DATABASE_TIMEOUTS, pgTimeoutOptions, type DatabaseTimeouts } from './timeouts';

export type Orm = MikroORM;
export type { EntityManager };

export interface OrmOptions {
  /** Pool size per process; several api and worker processes share one server. */
  poolMax?: number;
  debug?: boolean;
  /** Every wait on the database ends (./timeouts.ts); the defaults unless the process's env says otherwise. */
  timeouts?: DatabaseTimeouts;
  /** How the server lists these connections (`pg_stat_activity.application_name`), e.g. the api's read pool. */
  applicationName?: string;
  /** Whether each connection prepares the statements the process repeats (./prepared.ts); 'off' behind a transaction-mode pooler. */
  preparedStatements?: 'on' | 'off';
}

export function ormConfig(clientUrl: string, options: OrmOptions = {}) {
  return defineConfig({
    clientUrl,
    // MikroORM's own statements go with their values bound, so they are prepared and keep their plans (./bound-statements.ts).
    driver: BoundPostgreSqlDriver,
    entityManager: BoundEntityManager,
    entities: [...entities],
    extensions: [Migrator],
    debug: options.debug ?? false,
    pool: { min: 0, max: options.poolMax ?? 10 },
    driverOptions: {
      ...pgTimeoutOptions(options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS),
      ...(options.applicationName ? { application_name: options.applicationName } : {}),
      ...preparedStatementOptions(options.preparedStatements),
    },
    allowGlobalContext: false,
    forceUtcTimezone: true,
    migrations: { migrationsList: [...migrationsList], snapshot: false, snapshotOnMigrate: false, transactional: true, allOrNothing: true, silent: true },
  });
}

export async function createOrm(clientUrl: string, options: OrmOptions = {}): Promise<MikroORM> {
  return MikroORM.init(ormConfig(clientUrl, options));
}

/** Applies every pending migration; safe to run while nothing else migrates (npm start runs it once before the processes start). */
export async function migrate(clientUrl: string): Promise<string[]> {
  // A migration may rewrite a whole table: no statement limit (it runs alone, before the processes start).
  const orm = await createOrm(clientUrl, { poolMax: 2, timeouts: { ...DEFAULT_DATABASE_TIMEOUTS, statementMs: 0 } });
  try {
    const applied = await orm.migrator.up();
    return applied.map((m) => m.name);
  } finally {
    await orm.close(true);
  }
}

/** Names of the migrations not yet applied: /healthz answers 200 only when this is empty. */
export async function pendingMigrations(orm: MikroORM): Promise<string[]> {
  const pending = await orm.migrator.getPending();
  return pending.map((m) => m.name);
}

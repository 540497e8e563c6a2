import type { MikroORM } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import type { Catalogue } from '@brood/game-data';
import { createBoss, createOrm, databaseTimeouts, deploymentCatalogue, KeptReads, type PasswordHasher } from '@brood/world';
import { createTokenService, type TokenService } from './auth/token';
import { createPasswordHasher } from './auth/password';
import { SessionCache } from './auth/sessions';
import { ActivityClock } from './auth/activity';
import { StaleReads } from './replica/read-replica';
import type { Env } from './env';

/** Long-lived things a request may use; built once per process in main.ts (or per test). */
export interface ApiDeps {
  env: Env;
  orm: MikroORM;
  /** Where the reads that may be a few seconds stale go: the DATABASE_READ_URL replica, or the primary (routers/stale-ok.ts). */
  reads: StaleReads;
  /** pg-boss, for commands that schedule due events in their own transaction. */
  boss: PgBoss;
  tokens: TokenService;
  passwords: PasswordHasher;
  /** The game-data catalogue, with the universe overrides of this deployment applied. */
  catalogue: Catalogue;
  /** The accounts behind signed-in calls, kept while the realtime listener hears their changes. */
  sessions: SessionCache;
  /** When this process last recorded each player active (fair play's inactivity). */
  activity: ActivityClock;
  /** The queues' pending items and the fleet lists, kept while the realtime listener hears their changes (world's kept-reads.ts). */
  kept: KeptReads;
}

/** Opens what a process needs (ORM, pg-boss for sending, token and password services, catalogue). */
export async function createApiDeps(env: Env): Promise<ApiDeps> {
  const catalogue = deploymentCatalogue(env.UNIVERSE_OVERRIDES);
  const timeouts = databaseTimeouts(env);
  const orm = await createOrm(env.DATABASE_URL, { poolMax: env.DB_POOL_MAX, timeouts, preparedStatements: env.DB_PREPARED_STATEMENTS });
  // MikroORM connects on first use: a replica that is down at start costs its reads nothing but the fallback.
  const replica = env.DATABASE_READ_URL ? await createOrm(env.DATABASE_READ_URL, { poolMax: env.DB_POOL_MAX, timeouts, applicationName: 'broodspace-read', preparedStatements: env.DB_PREPARED_STATEMENTS }) : null;
  const reads = new StaleReads(replica, env.DATABASE_READ_RETRY_SECONDS * 1000);
  const boss = createBoss(env.DATABASE_URL, 'api', { timeouts });
  try {
    await boss.start();
  } catch (error) {
    await reads.close();
    await orm.close(true);
    throw error;
  }
  const tokens = createTokenService(env.JWT_SECRET, env.JWT_TTL_SECONDS);
  return { env, orm, reads, boss, tokens, passwords: createPasswordHasher(), catalogue, sessions: new SessionCache(), activity: new ActivityClock(), kept: new KeptReads() };
}

/** Closes what createApiDeps opened, pg-boss first (it may be sending in a request's transaction). */
export async function closeApiDeps(deps: ApiDeps): Promise<void> {
  // From here the server ending pg-boss's last connections (57P01: the database stopped or dropped
  // right after, as a test's teardown does) is expected, not an error to crash on for want of a listener.
  deps.boss.on('error', () => undefined);
  await deps.boss.stop({ graceful: true, timeout: 5_000 });
  await deps.reads.close();
  await deps.orm.close(true);
}

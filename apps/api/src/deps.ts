import type { MikroORM } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import type { TokenService } from './auth/token';
import type { Env } from './env';

/** Long-lived things a request may use; built once per process in main.ts (or per test). */
export interface ApiDeps {
  env: Env;
  orm: MikroORM;
  /** pg-boss, for commands that schedule due events in their own transaction. */
  boss: PgBoss;
  tokens: TokenService;
}

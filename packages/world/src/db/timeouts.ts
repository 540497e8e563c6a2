import { z } from 'zod';

/**
 * How long any wait on the database may last, in one place (docs/operations.md, "Database timeouts").
 * Without them a request waited forever once its pool had no slot left; with them it fails, the
 * pool's slots come back, and /healthz says so. PostgreSQL reads 0 as "no limit" for the server-side ones.
 */
export interface DatabaseTimeouts {
  /** A pool slot, or a new connection when the pool opens one: how long a caller waits before it fails. */
  connectMs: number;
  /** One statement on the server (`statement_timeout`). */
  statementMs: number;
  /** Waiting for a row or table lock (`lock_timeout`). */
  lockMs: number;
  /** A transaction left open with nothing running (`idle_in_transaction_session_timeout`): the server ends it and frees its locks. */
  idleInTransactionMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 10_000, statementMs: 30_000, lockMs: 15_000, idleInTransactionMs: 60_000 };

const ms = (fallback: number) => z.coerce.number().int().min(0).max(3_600_000).default(fallback);
const defaults = DEFAULT_DATABASE_TIMEOUTS;

/** The settings of every process that opens the database (the api's and the sim-worker's env.ts spread them). */
export const DatabaseTimeoutsEnv = {
  DB_CONNECT_TIMEOUT_MS: ms(defaults.connectMs).refine((v) => v > 0, 'DB_CONNECT_TIMEOUT_MS must be positive: a pool slot must not be awaited forever'),
  DB_STATEMENT_TIMEOUT_MS: ms(defaults.statementMs),
  DB_LOCK_TIMEOUT_MS: ms(defaults.lockMs),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: ms(defaults.idleInTransactionMs),
};

type TimeoutsEnv = { [K in keyof typeof DatabaseTimeoutsEnv]: number };

export function databaseTimeouts(env: TimeoutsEnv): DatabaseTimeouts {
  return {
    connectMs: env.DB_CONNECT_TIMEOUT_MS,
    statementMs: env.DB_STATEMENT_TIMEOUT_MS,
    lockMs: env.DB_LOCK_TIMEOUT_MS,
    idleInTransactionMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

/**
 * The `pg` options that carry them, for every pool and client a process opens (MikroORM's, pg-boss's,
 * the realtime LISTEN): the client-side acquire and connect timeout, TCP keepalive (a server that
 * vanished without closing the socket is noticed), and the server-side limits as startup options.
 * PgBouncer drops startup options (`ignore_startup_parameters`): behind it, set them on the role.
 */
export function pgTimeoutOptions(timeouts: DatabaseTimeouts) {
  return {
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
    options: [
      `-c statement_timeout=${timeouts.statementMs}`,
      `-c lock_timeout=${timeouts.lockMs}`,
      `-c idle_in_transaction_session_timeout=${timeouts.idleInTransactionMs}`,
    ].join(' '),
  };
}

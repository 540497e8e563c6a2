import { AsyncLocalStorage } from 'node:async_hooks';
import { TRPCError } from '@trpc/server';
import type { EventSubscriber, MikroORM } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { isConnectionError } from './connection-error';

/**
 * A call that failed because the database could not be reached (refused, reset, shutting down or
 * starting up, a pool connect timeout: ./connection-error.ts) is not a bug of the call: it answers
 * 503 with `Retry-After` and a sentence the player can act on, and one warning line, not 500.
 *
 * The sentence must be true. A call changes the world by a COMMIT (commands run in `em.transactional`,
 * flushes in MikroORM's own) or by a writing statement outside a transaction (a single-statement
 * command such as a rename). While the call sent neither, nothing was changed; once it sent one, the
 * outage may have come before the server applied it or after (a read-back, a second transaction),
 * and only a fresh look can say.
 */
export const DATABASE_AWAY = "The game's database is not answering for a moment; nothing was changed. Try again in a few seconds.";
export const DATABASE_AWAY_WHILE_SAVING =
  "The game's database stopped answering while your change was being saved, so it may or may not have been saved. Look again in a few seconds before you repeat it.";

interface WriteWatch {
  /** A COMMIT, or a writing statement outside a transaction, was sent during the call. */
  wrote: boolean;
  /** The call's transactions begun and not yet ending (savepoints are not kept). */
  open: Set<object>;
}

const watches = new AsyncLocalStorage<WriteWatch>();
/** A statement that only reads; anything else (insert, update, delete, with, ...) may write. */
const READ = /^\s*(select|show|explain)\b/i;

type TransactionArgs = { transaction?: object & { savepointName?: string } };
/** The call's watch, when the event is about a transaction (not a savepoint) of a watched call. */
function watchOf({ transaction }: TransactionArgs): { watch: WriteWatch; transaction: object } | null {
  const watch = watches.getStore();
  return watch && transaction && !transaction.savepointName ? { watch, transaction } : null;
}

/** One subscriber for every ORM: registering it again is a no-op (the event manager keeps a set). */
const transactionSubscriber: EventSubscriber = {
  afterTransactionStart(args) {
    const seen = watchOf(args);
    seen?.watch.open.add(seen.transaction);
  },
  beforeTransactionCommit(args) {
    const seen = watchOf(args);
    if (!seen) return;
    seen.watch.wrote = true;
    seen.watch.open.delete(seen.transaction);
  },
  beforeTransactionRollback(args) {
    const seen = watchOf(args);
    seen?.watch.open.delete(seen.transaction);
  },
};

const watched = new WeakSet<MikroORM>();

/** Lets withWriteWatch see the commits and statements of `orm` (its forks share its event manager and config). */
export function watchWrites(orm: MikroORM): void {
  if (watched.has(orm)) return;
  watched.add(orm);
  orm.em.getEventManager().registerSubscriber(transactionSubscriber);
  const previous = orm.config.get('onQuery');
  orm.config.set('onQuery', (sql, params) => {
    const watch = watches.getStore();
    if (watch && watch.open.size === 0 && !READ.test(sql)) watch.wrote = true;
    return previous(sql, params);
  });
}

/** Runs one call, noting whether it may have changed anything. */
export async function withWriteWatch<T>(call: () => Promise<T>): Promise<{ result: T; wrote: boolean }> {
  const watch: WriteWatch = { wrote: false, open: new Set() };
  const result = await watches.run(watch, call);
  return { result, wrote: watch.wrote };
}

/** Runs bookkeeping the player did not ask for (the last-active time) outside the call's watch. */
export function unwatched<T>(work: () => Promise<T>): Promise<T> {
  return watches.exit(work);
}

/** The 503 for a call that failed with `cause`, when the database could not be reached; null for any other failure. */
export function databaseAwayError(cause: unknown, wrote: boolean): TRPCError | null {
  if (!isConnectionError(cause)) return null;
  return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: wrote ? DATABASE_AWAY_WHILE_SAVING : DATABASE_AWAY, cause });
}

/** The innermost cause's code or words: the warning names what failed without a stack. */
function reason(error: unknown): string {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause !== undefined; depth += 1) current = current.cause;
  if (current === null || typeof current !== 'object') return String(current);
  const { code, message } = current as { code?: unknown; message?: unknown };
  return [code, message].filter((part) => typeof part === 'string' && part !== '').join(': ') || 'unknown';
}

/** The one line an answered outage writes: a warning, since the call itself was fine. */
export function logDatabaseAway(log: FastifyBaseLogger, where: Record<string, unknown>, error: unknown): void {
  log.warn({ ...where, reason: reason(error) }, 'database unreachable: answered 503');
}

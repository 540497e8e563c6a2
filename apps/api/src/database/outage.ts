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
 * The sentence must be true. A call's writes are transactions (commands run in `em.transactional`,
 * flushes in MikroORM's own), and none is kept unless its COMMIT reached the server: while no
 * commit was sent, nothing was changed. Once one was sent, the outage may have come before the
 * server applied it or after (a read-back, a second transaction), and only a fresh look can say.
 */
export const DATABASE_AWAY = "The game's database is not answering for a moment; nothing was changed. Try again in a few seconds.";
export const DATABASE_AWAY_WHILE_SAVING =
  "The game's database stopped answering while your change was being saved, so it may or may not have been saved. Look again in a few seconds before you repeat it.";

interface CommitWatch {
  /** A transaction's COMMIT was sent during the call (a savepoint's release is not one). */
  committing: boolean;
}

const watches = new AsyncLocalStorage<CommitWatch>();

/** One subscriber for every ORM: registering it again is a no-op (the event manager keeps a set). */
const commitSubscriber: EventSubscriber = {
  beforeTransactionCommit({ transaction }) {
    const watch = watches.getStore();
    if (watch && !transaction?.savepointName) watch.committing = true;
  },
};

/** Lets withCommitWatch see the commits of `orm` (its forks share its event manager). */
export function watchCommits(orm: MikroORM): void {
  orm.em.getEventManager().registerSubscriber(commitSubscriber);
}

/** Runs one call, noting whether it sent a COMMIT. */
export async function withCommitWatch<T>(call: () => Promise<T>): Promise<{ result: T; committing: boolean }> {
  const watch: CommitWatch = { committing: false };
  const result = await watches.run(watch, call);
  return { result, committing: watch.committing };
}

/** The 503 for a call that failed with `cause`, when the database could not be reached; null for any other failure. */
export function databaseAwayError(cause: unknown, committing: boolean): TRPCError | null {
  if (!isConnectionError(cause)) return null;
  return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: committing ? DATABASE_AWAY_WHILE_SAVING : DATABASE_AWAY, cause });
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

/**
 * Whether a call failed because its server could not be reached or went away (so the same read may
 * be asked of another server, and a player may try again in a moment: ./outage.ts), as opposed to an
 * answer the server gave about the statement.
 */

/** Socket errors of Node while connecting or talking to the server. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * PostgreSQL's: class 08 (connection exception), the server shutting down or crashed (57P01, 57P02),
 * or not accepting connections yet (57P03: starting up, or a standby not yet consistent).
 */
const SERVER_CODES = /^(08...|57P0[123])$/;

/** node-postgres and pg-pool say these in words, without a code. */
const MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|connect ECONNREFUSED/i;

interface Failure {
  code?: unknown;
  syscall?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** A Unix socket's file is gone while its server is down (decision 27): ENOENT, but only from connect. */
const isMissingSocket = (failure: Failure) => failure.code === 'ENOENT' && failure.syscall === 'connect';

export function isConnectionError(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 5) return false;
  const failure = error as Failure;
  if (typeof failure.code === 'string' && (SOCKET_CODES.has(failure.code) || SERVER_CODES.test(failure.code) || isMissingSocket(failure))) return true;
  if (typeof failure.message === 'string' && MESSAGES.test(failure.message)) return true;
  // Node reports a refused connection to a name with two addresses (localhost: ::1 and 127.0.0.1) as an AggregateError.
  if (Array.isArray(failure.errors) && failure.errors.some((e) => isConnectionError(e, depth + 1))) return true;
  return isConnectionError(failure.cause, depth + 1);
}

/**
 * A hot standby cancelled the statement because replaying the primary's changes needed the rows it
 * read (40001 with this message): the same read on the primary answers, and the replica is healthy.
 */
export function isRecoveryConflict(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const failure = error as Failure;
  return failure.code === '40001' && typeof failure.message === 'string' && failure.message.includes('conflict with recovery');
}

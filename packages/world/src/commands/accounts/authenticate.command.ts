import type { EntityManager } from '@mikro-orm/postgresql';
import { LoginAttempt } from '../../entities/login-attempt.entity';
import { fail } from '../../errors';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS, ACCOUNT_MESSAGES, type AccountDeps } from './account-deps';

export interface Credentials {
  /** A username or an email, matched case-insensitively. */
  identifier: string;
  password: string;
  /** The caller's address, throttled like the username. */
  ip: string;
}

interface SignInRow {
  id: number;
  username: string;
  password_hash: string;
  is_test_account: boolean;
  expires_at: Date | string | null;
}

/** A hash of a random password, verified when the user does not exist so both answers take as long. */
let decoyHash: Promise<string> | null = null;

/** Minutes until fewer than the allowed failures remain in the window, for the key that is locked longest. */
async function lockedForMinutes(em: EntityManager, identifier: string, ip: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const recent = (where: { identifier: string } | { ip: string }) =>
    em.find(LoginAttempt, { ...where, attemptedAt: { $gt: since } }, { orderBy: { attemptedAt: 'desc' }, limit: LOGIN_MAX_FAILURES, fields: ['attemptedAt'] });
  let until = 0;
  for (const failures of await Promise.all([recent({ identifier }), recent({ ip })])) {
    const oldestCounted = failures[LOGIN_MAX_FAILURES - 1];
    if (oldestCounted) until = Math.max(until, oldestCounted.attemptedAt.getTime() + LOGIN_WINDOW_MS);
  }
  return until > now.getTime() ? Math.max(1, Math.ceil((until - now.getTime()) / 60_000)) : 0;
}

/**
 * Signs a player in by username or email (spec: POST /auth/token). Wrong credentials are 401 and
 * counted; after 5 failures in 15 minutes for that username or that address, every try is 429 until
 * the oldest of them is 15 minutes old, even with the right password.
 */
export async function authenticate(deps: AccountDeps, credentials: Credentials, now: Date): Promise<{ id: number; username: string }> {
  const em = deps.em.fork();
  const typed = credentials.identifier.trim().toLowerCase();
  const ip = credentials.ip.slice(0, 64);
  // lower() = lower(), not ILIKE: '_' is a username character and a LIKE wildcard.
  const [user] = await em.execute<SignInRow[]>(
    'select id, username, password_hash, is_test_account, expires_at from users where lower(username) = ? or lower(email) = ? limit 1',
    [typed, typed],
  );
  // Failures count per account, whether it was named by username or by email.
  const identifier = user ? user.username.toLowerCase() : typed;
  const minutes = await lockedForMinutes(em, identifier, ip, now);
  if (minutes > 0) throw fail.tooMany(ACCOUNT_MESSAGES.tooManyFailures(minutes));

  const hash = user?.password_hash ?? (await (decoyHash ??= deps.passwords.hash('decoy-password-nobody-has')));
  const valid = (await deps.passwords.verify(hash, credentials.password)) && user !== undefined;
  const expired = user?.is_test_account && user.expires_at !== null && new Date(user.expires_at) <= now;
  if (!valid || !user || expired) {
    await em.insert(LoginAttempt, { identifier, ip, attemptedAt: now });
    throw fail.unauthorized(ACCOUNT_MESSAGES.badLogin);
  }
  await em.nativeDelete(LoginAttempt, { identifier }); // a success forgives this account's failures (not the address's)
  return { id: user.id, username: user.username };
}

/** Failures older than the window count for nothing; the worker's maintenance drops them. */
export async function pruneLoginAttempts(em: EntityManager, now: Date): Promise<number> {
  return em.fork().nativeDelete(LoginAttempt, { attemptedAt: { $lte: new Date(now.getTime() - LOGIN_WINDOW_MS) } });
}

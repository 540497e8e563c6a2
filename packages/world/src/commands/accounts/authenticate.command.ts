import type { Catalogue } from '@brood/game-data';
import type { EntityManager } from '@mikro-orm/postgresql';
import { fail } from '../../errors';
import { ACCOUNT_MESSAGES, type AccountDeps } from './account-deps';
import { admitSignIn, forgiveSignIn } from './sign-in-throttle';

export interface Credentials {
  /** A username or an email, matched case-insensitively. */
  identifier: string;
  password: string;
  /** The caller's address: failures count per account and address pair, and per address. */
  ip: string;
}

interface SignInRow {
  id: number;
  username: string;
  password_hash: string;
  is_test_account: boolean;
  expires_at: Date | string | null;
  suspension_reason: string | null;
  suspended_at: Date | string | null;
}

/** A hash of a random password, verified when the user does not exist so both answers take as long. */
let decoyHash: Promise<string> | null = null;

/**
 * Signs a player in by username or email (spec: POST /auth/token). Each try is admitted and counted
 * as a failure in one locked step before the password is checked (so parallel tries cannot slip past
 * the limits), and forgiven if the password was right. Wrong credentials are 401; the limits of
 * `login_throttle` answer 429 (docs/security.md).
 */
export async function authenticate(deps: AccountDeps, credentials: Credentials, now: Date): Promise<{ id: number; username: string }> {
  const em = deps.em.fork();
  const typed = credentials.identifier.trim().toLowerCase();
  const ip = credentials.ip.slice(0, 64);
  // lower() = lower(), not ILIKE: '_' is a username character and a LIKE wildcard.
  const [user] = await em.execute<SignInRow[]>(
    'select id, username, password_hash, is_test_account, expires_at, suspended_at, suspension_reason from users where lower(username) = ? or lower(email) = ? limit 1',
    [typed, typed],
  );
  // Failures count per account, whether it was named by username or by email.
  const identifier = user ? user.username.toLowerCase() : typed;
  const attempt = await admitSignIn(em, deps.catalogue.universe.login_throttle, { identifier, ip, userId: user?.id ?? null }, now);

  const hash = user?.password_hash ?? (await (decoyHash ??= deps.passwords.hash('decoy-password-nobody-has')));
  const valid = (await deps.passwords.verify(hash, credentials.password)) && user !== undefined;
  const expired = user?.is_test_account && user.expires_at !== null && new Date(user.expires_at) <= now;
  if (!valid || !user || expired) throw fail.unauthorized(ACCOUNT_MESSAGES.badLogin);
  await forgiveSignIn(em, attempt, user.id, now);
  // After the password: a stranger learns nothing of a suspension.
  if (user.suspended_at !== null) throw fail.forbidden(ACCOUNT_MESSAGES.suspendedBecause(user.suspension_reason ?? ''));
  return { id: user.id, username: user.username };
}

/** Failures older than the window count for nothing, nor addresses unused for longer than they are known; the worker's maintenance drops them. */
export async function pruneLoginAttempts(em: EntityManager, catalogue: Catalogue, now: Date): Promise<number> {
  const settings = catalogue.universe.login_throttle;
  const fork = em.fork();
  const failures = await fork.execute('delete from login_attempts where attempted_at <= ? returning id', [new Date(now.getTime() - settings.window_minutes * 60_000)]);
  await fork.execute('delete from login_known_addresses where last_success_at <= ?', [new Date(now.getTime() - settings.known_address_days * 86_400_000)]);
  return failures.length;
}

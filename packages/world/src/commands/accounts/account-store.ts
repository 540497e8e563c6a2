import type { Catalogue } from '@brood/game-data';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../entities/user.entity';
import { GameError, fail } from '../../errors';
import { createStartingTerritory } from '../territories/found-territory';
import { ACCOUNT_MESSAGES } from './account-deps';

/** 409 when another account already uses the username or the email (both compared case-insensitively). */
export async function assertAvailable(em: EntityManager, username: string, email: string, exceptUserId?: number): Promise<void> {
  const rows = await em.execute<{ username_taken: boolean; email_taken: boolean }[]>(
    `select coalesce(bool_or(lower(username) = lower(?)), false) as username_taken,
            coalesce(bool_or(lower(email) = lower(?)), false) as email_taken
       from users where (lower(username) = lower(?) or lower(email) = lower(?)) and id <> ?`,
    [username, email, username, email, exceptUserId ?? 0],
  );
  const found = rows[0];
  if (found?.username_taken) throw fail.conflict(ACCOUNT_MESSAGES.usernameTaken);
  if (found?.email_taken) throw fail.conflict(ACCOUNT_MESSAGES.emailTaken);
}

/** The name or email was taken, found either by the check or by the unique index. */
export function isTakenError(error: unknown): boolean {
  return error instanceof UniqueConstraintViolationException || (error instanceof GameError && error.kind === 'CONFLICT');
}

/** Two registrations racing past assertAvailable: the unique index decides, and the loser reads the same 409. */
export function uniqueViolationToConflict(error: unknown): never {
  if (error instanceof UniqueConstraintViolationException) {
    const text = String((error as { constraint?: string }).constraint ?? error.message);
    throw fail.conflict(text.includes('email') ? ACCOUNT_MESSAGES.emailTaken : ACCOUNT_MESSAGES.usernameTaken);
  }
  throw error;
}

export interface NewAccount {
  username: string;
  email: string;
  passwordHash: string;
  isTestAccount: boolean;
  expiresAt: Date | null;
  /** The address it signs up from; a guest's sign-up is also its first sign-in (its token comes with it). */
  signupIp: string;
}

/**
 * Writes a new account inside the caller's transaction, flushed so it has an id, then gives the new
 * player what every player starts with (a territory), in the same transaction: all or nothing.
 */
export async function insertAccount(em: EntityManager, account: NewAccount, now: Date, catalogue: Catalogue): Promise<User> {
  await assertAvailable(em, account.username, account.email);
  const ip = account.signupIp.slice(0, 64);
  const firstLogin = account.isTestAccount ? { lastLoginIp: ip, lastLoginAt: now } : {};
  const user = em.create(User, { ...account, signupIp: ip, ...firstLogin, avatarId: 1, score: 0, createdAt: now, lastActiveAt: now });
  await em.flush();
  await createStartingTerritory(em, user, now, catalogue);
  return user;
}

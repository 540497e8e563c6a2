import type { Catalogue } from '@brood/game-data';
import type { EntityManager } from '@mikro-orm/postgresql';
import { SESSION_MESSAGES } from '../../queries/profile.query';

/** Slow password hashing lives in the api (argon2id); commands only ask for it. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/** What an account command needs: a fresh EntityManager (it opens its own transaction), hashing, the catalogue. */
export interface AccountDeps {
  em: EntityManager;
  passwords: PasswordHasher;
  catalogue: Catalogue;
}

/** The signed-in player a command acts for. */
export interface AccountActor {
  id: number;
}

export { GUEST_PREFIX } from '@brood/contracts';
export const GUEST_EMAIL_DOMAIN = 'guest.local';

export const ACCOUNT_MESSAGES = {
  usernameTaken: 'Username already registered',
  emailTaken: 'Email already registered',
  badLogin: 'Incorrect username or password',
  ...SESSION_MESSAGES,
  suspendedBecause: (reason: string) => `Your account is suspended. Reason: ${reason}`,
  notAGuest: 'Only guest accounts can be claimed',
  avatarRange: (max: number) => `Avatar must be between 1 and ${max}`,
  tooManyFailures: (minutes: number) => `Too many failed login attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  accountSlowedDown: (seconds: number) =>
    `Too many failed login attempts for this account. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
} as const;

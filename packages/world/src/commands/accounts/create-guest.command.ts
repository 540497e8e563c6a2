import { randomBytes } from 'node:crypto';
import { GUEST_EMAIL_DOMAIN, GUEST_PREFIX, type AccountDeps } from './account-deps';
import { insertAccount, isTakenError, uniqueViolationToConflict } from './account-store';
import { toUserView, type UserView } from '../../queries/user-view';
import { admitSignUpFrom } from './signup-limit';

const DAY_MS = 24 * 60 * 60 * 1000;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** `guest_` and 10 random letters or digits: 36^10 names, within the 20-character username limit. */
function guestName(): string {
  const bytes = randomBytes(10);
  let suffix = '';
  for (const byte of bytes) suffix += ALPHABET[byte % ALPHABET.length];
  return `${GUEST_PREFIX}${suffix}`;
}

/**
 * A one-click guest account (spec: POST /auth/register-test): a random name, `<name>@guest.local`,
 * an unusable random password, expiring after the universe's guest lifetime unless claimed. At most
 * `guest_signups_per_ip_per_hour` from one address (429 past it).
 */
export async function createGuest(deps: AccountDeps, ip: string, now: Date): Promise<UserView> {
  const lifetimeMs = deps.catalogue.universe.guest_lifetime_days * DAY_MS;
  // Nobody knows this password: a guest signs in with its token until it claims the account.
  const passwordHash = await deps.passwords.hash(randomBytes(32).toString('base64url'));
  for (let attempt = 0; ; attempt += 1) {
    const username = guestName();
    try {
      return await deps.em.fork().transactional(async (tem) => {
        await admitSignUpFrom(tem, 'guest', ip, deps.catalogue.universe.guest_signups_per_ip_per_hour, now);
        const user = await insertAccount(
          tem,
          { username, email: `${username}@${GUEST_EMAIL_DOMAIN}`, passwordHash, isTestAccount: true, expiresAt: new Date(now.getTime() + lifetimeMs), signupIp: ip },
          now,
          deps.catalogue,
        );
        return toUserView(user);
      });
    } catch (error) {
      // A random name already taken: draw another (three collisions running would be a broken RNG).
      if (!isTakenError(error) || attempt >= 3) uniqueViolationToConflict(error);
    }
  }
}

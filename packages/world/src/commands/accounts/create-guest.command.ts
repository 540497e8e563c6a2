import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { fail } from '../../errors';
import { GUEST_EMAIL_DOMAIN, GUEST_PREFIX, type AccountDeps } from './account-deps';
import { insertAccount, isTakenError, uniqueViolationToConflict } from './account-store';
import { toUserView, type UserView } from './user-view';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** `guest_` and 10 random letters or digits: 36^10 names, within the 20-character username limit. */
function guestName(): string {
  const bytes = randomBytes(10);
  let suffix = '';
  for (const byte of bytes) suffix += ALPHABET[byte % ALPHABET.length];
  return `${GUEST_PREFIX}${suffix}`;
}

/**
 * Counts this guest against its address's hourly allowance, refusing past it: every guest places a
 * territory on the map, so one address must not be able to fill the galaxy. The advisory lock makes
 * concurrent sign-ups from one address count one after another.
 */
async function admitGuestFrom(tem: EntityManager, ip: string, perHour: number, now: Date): Promise<void> {
  await tem.execute('select pg_advisory_xact_lock(hashtext(?))', [`guest-signup:${ip}`]);
  const since = new Date(now.getTime() - HOUR_MS);
  const recent = await tem.execute<{ created_at: Date }[]>(
    'select created_at from guest_signups where ip = ? and created_at > ? order by created_at desc limit ?',
    [ip, since, perHour],
  );
  const oldestCounted = recent[perHour - 1];
  if (perHour === 0 || oldestCounted) {
    const freeAt = oldestCounted ? new Date(oldestCounted.created_at).getTime() + HOUR_MS : now.getTime() + HOUR_MS;
    const minutes = Math.max(1, Math.ceil((freeAt - now.getTime()) / 60_000));
    throw fail.tooMany(`Too many guest accounts from your address. Try again in ${minutes} minutes.`);
  }
  await tem.execute('insert into guest_signups (ip, created_at) values (?, ?)', [ip, now]);
}

/** Sign-up records older than the hour they count for (the guest-expiry job runs it every minute). */
export async function pruneGuestSignups(em: EntityManager, now: Date): Promise<number> {
  const rows = await em.fork().execute('delete from guest_signups where created_at <= ? returning id', [new Date(now.getTime() - HOUR_MS)]);
  return rows.length;
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
        await admitGuestFrom(tem, ip.slice(0, 64), deps.catalogue.universe.guest_signups_per_ip_per_hour, now);
        const user = await insertAccount(
          tem,
          { username, email: `${username}@${GUEST_EMAIL_DOMAIN}`, passwordHash, isTestAccount: true, expiresAt: new Date(now.getTime() + lifetimeMs) },
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

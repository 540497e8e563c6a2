import type { UniverseSettings } from '@brood/game-data';
import type { EntityManager } from '@mikro-orm/postgresql';
import { fail } from '../../errors';
import { lockNames } from '../../kernel/locks';
import { ACCOUNT_MESSAGES } from './account-deps';

export type LoginThrottle = UniverseSettings['login_throttle'];

/** A try being checked: counted as a failure until forgiven. */
export interface SignInAttempt {
  id: number;
  identifier: string;
  ip: string;
}

interface Who {
  /** The account's lower-cased username, or what was typed when no account matches. */
  identifier: string;
  ip: string;
  userId: number | null;
}

const minutesUntil = (at: number, now: Date) => Math.max(1, Math.ceil((at - now.getTime()) / 60_000));

/** The time of the `limit`-th newest failure in the window matching `where`, if there are that many. */
async function nthNewestFailure(tem: EntityManager, where: string, params: unknown[], since: Date, limit: number): Promise<Date | null> {
  const [row] = await tem.execute<{ attempted_at: Date }[]>(
    `select attempted_at from login_attempts where ${where} and attempted_at > ? order by attempted_at desc offset ? limit 1`,
    [...params, since, limit - 1],
  );
  return row ? new Date(row.attempted_at) : null;
}

/**
 * Admits one sign-in try or refuses it (429), and counts it, in one transaction holding the account's
 * and then the address's advisory lock (always in that order, so tries never wait on each other in a
 * cycle): concurrent tries are checked one after another, each seeing the ones before it.
 * - `failures_per_account_and_address` failures of this account from this address lock that pair out;
 * - `failures_per_address` failures from this address, whatever the accounts, lock the address out;
 * - past `failures_per_account_before_slowdown` failures of the account from anywhere, the account
 *   takes one try per `slowdown_seconds`, except from an address it signed in from recently.
 */
export async function admitSignIn(em: EntityManager, settings: LoginThrottle, who: Who, now: Date): Promise<SignInAttempt> {
  const windowMs = settings.window_minutes * 60_000;
  const since = new Date(now.getTime() - windowMs);
  return em.transactional(async (tem) => {
    await lockNames(tem, [{ space: 1, name: who.identifier }, { space: 2, name: who.ip }]);

    const pair = await nthNewestFailure(tem, 'identifier = ? and ip = ?', [who.identifier, who.ip], since, settings.failures_per_account_and_address);
    const address = await nthNewestFailure(tem, 'ip = ?', [who.ip], since, settings.failures_per_address);
    const lockedUntil = Math.max(pair?.getTime() ?? 0, address?.getTime() ?? 0) + windowMs;
    if (pair || address) throw fail.tooMany(ACCOUNT_MESSAGES.tooManyFailures(minutesUntil(lockedUntil, now)));

    const busy = await nthNewestFailure(tem, 'identifier = ?', [who.identifier], since, settings.failures_per_account_before_slowdown);
    if (busy) {
      const known = who.userId === null ? [] : await tem.execute(
        'select 1 from login_known_addresses where user_id = ? and ip = ? and last_success_at > ?',
        [who.userId, who.ip, new Date(now.getTime() - settings.known_address_days * 86_400_000)],
      );
      const [latest] = await tem.execute<{ at: Date }[]>('select max(attempted_at) as at from login_attempts where identifier = ?', [who.identifier]);
      const nextTry = new Date(latest!.at).getTime() + settings.slowdown_seconds * 1000;
      if (known.length === 0 && nextTry > now.getTime()) throw fail.tooMany(ACCOUNT_MESSAGES.accountSlowedDown(Math.ceil((nextTry - now.getTime()) / 1000)));
    }

    const [row] = await tem.execute<{ id: string }[]>('insert into login_attempts (identifier, ip, attempted_at) values (?, ?, ?) returning id', [who.identifier, who.ip, now]);
    return { id: Number(row!.id), identifier: who.identifier, ip: who.ip };
  });
}

/** The password was right: this pair's failures (this try's included) are forgiven and the address is known to the account. */
export async function forgiveSignIn(em: EntityManager, attempt: SignInAttempt, userId: number, now: Date): Promise<void> {
  await em.transactional(async (tem) => {
    await tem.execute('delete from login_attempts where identifier = ? and ip = ?', [attempt.identifier, attempt.ip]);
    await tem.execute(
      `insert into login_known_addresses (user_id, ip, last_success_at) values (?, ?, ?)
       on conflict (user_id, ip) do update set last_success_at = excluded.last_success_at`,
      [userId, attempt.ip, now],
    );
    // A sign-in is always activity (fair play's 'i' and 'I'), whenever the last call recorded it.
    await tem.execute('update users set last_login_ip = ?, last_login_at = ?, last_active_at = ? where id = ?', [attempt.ip, now, now, userId]);
  });
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { fail } from '../../errors';
import { lockNames } from '../../kernel/locks';

/** A sign-up counts against its address's allowance for this long. */
export const SIGNUP_WINDOW_MS = 60 * 60 * 1000;

export type SignUpKind = 'guest' | 'account';

const REFUSAL: Record<SignUpKind, string> = {
  guest: 'Too many guest accounts from your address.',
  account: 'Too many accounts registered from your address.',
};

/**
 * Counts this sign-up against its address's hourly allowance for its kind, refusing past it (429):
 * every new account places a territory on the map, so one address must not be able to fill the
 * galaxy. Counted in the database, so every api process agrees; the advisory lock makes concurrent
 * sign-ups from one address count one after another. Call inside the transaction that creates the account.
 */
export async function admitSignUpFrom(tem: EntityManager, kind: SignUpKind, address: string, perHour: number, now: Date): Promise<void> {
  const ip = address.slice(0, 64);
  await lockNames(tem, [{ name: `signup:${kind}:${ip}` }]);
  const since = new Date(now.getTime() - SIGNUP_WINDOW_MS);
  const recent = await tem.execute<{ created_at: Date }[]>(
    'select created_at from signups where kind = ? and ip = ? and created_at > ? order by created_at desc limit ?',
    [kind, ip, since, perHour],
  );
  const oldestCounted = recent[perHour - 1];
  if (perHour === 0 || oldestCounted) {
    const freeAt = oldestCounted ? new Date(oldestCounted.created_at).getTime() + SIGNUP_WINDOW_MS : now.getTime() + SIGNUP_WINDOW_MS;
    const minutes = Math.max(1, Math.ceil((freeAt - now.getTime()) / 60_000));
    throw fail.tooMany(`${REFUSAL[kind]} Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`);
  }
  await tem.execute('insert into signups (kind, ip, created_at) values (?, ?, ?)', [kind, ip, now]);
}

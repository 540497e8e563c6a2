import { fail } from '../../errors';
import type { WorldDeps } from '../../kernel/deps';
import { lockAccount } from '../../kernel/locks';
import { inFleetTransaction } from '../flight/fleet-legs';
import type { AccountActor, PasswordHasher } from './account-deps';
import { removeAccounts } from './account-removal';
import { admitSignIn } from './sign-in-throttle';

export const DELETE_MESSAGES = {
  wrongPassword: 'That is not your password: your account was not deleted. Type the password you sign in with.',
  guest: 'A guest account has no password to confirm with: it is removed by itself when it expires. Claim it first to delete it sooner.',
  gone: 'Your account no longer exists',
} as const;

/**
 * DELETE /users/me: the player leaves the game for good, after typing their password. The try counts
 * against the sign-in limits of `login_throttle` (a stolen session cannot guess the password faster
 * than a sign-in could); the account then goes by the path a guest's expiry takes (removeAccounts).
 */
export async function deleteAccount(
  deps: WorldDeps & { passwords: PasswordHasher },
  actor: AccountActor,
  input: { password: string; ip: string },
  now: Date,
): Promise<void> {
  const em = deps.em.fork();
  const [user] = await em.execute<{ username: string; password_hash: string; is_test_account: boolean }[]>(
    'select username, password_hash, is_test_account from users where id = ?', [actor.id],
  );
  if (!user) throw fail.unauthorized(DELETE_MESSAGES.gone);
  if (user.is_test_account) throw fail.conflict(DELETE_MESSAGES.guest);
  const attempt = await admitSignIn(em, deps.catalogue.universe.login_throttle, { identifier: user.username.toLowerCase(), ip: input.ip.slice(0, 64), userId: actor.id }, now);
  if (!(await deps.passwords.verify(user.password_hash, input.password))) throw fail.forbidden(DELETE_MESSAGES.wrongPassword);
  await inFleetTransaction({ ...deps, em }, now, async (tx) => {
    if (!(await lockAccount(tx.em, actor.id))) throw fail.unauthorized(DELETE_MESSAGES.gone);
    await tx.em.execute('delete from login_attempts where id = ?', [attempt.id]);
    await removeAccounts(tx, [actor.id], now);
  });
}

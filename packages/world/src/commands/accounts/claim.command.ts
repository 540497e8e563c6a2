import { fail } from '../../errors';
import { ACCOUNT_MESSAGES, type AccountActor, type AccountDeps } from './account-deps';
import { assertAvailable, uniqueViolationToConflict } from './account-store';
import { lockAccount } from '../../kernel/locks';
import { toUserView, type UserView } from '../../queries/user-view';
import type { RegisterInput } from './register.command';

/**
 * POST /users/me/claim: a guest becomes a permanent account with its own name, email and password,
 * keeping everything it owns (same user row, same id).
 */
export async function claimGuest(deps: AccountDeps, actor: AccountActor, input: RegisterInput, now: Date): Promise<UserView> {
  const passwordHash = await deps.passwords.hash(input.password);
  return deps.em
    .fork()
    .transactional(async (tem) => {
      const user = await lockAccount(tem, actor.id);
      if (!user) throw fail.unauthorized(ACCOUNT_MESSAGES.invalidToken);
      if (!user.isTestAccount) throw fail.badRequest(ACCOUNT_MESSAGES.notAGuest);
      if (user.expiresAt && user.expiresAt <= now) throw fail.unauthorized(ACCOUNT_MESSAGES.guestExpired);
      await assertAvailable(tem, input.username, input.email, user.id);
      Object.assign(user, { username: input.username, email: input.email, passwordHash, isTestAccount: false, expiresAt: null });
      await tem.flush();
      return toUserView(user);
    })
    .catch(uniqueViolationToConflict);
}

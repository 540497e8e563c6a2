import type { AccountDeps } from './account-deps';
import { insertAccount, uniqueViolationToConflict } from './account-store';
import { toUserView, type UserView } from './user-view';

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
}

/** A full account (spec: POST /auth/register). Not a session: the player signs in afterwards. */
export async function registerAccount(deps: AccountDeps, input: RegisterInput, now: Date): Promise<UserView> {
  const passwordHash = await deps.passwords.hash(input.password);
  return deps.em
    .fork()
    .transactional(async (tem) => {
      const user = await insertAccount(tem, { username: input.username, email: input.email, passwordHash, isTestAccount: false, expiresAt: null }, now, deps.catalogue);
      return toUserView(user);
    })
    .catch(uniqueViolationToConflict);
}

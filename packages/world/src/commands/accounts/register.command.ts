import type { AccountDeps } from './account-deps';
import { insertAccount, uniqueViolationToConflict } from './account-store';
import { toUserView, type UserView } from '../../queries/user-view';
import { admitSignUpFrom } from './signup-limit';

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
}

/**
 * A full account (spec: POST /auth/register). Not a session: the player signs in afterwards. At most
 * `account_signups_per_ip_per_hour` from one address `ip` (429 past it).
 */
export async function registerAccount(deps: AccountDeps, input: RegisterInput, ip: string, now: Date): Promise<UserView> {
  const passwordHash = await deps.passwords.hash(input.password);
  return deps.em
    .fork()
    .transactional(async (tem) => {
      await admitSignUpFrom(tem, 'account', ip, deps.catalogue.universe.account_signups_per_ip_per_hour, now);
      const user = await insertAccount(tem, { username: input.username, email: input.email, passwordHash, isTestAccount: false, expiresAt: null, signupIp: ip }, now, deps.catalogue);
      return toUserView(user);
    })
    .catch(uniqueViolationToConflict);
}

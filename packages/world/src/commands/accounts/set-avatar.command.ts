import { fail } from '../../errors';
import { ACCOUNT_MESSAGES, type AccountActor, type AccountDeps } from './account-deps';
import { loadOwnAccount } from './profile.command';
import { toUserView, type UserView } from './user-view';

/** PUT /users/me/avatar: one of the universe's avatars (1..51 by default). */
export async function setAvatar(deps: Pick<AccountDeps, 'em' | 'catalogue'>, actor: AccountActor, input: { avatar_id: number }): Promise<UserView> {
  const max = deps.catalogue.universe.avatars;
  if (!Number.isInteger(input.avatar_id) || input.avatar_id < 1 || input.avatar_id > max) throw fail.unprocessable(ACCOUNT_MESSAGES.avatarRange(max));
  return deps.em.fork().transactional(async (tem) => {
    const user = await loadOwnAccount(tem, actor, true);
    user.avatarId = input.avatar_id;
    return toUserView(user);
  });
}

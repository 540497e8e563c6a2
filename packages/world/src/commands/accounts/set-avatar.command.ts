import { fail } from '../../errors';
import { sqlRows } from '../../kernel/bulk-write';
import { ACCOUNT_MESSAGES, type AccountActor, type AccountDeps } from './account-deps';
import { USER_VIEW_COLUMNS, userFields, type UserViewRow } from '../../queries/profile.query';
import { toUserView, type UserView } from '../../queries/user-view';

/** PUT /users/me/avatar: one of the universe's avatars (1..51 by default), in one statement. */
export async function setAvatar(deps: Pick<AccountDeps, 'em' | 'catalogue'>, actor: AccountActor, input: { avatar_id: number }): Promise<UserView> {
  const max = deps.catalogue.universe.avatars;
  if (!Number.isInteger(input.avatar_id) || input.avatar_id < 1 || input.avatar_id > max) throw fail.unprocessable(ACCOUNT_MESSAGES.avatarRange(max));
  const [row] = await sqlRows<UserViewRow>(deps.em, `update users u set avatar_id = $1 where u.id = $2 returning ${USER_VIEW_COLUMNS}`, [input.avatar_id, actor.id]);
  if (!row) throw fail.unauthorized(ACCOUNT_MESSAGES.invalidToken);
  return toUserView(userFields(row));
}

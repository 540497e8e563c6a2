import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../entities/user.entity';
import { fail } from '../../errors';
import { ACCOUNT_MESSAGES, type AccountActor, type AccountDeps } from './account-deps';
import { toUserView, type UserView } from './user-view';
import { membershipView } from '../../queries/alliances.queries';
import { totalScoreOf } from '../../queries/highscores.queries';

/** The user behind a token: what every signed-in call knows of its caller. */
export interface SessionUser {
  id: number;
  username: string;
  isOperator: boolean;
  /** When a guest's account ends by itself; null for a registered account. */
  expiresAt: Date | null;
}

/**
 * The user behind a token, if the account still exists, is not suspended and (for a guest) has not
 * expired. Read from the database (an api process keeps it between calls only while it hears every change
 * of it: apps/api/src/auth/sessions.ts).
 */
export async function findSessionUser(em: EntityManager, userId: number, now: Date): Promise<SessionUser | { error: string }> {
  const user = await em.fork().findOne(User, { id: userId }, { fields: ['id', 'username', 'isTestAccount', 'expiresAt', 'isOperator', 'suspendedAt'] });
  if (!user) return { error: ACCOUNT_MESSAGES.invalidToken };
  if (user.isTestAccount && user.expiresAt && user.expiresAt <= now) return { error: ACCOUNT_MESSAGES.guestExpired };
  if (user.suspendedAt) return { error: ACCOUNT_MESSAGES.suspended };
  return { id: user.id, username: user.username, isOperator: user.isOperator, expiresAt: user.isTestAccount ? (user.expiresAt ?? null) : null };
}

/** Reads the actor's own account, 401 when it is gone (deleted, or an expired guest removed). */
export async function loadOwnAccount(em: EntityManager, actor: AccountActor, lock = false): Promise<User> {
  const user = await em.findOne(User, { id: actor.id }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!user) throw fail.unauthorized(ACCOUNT_MESSAGES.invalidToken);
  return user;
}

/** GET /users/me, with the player's alliance membership and total score. */
export async function getProfile(deps: Pick<AccountDeps, 'em'>, actor: AccountActor): Promise<UserView> {
  const em = deps.em.fork();
  const view = toUserView(await loadOwnAccount(em, actor), await membershipView(em, actor.id));
  return { ...view, score: await totalScoreOf(em, actor.id) };
}

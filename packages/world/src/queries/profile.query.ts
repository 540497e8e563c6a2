import type { EntityManager } from '@mikro-orm/postgresql';
import type { Catalogue } from '@brood/game-data';
import { vacationView } from './fair-play.query';
import { User } from '../entities/user.entity';
import { fail } from '../errors';
import { toUserView, type UserFields, type UserView } from './user-view';
import { membershipFromRow } from './alliances.query';
import type { AllianceRank } from '../entities/alliance.entity';
import { epochMs, sqlRows } from '../kernel/bulk-write';

/** Why a token no longer stands for a player (commands/accounts' ACCOUNT_MESSAGES includes them). */
export const SESSION_MESSAGES = {
  invalidToken: 'Could not validate credentials',
  guestExpired: 'Your guest account has expired',
  suspended: 'Your account is suspended.',
} as const;

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
  return sessionUserOf(await em.fork().findOne(User, { id: userId }, { fields: SESSION_FIELDS }), now);
}

/** findSessionUser for many accounts in one statement (an api process's kept accounts read again after its LISTEN was lost). */
export async function findSessionUsers(em: EntityManager, userIds: readonly number[], now: Date): Promise<Map<number, SessionUser | { error: string }>> {
  const users = new Map((await em.fork().find(User, { id: { $in: [...userIds] } }, { fields: SESSION_FIELDS })).map((user) => [user.id, user]));
  return new Map(userIds.map((id) => [id, sessionUserOf(users.get(id) ?? null, now)]));
}

const SESSION_FIELDS = ['id', 'username', 'isTestAccount', 'expiresAt', 'isOperator', 'suspendedAt'] as const;

function sessionUserOf(user: Pick<User, (typeof SESSION_FIELDS)[number]> | null, now: Date): SessionUser | { error: string } {
  if (!user) return { error: SESSION_MESSAGES.invalidToken };
  if (user.isTestAccount && user.expiresAt && user.expiresAt <= now) return { error: SESSION_MESSAGES.guestExpired };
  if (user.suspendedAt) return { error: SESSION_MESSAGES.suspended };
  return { id: user.id, username: user.username, isOperator: user.isOperator, expiresAt: user.isTestAccount ? (user.expiresAt ?? null) : null };
}

/** An account's view fields as columns (expires_ms: epoch ms), for statements that answer a UserView. */
export const USER_VIEW_COLUMNS = `u.id, u.username, u.email, u.avatar_id, u.score, u.is_test_account, ${epochMs('u.expires_at')} as expires_ms`;

export type UserViewRow = { id: number; username: string; email: string; avatar_id: number; score: number; is_test_account: boolean; expires_ms: number | null };

/** A row of USER_VIEW_COLUMNS as toUserView takes an account. */
export const userFields = (row: UserViewRow): UserFields => ({
  id: row.id, username: row.username, email: row.email, avatarId: row.avatar_id, score: row.score, isTestAccount: row.is_test_account,
  expiresAt: row.expires_ms === null ? null : new Date(row.expires_ms),
});

type ProfileRow = UserViewRow & { total_score: number | null; vacation_since: Date | null } & ({ alliance_id: number; alliance_name: string; alliance_tag: string; rank: AllianceRank; joined_at: Date } | { alliance_id: null });

/** GET /users/me, with the player's alliance membership and total score: one statement. */
export async function getProfile(deps: { em: EntityManager; catalogue: Catalogue }, actor: { id: number }): Promise<UserView> {
  const [row] = await sqlRows<ProfileRow>(
    deps.em,
    `select ${USER_VIEW_COLUMNS}, m.alliance_id, a.name as alliance_name, a.tag as alliance_tag, m.rank, m.joined_at,
       (select s.total_score from player_scores s where s.user_id = u.id) as total_score, u.vacation_since
     from users u left join alliance_members m on m.user_id = u.id left join alliances a on a.id = m.alliance_id
     where u.id = $1 limit 1`,
    [actor.id],
  );
  if (!row) throw fail.unauthorized(SESSION_MESSAGES.invalidToken);
  const membership = row.alliance_id === null ? null : membershipFromRow(row);
  return { ...toUserView(userFields(row), membership), score: row.total_score ?? 0, vacation: vacationView(deps.catalogue, row.vacation_since == null ? null : new Date(row.vacation_since)) };
}

import type { User } from '../entities/user.entity';
import type { VacationView } from './fair-play.query';

/** Membership as the alliance screen reads it (filled in once alliances exist). */
export interface AllianceMembershipView {
  alliance_id: number;
  alliance_name: string;
  alliance_tag: string;
  rank: 'LEADER' | 'OFFICER' | 'MEMBER';
  joined_at: string;
}

/** The user as /users/me and every account call answer it (spec core §3), snake_case on the wire. */
export interface UserView {
  id: number;
  username: string;
  email: string;
  avatar_id: number;
  score: number;
  is_test_account: boolean;
  /** ISO time a guest account expires; null for a permanent account. */
  expires_at: string | null;
  alliance_membership: AllianceMembershipView | null;
  /** Fair play's vacation mode: when it started and the earliest it may end, or null. */
  vacation: VacationView | null;
}

/** The account fields a view shows (an entity, or a plain row read for the view). */
export type UserFields = Pick<User, 'id' | 'username' | 'email' | 'avatarId' | 'score' | 'isTestAccount' | 'expiresAt'>;

export function toUserView(user: UserFields, allianceMembership: AllianceMembershipView | null = null): UserView {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    avatar_id: user.avatarId,
    score: Number(user.score),
    is_test_account: user.isTestAccount,
    expires_at: user.expiresAt ? user.expiresAt.toISOString() : null,
    alliance_membership: allianceMembership,
    vacation: null,
  };
}

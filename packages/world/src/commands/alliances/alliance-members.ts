import type { EntityManager } from '@mikro-orm/postgresql';
import { allianceRefusal, type AlliancePower } from '@brood/game-core';
import type { GameEventData, GameEventName } from '@brood/contracts';
import { fail, GameError } from '../../errors';
import type { Actor } from '../../kernel/deps';
import { publishEvent } from '../../events';
import { lockAlliance } from '../../kernel/locks';
import { NOT_IN_ALLIANCE, memberOf, membersOf, type MemberRow } from '../../queries/alliance-reads';

/** Locks the actor's alliance and answers their membership as it stands under the lock. */
export async function lockOwnAlliance(em: EntityManager, actor: Actor): Promise<{ me: MemberRow; alliance: { id: number; name: string } }> {
  const before = await memberOf(em, actor.id);
  if (!before) throw fail.conflict(NOT_IN_ALLIANCE);
  const alliance = await lockAlliance(em, before.alliance_id);
  const me = await memberOf(em, actor.id);
  if (!me || me.alliance_id !== alliance.id) throw fail.conflict(NOT_IN_ALLIANCE);
  return { me, alliance };
}

export const NOT_THIS_ALLIANCE = 'You are not a member of this alliance.';

/** Like lockOwnAlliance, for a call naming the alliance: 403 when the actor is not in that one. */
export async function lockMembershipIn(em: EntityManager, actor: Actor, allianceId: number): Promise<{ me: MemberRow; alliance: { id: number; name: string } }> {
  const before = await memberOf(em, actor.id);
  if (!before || before.alliance_id !== allianceId) throw fail.forbidden(NOT_THIS_ALLIANCE);
  const alliance = await lockAlliance(em, allianceId);
  const me = await memberOf(em, actor.id);
  if (!me || me.alliance_id !== allianceId) throw fail.forbidden(NOT_THIS_ALLIANCE);
  return { me, alliance };
}

/** Refuses unless `me` may use `power` (on `target`). */
export function requirePower(power: AlliancePower, me: MemberRow, target?: MemberRow): void {
  const refusal = allianceRefusal(power, { id: me.user_id, rank: me.rank }, target && { id: target.user_id, rank: target.rank });
  if (refusal) throw new GameError(refusal.kind, refusal.message);
}

/** A fellow member of `allianceId` (404 with `missing` when they are not in it). */
export async function fellowMember(em: EntityManager, allianceId: number, userId: number, missing = 'Member not found in your alliance.'): Promise<MemberRow> {
  const target = await memberOf(em, userId);
  if (!target || target.alliance_id !== allianceId) throw fail.notFound(missing);
  return target;
}

/** Sends one alliance event to each of these players (on commit). */
export async function tell<E extends GameEventName>(em: EntityManager, userIds: Iterable<number>, event: E, data: GameEventData<E>): Promise<void> {
  for (const id of new Set(userIds)) await publishEvent(em, id, event, data);
}

/** Ids of every member, or of the leader and officers only. */
export async function memberIds(em: EntityManager, allianceId: number, managersOnly = false): Promise<number[]> {
  const members = await membersOf(em, allianceId);
  return members.filter((m) => !managersOnly || m.rank !== 'MEMBER').map((m) => m.user_id);
}

import type { EntityManager } from '@mikro-orm/postgresql';
import type { MessageType } from '@brood/contracts';
import { type Movement } from '../../entities/movement.entity';
import { Territory } from '../../entities/territory.entity';
import { User } from '../../entities/user.entity';
import { JOBS } from '../../job-contracts';
import { scheduleJobs, type JobSender } from '../../jobs';
import type { Actor, WorldDeps } from '../../kernel/deps';
import { lockInvitationRow } from '../../kernel/locks';
import { fail } from '../../errors';
import type { AttackInvitation } from '../../entities/attack-invitation.entity';
import { addNotifications, type AnnounceAs, type NotificationEntry } from '../notifications';
import { coordsText, targetCoords, type Coords3 } from '../flight/fleet-parts';

/**
 * An attack group (GAME-RULES "Multi-party attack"): the initiator's movement and its participants',
 * every one with `attack_group_id` = the initiator's movement id and the same arrival instant.
 * Lock order: a group's movement rows are locked in one statement in id order (`lockGroup`), after
 * the player's row and before any territory.
 */

export const INITIATOR = 'MULTI_PARTY_ATTACK_INITIATOR';
export const PARTICIPANT = 'MULTI_PARTY_ATTACK_PARTICIPANT';

export const INVITATION_NOT_FOUND = 'Invitation not found';
export const INVITATION_EXPIRED = 'This attack is no longer on its way to its target: the invitation has expired.';

/** The actor's invitation, locked and still waiting for an answer; 404 when it is someone else's. */
export async function lockInvitation(tx: WorldDeps, actor: Actor, id: number): Promise<AttackInvitation> {
  const invitation = await lockInvitationRow(tx.em, id);
  if (!invitation || invitation.invitedUserId !== actor.id) throw fail.notFound(INVITATION_NOT_FOUND);
  if (invitation.status === 'EXPIRED') throw fail.conflict(INVITATION_EXPIRED);
  if (invitation.status !== 'PENDING') throw fail.conflict(`You have already ${invitation.status === 'ACCEPTED' ? 'accepted' : 'declined'} this invitation.`);
  return invitation;
}

/** The members still flying to the target (returning fleets have left the group). */
export const flyingMembers = (members: readonly Movement[]): Movement[] => members.filter((m) => m.mission === INITIATOR || m.mission === PARTICIPANT);

export const participantsOf = (members: readonly Movement[]): Movement[] => members.filter((m) => m.mission === PARTICIPANT);

/** What every notice about the group says: where it strikes and when. */
export interface GroupTarget {
  coords: Coords3;
  name: string;
  /** The territory there now, if any (its owner is the one attacked). */
  territory: Territory | null;
}

export async function groupTarget(em: EntityManager, lead: Movement): Promise<GroupTarget> {
  const coords = targetCoords(lead);
  const territory = await em.findOne(Territory, { region: coords[0], subRegion: coords[1], position: coords[2] });
  return { coords, name: territory?.name ?? coordsText(coords), territory };
}

export const targetText = (t: GroupTarget): string => `${t.name} (${coordsText(t.coords)})`;

export async function usernameOf(em: EntityManager, userId: number): Promise<string> {
  const user = await em.findOne(User, { id: userId }, { fields: ['username'] });
  return user?.username ?? 'Another player';
}

type GroupNoticeType = Extract<
  MessageType,
  | 'MULTI_PARTY_ATTACK_INVITATION_ACCEPTED'
  | 'MULTI_PARTY_ATTACK_INVITATION_DECLINED'
  | 'MULTI_PARTY_ATTACK_PLAYER_JOINED'
  | 'MULTI_PARTY_ATTACK_RECALLED_BY_INITIATOR'
  | 'MULTI_PARTY_ATTACK_PARTICIPANT_RECALLED'
  | 'MULTI_PARTY_ATTACK_ARRIVAL_TIME_UPDATED'
>;

/** One MULTI_PARTY_ATTACK_* notice: a sentence, the target and the group's arrival (social spec 3). */
export function groupNotice(
  userId: number,
  type: GroupNoticeType,
  title: string,
  message: string,
  target: GroupTarget,
  arrival: Date | null | undefined,
  relatedId: string,
  extra: { attacker_username?: string; as?: AnnounceAs } = {},
): NotificationEntry {
  return {
    userId,
    input: {
      message_type: type,
      title,
      content: {
        message,
        target_coords: target.coords,
        target_territory_name: target.name,
        current_arrival_time: arrival ? arrival.toISOString() : null,
        ...(extra.attacker_username ? { attacker_username: extra.attacker_username } : {}),
      },
      related_object_id: relatedId,
    },
    as: extra.as,
  };
}

export const storeNotices = (tx: JobSender, notes: readonly NotificationEntry[], now: Date) => addNotifications(tx, notes, now);

/**
 * The group's arrival moves to `arrival`: every member gets a new leg due then, and the arrival job
 * of that leg (one insert); the jobs of the old legs find a stale leg and change nothing.
 */
export async function moveGroupArrival(tx: WorldDeps, members: readonly Movement[], arrival: Date): Promise<void> {
  for (const m of members) {
    m.arrivalTime = arrival;
    m.leg += 1;
  }
  await tx.em.flush();
  await scheduleJobs(tx, JOBS.movementArrival, members.map((m) => ({ payload: { id: m.id, leg: m.leg }, startAfter: arrival })));
}

/** Invitations still waiting for an answer, which hold seats of the group. */
export async function pendingInvitationCount(em: EntityManager, groupId: string): Promise<number> {
  const rows = await em.execute<{ n: string }[]>(`select count(*) as n from attack_invitations where attack_group_id = ? and status = 'PENDING'`, [groupId]);
  return Number(rows[0]?.n ?? 0);
}

/** The invitation's card turns to 'responded to' once it is answered (on every device of the player). */
export async function markInvitationRead(em: EntityManager, userId: number, invitationId: number): Promise<void> {
  await em.execute(
    `update notifications set is_read = true where user_id = ? and message_type = 'MULTI_PARTY_ATTACK_INVITATION_RECEIVED' and related_object_id = ?`,
    [userId, String(invitationId)],
  );
}

/** A delay in words ('3m 07s'): game-core's, which the Army form's join sentences use too. */
export { groupDelayText as durationText } from '@brood/game-core';

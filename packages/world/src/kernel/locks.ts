import { LockMode, raw, type EntityManager } from '@mikro-orm/postgresql';
import type { Resources } from '@brood/game-core';
import { AttackInvitation } from '../entities/attack-invitation.entity';
import { Movement, type MovementMission } from '../entities/movement.entity';
import { User } from '../entities/user.entity';
import type { AmountMap } from '../entities/territory.entity';
import { fail } from '../errors';
import { matchIds, sqlRows } from './bulk-write';

/**
 * The lock order of the whole game, written once. A transaction takes locks only in this order
 * (it may skip steps, never go back to an earlier one), and takes the rows of one step in one
 * statement in ascending id order; so two concurrent commands wait for each other instead of
 * deadlocking. Every lock helper lives in kernel/ and names its step. The one re-read after step 5,
 * lockFightingRows (a battle's fleets), takes only movements lockArriving already holds, or ones
 * that joined since and that no one else holds.
 */
export const LOCK_ORDER = [
  { step: 0, rows: "no row: advisory locks on names (a sign-in's account, then its address; a sign-up's address)", helpers: ['lockNames'] },
  { step: 1, rows: 'an alliance (then its member and application rows)', helpers: ['lockAlliance'] },
  { step: 2, rows: 'players (users): FOR NO KEY UPDATE, or FOR UPDATE for a change to the account itself', helpers: ['lockPlayer', 'lockPlayers', 'lockAccount', 'lockAccountRow', 'lockExpiredGuests'] },
  { step: 3, rows: 'an attack invitation', helpers: ['lockInvitationRow'] },
  { step: 4, rows: 'movements, in one id-ordered statement', helpers: ['lockMovementRow', 'lockGroup', 'lockArriving', 'lockFightingRows', 'lockDepartingFleets'] },
  { step: 5, rows: 'territories, FOR NO KEY UPDATE (a foreign-key check on one, e.g. a dispatch\'s target, never waits), in one id-ordered statement', helpers: ['lockTerritories', 'lockTerritoryRows', 'lockOwnedTerritory'] },
  { step: 6, rows: 'the wreckage field at a position', helpers: ['lockWreckageAt'] },
  { step: 7, rows: "players' score rows, at the end of a transaction that changed what they own", helpers: ['lockScores', 'lockScoreBatch'] },
] as const;

export type LockHelper = (typeof LOCK_ORDER)[number]['helpers'][number];

export const ALLIANCE_NOT_FOUND = 'Alliance not found.';

/** A name to lock: in key space 1 (accounts) or 2 (addresses), or alone in the one-key space. */
export interface LockName {
  space?: 1 | 2;
  name: string;
}

/**
 * Step 0, before any row: transaction-scoped advisory locks on names, one after another in the order
 * given, so that concurrent tries on the same name (a sign-in's account and address, a sign-up's
 * address) are checked one after another. The key spaces keep an account's key from colliding with
 * an address's.
 */
export async function lockNames(em: EntityManager, names: readonly LockName[]): Promise<void> {
  for (const { space, name } of names) {
    await em.execute(space === undefined ? 'select pg_advisory_xact_lock(hashtext(?))' : `select pg_advisory_xact_lock(${space}, hashtext(?))`, [name]);
  }
}

/**
 * Step 1: the alliance row (FOR UPDATE). Every change to an alliance's membership holds it, so counts
 * and ranks read after the lock stay true until commit. Answers the alliance's name.
 */
export async function lockAlliance(em: EntityManager, allianceId: number): Promise<{ id: number; name: string }> {
  const rows = await em.execute<{ id: number; name: string }[]>('select id, name from alliances where id = ? for update', [allianceId]);
  if (rows.length === 0) throw fail.notFound(ALLIANCE_NOT_FOUND);
  return rows[0]!;
}

/**
 * Step 2: players' user rows, in id order (their research queue, fleet slots, territory count). FOR NO
 * KEY UPDATE, not FOR UPDATE: it must not block the key-share locks that inserts referencing a user
 * take (a completion's notification, while it holds a territory lock), or the two could deadlock.
 * Answers the ids that exist.
 */
export async function lockPlayers(em: EntityManager, userIds: readonly number[]): Promise<number[]> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  // One player (every command's actor) as one value: an array keeps no plan (matchIds).
  const match = matchIds('id', '$1', ids);
  const rows = await sqlRows<{ id: number }>(em, `select id from users where ${match.where} order by id for no key update`, [match.value]);
  return rows.map((r) => r.id);
}

/** lockPlayers for the one player a command acts for (401 when their account is gone). */
export async function lockPlayer(em: EntityManager, actor: { id: number }): Promise<void> {
  if ((await lockPlayers(em, [actor.id])).length === 0) throw fail.unauthorized('Your account no longer exists');
}

/**
 * Step 2, for a change to the account itself (a guest's claim): the player's User (FOR UPDATE), or null
 * when the account is gone.
 */
export async function lockAccount(em: EntityManager, userId: number): Promise<User | null> {
  return em.findOne(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
}

/** An account's row as an operator's command reads it. */
export interface AccountRow {
  id: number;
  username: string;
  is_operator: boolean;
  suspended_at: Date | null;
}

/**
 * Step 2, for an operator's change to an account (a suspension, the operator role): its user row (FOR
 * UPDATE) by id or by name in any case, or null when there is none.
 */
export async function lockAccountRow(em: EntityManager, by: { id: number } | { username: string }): Promise<AccountRow | null> {
  const [where, value] = 'id' in by ? ['id = ?', by.id] : ['lower(username) = lower(?)', by.username];
  const rows = await em.execute<AccountRow[]>(`select id, username, is_operator, suspended_at from users where ${where} for update`, [value]);
  return rows[0] ?? null;
}

/**
 * Step 2: up to `limit` guest accounts expired at `now`, in id order (FOR UPDATE SKIP LOCKED, so
 * several workers removing guests at once each take other rows). Answers their ids.
 */
export async function lockExpiredGuests(em: EntityManager, now: Date, limit: number): Promise<number[]> {
  const rows = await em.execute<{ id: number }[]>(
    'select id from users where is_test_account and expires_at <= ? order by id limit ? for update skip locked',
    [now, limit],
  );
  return rows.map((r) => r.id);
}

/** Step 3: an attack invitation row, or null when there is none. */
export async function lockInvitationRow(em: EntityManager, id: number): Promise<AttackInvitation | null> {
  return em.findOne(AttackInvitation, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
}

/** Step 4: one movement row, or null when there is none. */
export async function lockMovementRow(em: EntityManager, id: string): Promise<Movement | null> {
  return em.findOne(Movement, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
}

/** Step 4: every movement of an attack group, in id order. */
export async function lockGroup(em: EntityManager, groupId: string): Promise<Movement[]> {
  return em.find(Movement, { attackGroupId: groupId }, { orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
}

/**
 * Step 4, before accounts are removed: every movement the removal changes, in id order, so the
 * cascade that follows (territories, step 5) finds them held: the players' own fleets, every fleet
 * of the attack groups they lead, and other players' fleets heading for or stationed at their
 * territories (their target is set null with the territory).
 */
export async function lockDepartingFleets(em: EntityManager, userIds: readonly number[]): Promise<Movement[]> {
  const rows = await sqlRows<{ id: string }>(
    em,
    `select m.id from movements m
      where m.user_id = any($1::int[]) or m.target_owner_id = any($1::int[])
         or m.target_territory_id in (select t.id from territories t where t.owner_id = any($1::int[]))
         or m.attack_group_id in (select g.id from movements g where g.user_id = any($1::int[]) and g.mission = 'MULTI_PARTY_ATTACK_INITIATOR')
      order by m.id for update`,
    [[...userIds]],
  );
  if (rows.length === 0) return [];
  return em.find(Movement, { id: { $in: rows.map((r) => r.id) } }, { orderBy: { id: 'asc' }, refresh: true });
}

/** The missions that fight at their target on arrival. */
export const ATTACK_MISSIONS: readonly MovementMission[] = ['ATTACK', 'MULTI_PARTY_ATTACK_INITIATOR', 'MULTI_PARTY_ATTACK_PARTICIPANT'];

/**
 * Step 4: the movements of arriving legs, in one id-ordered statement together with every movement
 * their arrival may change: the other members of their attack groups, and the allied fleets stationed
 * where an attack arrives. A recall, a stationing cancel or a join, which lock the same movement rows
 * in one statement before any territory, cannot deadlock with an arrival.
 */
export async function lockArriving(em: EntityManager, ids: readonly string[]): Promise<Movement[]> {
  if (ids.length === 0) return [];
  const marks = ids.map(() => '?').join(', ');
  const attacks = ATTACK_MISSIONS.map((m) => `'${m}'`).join(', ');
  const related = raw(
    (alias: string) =>
      `(${alias}.attack_group_id in (select j.attack_group_id from movements j where j.id in (${marks}) and j.attack_group_id is not null)
        or (${alias}.mission = 'ALLIED_STATIONED' and (${alias}.target_region, ${alias}.target_sub_region, ${alias}.target_position) in
            (select j.target_region, j.target_sub_region, j.target_position from movements j where j.id in (${marks}) and j.mission in (${attacks}))))`,
    [...ids, ...ids],
  );
  return em.find(
    Movement,
    { $or: [{ id: { $in: [...ids] } }, { [related]: [] }] },
    { orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
  );
}

/**
 * Step 4 again, after the territories (an attack's arrival, the one exception the order allows): the
 * members of `m`'s group due with it at its target and the allied fleets stationed at the target, in
 * one id-ordered statement. lockArriving holds all of them already but a member that joined or an
 * ally that stationed since, which no one else holds.
 */
export async function lockFightingRows(em: EntityManager, m: Movement, targetId: number | null): Promise<Movement[]> {
  const where = [
    ...(m.attackGroupId == null
      ? []
      : [{ attackGroupId: m.attackGroupId, mission: { $in: [...ATTACK_MISSIONS] }, arrivalTime: m.arrivalTime, targetRegion: m.targetRegion, targetSubRegion: m.targetSubRegion, targetPosition: m.targetPosition }]),
    ...(targetId != null ? [{ targetTerritoryId: targetId, mission: 'ALLIED_STATIONED' as const }] : []),
  ];
  return where.length ? em.find(Movement, { $or: where }, { orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE }) : [];
}

/** A map position (the one wreckage field there). */
export interface WreckageSpot {
  region: number;
  sub_region: number;
  position: number;
}

/** A wreckage field as the commands see it: locked for the caller's transaction. */
export interface LockedWreckage extends WreckageSpot {
  id: number;
  resources: AmountMap;
  expires_at: Date;
}

/** Whole amounts above zero only (a field never stores fractions or empty entries). */
export function positive(r: Resources): AmountMap {
  const out: AmountMap = {};
  for (const [k, v] of Object.entries(r)) if (Math.floor(v ?? 0) > 0) out[k] = Math.floor(v!);
  return out;
}

/** A row as the driver gives it (timestamps may come as text) in the shape callers use. */
export const fieldOf = (row: LockedWreckage): LockedWreckage => ({ ...row, resources: positive(row.resources), expires_at: new Date(row.expires_at) });

/**
 * Step 6: the live field at a spot (FOR UPDATE), or null when there is none or it has expired at `at`
 * (an expired row waits for the cleanup job and counts as gone).
 */
export async function lockWreckageAt(em: EntityManager, spot: WreckageSpot, at: Date): Promise<LockedWreckage | null> {
  const rows = await em.execute<LockedWreckage[]>(
    `select id, region, sub_region, position, resources, expires_at from wreckage_fields
      where region = ? and sub_region = ? and position = ? and expires_at > ? for update`,
    [spot.region, spot.sub_region, spot.position, at],
  );
  return rows[0] ? fieldOf(rows[0]) : null;
}

/** Step 7: players' score rows, in ascending ids as the recompute job locks them. */
export async function lockScores(em: EntityManager, userIds: readonly number[]): Promise<void> {
  await sqlRows(em, 'select user_id from player_scores where user_id = any($1::int[]) order by user_id for no key update', [[...userIds]]);
}

/** A player's stored scores, as the score rows hold them. */
export interface StoredScores {
  building_score: number;
  research_score: number;
  unit_score: number;
  defense_score: number;
  total_score: number;
}

/**
 * Step 7 for the periodic recompute: the score rows of the next `limit` players after `afterUserId`, in
 * ascending ids (FOR NO KEY UPDATE of the score rows only), with what they store.
 */
export async function lockScoreBatch(em: EntityManager, afterUserId: number, limit: number): Promise<(StoredScores & { user_id: number })[]> {
  return em.execute<(StoredScores & { user_id: number })[]>(
    `select s.user_id, s.building_score, s.research_score, s.unit_score, s.defense_score, s.total_score
     from users u join player_scores s on s.user_id = u.id where u.id > ? order by u.id limit ? for no key update of s`,
    [afterUserId, limit],
  );
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { allianceRefusal } from '@brood/game-core';
import type { AllianceRank, ApplicationStatus } from '../entities/alliance.entity';
import { fail, GameError } from '../errors';
import type { Actor, WorldDeps } from '../kernel/deps';
import type { AllianceMembershipView } from './user-view';
import { ALLIANCE_NOT_FOUND, memberOf, membersOf, slotsByLeader } from './alliance-reads';
import { boundRows } from '../kernel/bulk-write';

/** An alliance as the browse list and the detail view show it (spec social §3 Alliance). */
export interface AllianceView {
  id: number;
  name: string;
  tag: string;
  description: string;
  leader_id: number;
  leader_username: string;
  member_count: number;
  slots_max: number;
  /** Recruitment is always by application. */
  recruitment_type: 'APPLICATION';
  created_at: string;
}

export interface AllianceMemberView {
  user_id: number;
  username: string;
  rank: AllianceRank;
  joined_at: string;
}

export interface AllianceDetailView extends AllianceView {
  members: AllianceMemberView[];
}

export interface ApplicationView {
  id: number;
  user_id: number;
  username: string;
  alliance_id: number;
  alliance_name: string;
  alliance_tag: string;
  message: string | null;
  status: ApplicationStatus;
  created_at: string;
}

interface AllianceRow {
  id: number;
  name: string;
  tag: string;
  description: string;
  created_at: Date;
  leader_id: number;
  leader_username: string;
  member_count: number;
}

const ALLIANCE_SELECT = `select a.id, a.name, a.tag, a.description, a.created_at, l.user_id as leader_id, u.username as leader_username,
    (select count(*)::int from alliance_members c where c.alliance_id = a.id) as member_count
  from alliances a
  join alliance_members l on l.alliance_id = a.id and l.rank = 'LEADER'
  join users u on u.id = l.user_id`;

const iso = (d: Date | string) => new Date(d).toISOString();

async function toViews(deps: WorldDeps, rows: AllianceRow[], now: Date): Promise<AllianceView[]> {
  const slots = await slotsByLeader(deps.em, deps.catalogue, rows.map((r) => r.leader_id), now);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    tag: r.tag,
    description: r.description,
    leader_id: r.leader_id,
    leader_username: r.leader_username,
    member_count: r.member_count,
    slots_max: slots.get(r.leader_id) ?? deps.catalogue.universe.alliance_max_members,
    recruitment_type: 'APPLICATION',
    created_at: iso(r.created_at),
  }));
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** How far down the name order a search first looks for its page before it reads the trigram indexes. */
const SEARCH_PREFIX_ROWS = 300;

/**
 * The ids of the alliances whose name or tag contains the search text, enough of them for the page
 * (`need` = skip + limit), without trusting the planner's guess of how many match (a guess too high
 * walked the whole name index for a rare text: 20 ms; one too low sorts thousands of matches). The
 * first SEARCH_PREFIX_ROWS alliances by name are scanned in order: when they hold `need` matches,
 * those are the first `need` of all. Otherwise matches are rarer than need in SEARCH_PREFIX_ROWS, and
 * every match is read through the trigram indexes (migration 0054): few rows either way.
 */
const SEARCH_PAGE_IDS = `with prefix as materialized (
    select id, k from (select id, name, tag, lower(name) as k from alliances order by lower(name), id limit ${SEARCH_PREFIX_ROWS}) x
    where name ilike ? or tag ilike ? order by k, id limit ?),
  enough as (select count(*) >= ? as yes from prefix),
  hits as (
    select id, k from prefix where (select yes from enough)
    union all
    select id, lower(name) from alliances where (name ilike ? or tag ilike ?) and not (select yes from enough))
  select id from hits order by k, id limit ? offset ?`;

/** GET /alliances: by name, `search` matching part of the name or tag (case-insensitive). */
export async function listAlliances(deps: WorldDeps, query: { skip: number; limit: number; search?: string | undefined }, now: Date): Promise<AllianceView[]> {
  const search = query.search?.trim() ?? '';
  const pattern = containing(search);
  const need = query.skip + query.limit;
  const page = [query.limit, query.skip];
  const rows = await boundRows<AllianceRow>(
    deps.em,
    search
      ? `${ALLIANCE_SELECT} where a.id in (${SEARCH_PAGE_IDS}) order by lower(a.name), a.id`
      : `${ALLIANCE_SELECT} order by lower(a.name), a.id limit ? offset ?`,
    search ? [pattern, pattern, need, need, pattern, pattern, ...page] : page,
  );
  return toViews(deps, rows, now);
}

/** One alliance, 404 when it does not exist. */
export async function findAllianceView(deps: WorldDeps, allianceId: number, now: Date): Promise<AllianceView> {
  const rows = await boundRows<AllianceRow>(deps.em, `${ALLIANCE_SELECT} where a.id = ?`, [allianceId]);
  if (rows.length === 0) throw fail.notFound(ALLIANCE_NOT_FOUND);
  return (await toViews(deps, rows, now))[0]!;
}

/** GET /alliances/{id}: the alliance with its roster. */
export async function getAlliance(deps: WorldDeps, allianceId: number, now: Date): Promise<AllianceDetailView> {
  const alliance = await findAllianceView(deps, allianceId, now);
  const members = await membersOf(deps.em, allianceId);
  return { ...alliance, members: members.map((m) => ({ user_id: m.user_id, username: m.username, rank: m.rank, joined_at: iso(m.joined_at) })) };
}

const APPLICATION_SELECT = `select p.id, p.user_id, u.username, p.alliance_id, a.name as alliance_name, a.tag as alliance_tag, p.message, p.status, p.created_at
  from alliance_applications p join users u on u.id = p.user_id join alliances a on a.id = p.alliance_id`;

/** Applications by id, as answered to the client. */
export async function applicationViews(em: EntityManager, ids: readonly number[]): Promise<ApplicationView[]> {
  if (ids.length === 0) return [];
  const rows = await boundRows<ApplicationView & { created_at: Date }>(em, `${APPLICATION_SELECT} where p.id in (${ids.map(() => '?').join(', ')}) order by p.id`, [...ids]);
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at) }));
}

/** GET /alliances/{id}/applications: the pending ones, oldest first; for the alliance's leader and officers. */
export async function listApplications(deps: WorldDeps, actor: Actor, allianceId: number): Promise<ApplicationView[]> {
  const me = await memberOf(deps.em, actor.id);
  if (!me || me.alliance_id !== allianceId) throw fail.forbidden('You are not a member of this alliance.');
  const refusal = allianceRefusal('manage_applications', { id: me.user_id, rank: me.rank });
  if (refusal) throw new GameError(refusal.kind, refusal.message);
  const rows = await boundRows<ApplicationView & { created_at: Date }>(
    deps.em,
    `${APPLICATION_SELECT} where p.alliance_id = ? and p.status = 'PENDING' order by p.created_at, p.id`,
    [allianceId],
  );
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at) }));
}

/** The `alliance_membership` of /users/me, or null. */
export async function membershipView(em: EntityManager, userId: number): Promise<AllianceMembershipView | null> {
  const rows = await boundRows<{ alliance_id: number; alliance_name: string; alliance_tag: string; rank: AllianceRank; joined_at: Date }>(
    em,
    `select m.alliance_id, a.name as alliance_name, a.tag as alliance_tag, m.rank, m.joined_at
     from alliance_members m join alliances a on a.id = m.alliance_id where m.user_id = ?`,
    [userId],
  );
  const row = rows[0];
  return row ? membershipFromRow(row) : null;
}

/** A membership row (alliance_id, alliance_name, alliance_tag, rank, joined_at) as the view answers it. */
export function membershipFromRow(row: { alliance_id: number; alliance_name: string; alliance_tag: string; rank: AllianceRank; joined_at: Date | string }): AllianceMembershipView {
  return { alliance_id: row.alliance_id, alliance_name: row.alliance_name, alliance_tag: row.alliance_tag, rank: row.rank, joined_at: iso(row.joined_at) };
}

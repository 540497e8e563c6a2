import type { Catalogue } from '@brood/game-data';
import type { MovementMission } from '@brood/game-core';
import type { Actor, WorldDeps } from '../kernel/deps';
import type { AmountMap } from '../entities/territory.entity';
import { sqlRows } from '../kernel/bulk-write';

/** GET /movements/active (social spec 3 "Fleet movement"): one card of the army movements panel. */
export interface MovementView {
  id: string;
  user_id: number;
  username: string;
  mission_type: MovementMission;
  /** The mission a returning fleet flew (null on the way out). */
  original_mission: MovementMission | null;
  is_returning: boolean;
  is_own_fleet: boolean;
  is_attacking_player: boolean;
  is_allied_stationing: boolean;
  target_owner_id: number | null;
  start_territory_id: number | null;
  start_territory_name: string | null;
  start_region: number;
  start_sub_region: number;
  start_position: number;
  target_territory_id: number | null;
  target_territory_name: string | null;
  target_region: number;
  target_sub_region: number;
  target_position: number;
  start_time: string;
  /** Null: stationed at an ally. */
  arrival_time: string | null;
  created_at: string;
  /** A foreign fleet's quantities are null ('Hidden'). */
  units: { unit_key: string; quantity: number | null }[];
  resources: { resource_key: string; amount: number | null }[];
  attack_group_id: string | null;
  current_participants: number | null;
  max_participants: number | null;
  is_multi_party_initiator: boolean;
  exploration_duration_hours: number | null;
  /** An exploring fleet staying at its target: start_time to arrival_time is its stay there. */
  is_exploring: boolean;
}

interface Row {
  id: string;
  user_id: number;
  username: string;
  mission: MovementMission;
  original_mission: MovementMission | null;
  start_territory_id: number | null;
  start_name: string | null;
  start_region: number;
  start_sub_region: number;
  start_position: number;
  target_territory_id: number | null;
  target_name: string | null;
  target_owner: number | null;
  target_region: number;
  target_sub_region: number;
  target_position: number;
  units: AmountMap;
  resources: AmountMap;
  exploration_duration_hours: number | null;
  exploring_since: Date | null;
  attack_group_id: string | null;
  /** Participants flying with the group (a count, as text from PostgreSQL). */
  participants: string | null;
  start_time: Date;
  arrival_time: Date | null;
  created_at: Date;
}

const ATTACKS: ReadonlySet<MovementMission> = new Set(['ATTACK', 'MULTI_PARTY_ATTACK_INITIATOR', 'MULTI_PARTY_ATTACK_PARTICIPANT']);
const ALLIED: ReadonlySet<MovementMission> = new Set(['ALLIED_STATIONED', 'ALLIED_STATIONING_PENDING']);

function toView(catalogue: Catalogue, row: Row, viewer: number): MovementView {
  const own = row.user_id === viewer;
  const allied = ALLIED.has(row.mission);
  // Allies' stationed fleets guard the host, who sees what they hold; anyone else's fleet is hidden.
  const visible = own || allied;
  const unitKeys = Object.keys(row.units).filter((k) => (row.units[k] ?? 0) > 0);
  const resourceKeys = catalogue.orderedResourceKeys.filter((k) => (row.resources[k] ?? 0) > 0);
  return {
    id: row.id,
    user_id: row.user_id,
    username: row.username,
    mission_type: row.mission,
    original_mission: row.original_mission,
    is_returning: row.mission === 'RETURN',
    is_own_fleet: own,
    is_attacking_player: !own && ATTACKS.has(row.mission),
    is_allied_stationing: allied,
    target_owner_id: row.target_owner,
    start_territory_id: row.start_territory_id,
    start_territory_name: row.start_name,
    start_region: row.start_region,
    start_sub_region: row.start_sub_region,
    start_position: row.start_position,
    target_territory_id: row.target_territory_id,
    target_territory_name: row.target_name,
    target_region: row.target_region,
    target_sub_region: row.target_sub_region,
    target_position: row.target_position,
    start_time: new Date(row.start_time).toISOString(),
    arrival_time: row.arrival_time ? new Date(row.arrival_time).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
    units: unitKeys.map((unit_key) => ({ unit_key, quantity: visible ? row.units[unit_key]! : null })),
    resources: visible ? resourceKeys.map((resource_key) => ({ resource_key, amount: row.resources[resource_key]! })) : [],
    attack_group_id: row.attack_group_id,
    // Social spec 9: the group size shows as current + 1 over max + 1 (the initiator is not counted).
    current_participants: row.attack_group_id ? Number(row.participants ?? 0) : null,
    max_participants: row.attack_group_id ? catalogue.universe.max_participants : null,
    is_multi_party_initiator: row.mission === 'MULTI_PARTY_ATTACK_INITIATOR',
    exploration_duration_hours: row.exploration_duration_hours,
    is_exploring: row.exploring_since != null,
  };
}

const COLUMNS = `m.id, m.user_id, u.username, m.mission, m.original_mission,
         m.start_territory_id, st.name as start_name, m.start_region, m.start_sub_region, m.start_position,
         tt.id as target_territory_id, tt.name as target_name, tt.owner_id as target_owner,
         m.target_region, m.target_sub_region, m.target_position,
         m.units, m.resources, m.exploration_duration_hours, m.exploring_since, m.start_time, m.arrival_time, m.created_at,
         m.attack_group_id,
         (select count(*) from movements g where g.attack_group_id = m.attack_group_id and g.mission = 'MULTI_PARTY_ATTACK_PARTICIPANT') as participants`;

const JOINS = `join users u on u.id = m.user_id
  left join territories st on st.id = m.start_territory_id
  left join territories tt on tt.region = m.target_region and tt.sub_region = m.target_sub_region and tt.position = m.target_position`;

/**
 * The rows of `player`'s fleet list (a parameter or a column), unordered. The others' fleets are
 * looked up from each of the player's territories (`offset 0` keeps the lookup a lookup): as a join
 * the planner may instead read every fleet in flight, which it does when it plans with statistics
 * taken while few flew, and a prepared statement keeps that plan until the next analyze (1.5 ms a
 * read with a few thousand fleets in flight, against 0.3).
 */
const fleetListSql = (player: string) => `select ${COLUMNS} from movements m ${JOINS} where m.user_id = ${player}
  union all
  select ${COLUMNS} from territories mine
  cross join lateral (select * from movements h where h.target_territory_id = mine.id and h.user_id <> ${player} and h.mission <> 'RETURN' offset 0) m
  ${JOINS}
  where mine.owner_id = ${player} and tt.owner_id = ${player}`;

/**
 * The player's own fleets (out, stationed, returning) and every other player's fleet heading for, or
 * stationed at, one of the player's territories; soonest arrival first, stationed fleets last.
 */
export async function activeMovements(deps: WorldDeps, actor: Actor): Promise<MovementView[]> {
  // Polled every 15 s by every open page: one parameter, sent apart from the text, not written into it.
  const read = async () => {
    const rows = await sqlRows<Row>(deps.em, `${fleetListSql('$1')} order by arrival_time nulls last, created_at`, [actor.id]);
    return rows.map((row) => toView(deps.catalogue, row, actor.id));
  };
  // A read-only request of the api keeps the list between polls while it hears its changes (kept-reads.ts, migration 0250).
  return deps.reads?.kept ? deps.reads.kept.fleetsOf(actor.id, read) : read();
}

/** activeMovements of several players in one statement (the kept fleet lists refilled, kept-refill.query.ts); every id asked for is answered. */
export async function activeMovementsOf(deps: Pick<WorldDeps, 'em' | 'catalogue'>, userIds: readonly number[]): Promise<Map<number, MovementView[]>> {
  const rows = await sqlRows<Row & { for_user: number }>(
    deps.em,
    `select p.id as for_user, f.* from unnest($1::int[]) p(id) cross join lateral (${fleetListSql('p.id')}) f
     order by p.id, f.arrival_time nulls last, f.created_at`,
    [userIds],
  );
  const lists = new Map<number, MovementView[]>(userIds.map((id) => [id, []]));
  for (const row of rows) lists.get(row.for_user)!.push(toView(deps.catalogue, row, row.for_user));
  return lists;
}

import { CompiledQuery } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import { fail } from '../errors';

/** The grid of the spec (social 9): 31x31 regions, 31x31 sub-regions in each, 5x5 positions in each. */
export const MAP_REGIONS = 961;
export const MAP_SUB_REGIONS = 961;
export const MAP_POSITIONS = 25;

export interface RegionOverview {
  region_id: number;
  has_player_presence: boolean;
  has_enemy_presence: boolean;
}

export interface SubregionOverview {
  sub_region_id: number;
  has_player_presence: boolean;
  has_enemy_presence: boolean;
}

export interface MapTerritory {
  id: number;
  name: string;
  region: number;
  sub_region: number;
  position: number;
  owner: { id: number } | null;
  owner_id: number | null;
  owner_username: string | null;
}

interface Counted {
  key: number;
  occupied: number;
  friendly: number;
}

/**
 * Owners whose territories do not count as enemy presence for `userId`. Today the player alone; when
 * alliances land, add the members of the player's alliance here and every overview follows.
 */
export async function friendlyOwnerIds(_em: EntityManager, userId: number): Promise<number[]> {
  return [userId];
}

/** Runs hand-written SQL with $n parameters (values go to the driver as they are: arrays stay arrays). */
export async function mapRows<T>(em: EntityManager, text: string, values: readonly unknown[]): Promise<T[]> {
  const result = await em.getKysely().executeQuery<T>(CompiledQuery.raw(text, [...values]));
  return result.rows;
}

function checkRegion(regionId: number): void {
  if (!Number.isInteger(regionId) || regionId < 1 || regionId > MAP_REGIONS) {
    throw fail.badRequest(`Region id must be a whole number between 1 and ${MAP_REGIONS}.`);
  }
}

/** One answer per key 1..count: presence where the counters say so, nothing elsewhere. */
function fillGrid(rows: Counted[], count: number): { id: number; mine: boolean; enemy: boolean }[] {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return Array.from({ length: count }, (_, i) => {
    const row = byKey.get(i + 1);
    return { id: i + 1, mine: (row?.friendly ?? 0) > 0, enemy: row ? row.occupied > row.friendly : false };
  });
}

/**
 * All 961 regions with the caller's presence and another player's. Reads the occupancy counters
 * (at most 961 rows) and the friendly territories through the owner index: no scan of territories.
 */
export async function regionsOverview(em: EntityManager, userId: number): Promise<RegionOverview[]> {
  const friends = await friendlyOwnerIds(em, userId);
  const rows = await mapRows<Counted>(
    em,
    `select o.region as key, o.territories as occupied, coalesce(f.n, 0)::int as friendly
       from region_occupancy o
       left join (select region, count(*) as n from territories where owner_id = any($1::int[]) group by region) f
         on f.region = o.region
      where o.territories > 0`,
    [friends],
  );
  return fillGrid(rows, MAP_REGIONS).map((g) => ({ region_id: g.id, has_player_presence: g.mine, has_enemy_presence: g.enemy }));
}

/** The 961 sub-regions of one region, from the per-sub-region counters (primary-key range read). */
export async function subregionsOverview(em: EntityManager, userId: number, regionId: number): Promise<SubregionOverview[]> {
  checkRegion(regionId);
  const friends = await friendlyOwnerIds(em, userId);
  const rows = await mapRows<Counted>(
    em,
    `select o.sub_region as key, o.territories as occupied, coalesce(f.n, 0)::int as friendly
       from subregion_occupancy o
       left join (select sub_region, count(*) as n from territories
                   where owner_id = any($1::int[]) and region = $2 group by sub_region) f
         on f.sub_region = o.sub_region
      where o.region = $2 and o.territories > 0`,
    [friends, regionId],
  );
  return fillGrid(rows, MAP_SUB_REGIONS).map((g) => ({ sub_region_id: g.id, has_player_presence: g.mine, has_enemy_presence: g.enemy }));
}

/**
 * Every territory of a region (or of one of its sub-regions) with its owner, in grid order. Uses the
 * unique (region, sub_region, position) index; names and owners are public map information.
 */
export async function regionTerritories(em: EntityManager, regionId: number, subRegion?: number): Promise<MapTerritory[]> {
  checkRegion(regionId);
  if (subRegion !== undefined && (!Number.isInteger(subRegion) || subRegion < 1 || subRegion > MAP_SUB_REGIONS)) {
    throw fail.badRequest(`Sub-region must be a whole number between 1 and ${MAP_SUB_REGIONS}.`);
  }
  const rows = await mapRows<Omit<MapTerritory, 'owner'>>(
    em,
    `select t.id, t.name, t.region, t.sub_region, t.position, t.owner_id, u.username as owner_username
       from territories t
       left join users u on u.id = t.owner_id
      where t.region = $1 and ($2::int is null or t.sub_region = $2)
      order by t.sub_region, t.position`,
    [regionId, subRegion ?? null],
  );
  return rows.map((r) => ({ ...r, owner: r.owner_id === null ? null : { id: r.owner_id } }));
}

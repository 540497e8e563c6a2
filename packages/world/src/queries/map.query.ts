import { CompiledQuery } from 'kysely';
import type { FairPlayPlayer, PlayerMarker } from '@brood/game-core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { GRID } from '../db/grid';
import { fail } from '../errors';
import { matchIds } from '../kernel/bulk-write';
import { perPool } from '../kernel/per-pool';
import { fairPlayColumns, markersAmong, toFairPlayPlayer, type FairPlayRow } from './fair-play.query';
import { NO_MARKERS, regionOwnerMarkers, withOwnerStatus, type Viewer } from './owner-status';

/** The grid of the spec (social 9), from universe.json (db/grid.ts). */
export const { regions: MAP_REGIONS, sub_regions: MAP_SUB_REGIONS, positions: MAP_POSITIONS } = GRID;

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
  /** Fair play's markers of the owner as the viewer reads them ('n', 's', 'v', 'i', 'I'); [] when none or unowned. */
  owner_status: PlayerMarker[];
  owner_username: string | null;
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

/**
 * Where anyone holds a territory at one level of the map: the ids (of regions, or of one region's
 * sub-regions) that hold the caller's territories and those that hold another player's, ascending.
 * An id may be in both; an id in neither is empty. The web map's answer: the whole grid as rows was
 * about 75 bytes a cell, 70 KB for a full region, built, serialised and compressed at every map screen
 * (docs/decisions.md 30). The spec's REST overviews are the whole grid (`everyRegion`, `everySubregion`).
 */
export interface MapPresence {
  mine: number[];
  enemy: number[];
}

/**
 * The presence of counted cells (`key`, `occupied`, `friendly` of the query `counted`) as one JSON
 * value built by PostgreSQL: a full region's 961 sub-regions as rows cost the api 1.65 ms a read in
 * node-postgres's row parsing alone, one JSON value is a single JSON.parse (docs/decisions.md 30).
 */
async function presenceOf(em: EntityManager, counted: string, values: readonly unknown[]): Promise<MapPresence> {
  const rows = await mapRows<{ presence: MapPresence }>(
    em,
    `select json_build_object(
        'mine', coalesce(json_agg(c.key order by c.key) filter (where c.friendly > 0), '[]'),
        'enemy', coalesce(json_agg(c.key order by c.key) filter (where c.occupied > c.friendly), '[]')) as presence
       from (${counted}) c`,
    values,
  );
  return rows[0]!.presence;
}

/**
 * The regions' presence. Reads the occupancy counters (one row per occupied region) and the friendly
 * territories through the owner index: no scan of territories.
 */
export async function regionsOverview(em: EntityManager, userId: number): Promise<MapPresence> {
  const friends = matchIds('owner_id', '$1', await friendlyOwnerIds(em, userId));
  return presenceOf(
    em,
    `select o.region as key, o.territories as occupied, coalesce(f.n, 0)::int as friendly
       from region_occupancy o
       left join (select region, count(*) as n from territories where ${friends.where} group by region) f
         on f.region = o.region
      where o.territories > 0`,
    [friends.value],
  );
}

/** The presence in one region's sub-regions, as `regionsOverview` (primary-key range read of the counters). */
export async function subregionsOverview(em: EntityManager, userId: number, regionId: number): Promise<MapPresence> {
  checkRegion(regionId);
  const friends = matchIds('owner_id', '$1', await friendlyOwnerIds(em, userId));
  return presenceOf(
    em,
    `select o.sub_region as key, o.territories as occupied, coalesce(f.n, 0)::int as friendly
       from subregion_occupancy o
       left join (select sub_region, count(*) as n from territories
                   where ${friends.where} and region = $2 group by sub_region) f
         on f.sub_region = o.sub_region
      where o.region = $2 and o.territories > 0`,
    [friends.value, regionId],
  );
}

/** Every id 1..count as a cell of the spec's overview, flagged from `presence`. */
function fillGrid<T>(presence: MapPresence, count: number, cell: (id: number, mine: boolean, enemy: boolean) => T): T[] {
  const mine = new Set(presence.mine);
  const enemy = new Set(presence.enemy);
  const grid = new Array<T>(count);
  for (let id = 1; id <= count; id++) grid[id - 1] = cell(id, mine.has(id), enemy.has(id));
  return grid;
}

/** GET /map/regions-overview (spec social 7): every region with the caller's presence and another player's. */
export const everyRegion = (presence: MapPresence): RegionOverview[] =>
  fillGrid(presence, MAP_REGIONS, (region_id, has_player_presence, has_enemy_presence) => ({ region_id, has_player_presence, has_enemy_presence }));

/** GET /map/region/{id}/subregions-overview: every sub-region of the region, as `everyRegion`. */
export const everySubregion = (presence: MapPresence): SubregionOverview[] =>
  fillGrid(presence, MAP_SUB_REGIONS, (sub_region_id, has_player_presence, has_enemy_presence) => ({ sub_region_id, has_player_presence, has_enemy_presence }));

/**
 * `region = $1`, and `sub_region = $2` when a sub-region is given, over the territories aliased `alias`.
 * Two texts, not `($2 is null or sub_region = $2)`: PostgreSQL plans such a statement anew at every run,
 * and a kept plan for either text serves (decision 20).
 */
function regionOrSubRegion(alias: string, regionId: number, subRegion: number | undefined): { where: string; params: number[] } {
  return subRegion === undefined
    ? { where: `${alias}region = $1`, params: [regionId] }
    : { where: `${alias}region = $1 and ${alias}sub_region = $2`, params: [regionId, subRegion] };
}

/** A row of `regionTerritories`: the territory, fair play's columns of its owner (null when unowned), and of the viewer. */
type TerritoryRow = Pick<MapTerritory, 'id' | 'region' | 'sub_region' | 'position' | 'owner_id'> & { territory_name: string } & Nullable<FairPlayRow> & {
  [K in keyof FairPlayRow as `viewer_${K}`]: FairPlayRow[K] | null;
};
type Nullable<T> = { [K in keyof T]: T[K] | null };

/** Fair play's row of a player from its nullable columns (a left join's), or null when there is no player. */
const fairPlayRow = (row: Nullable<FairPlayRow>): FairPlayRow | null =>
  row.name === null ? null : { name: row.name, points: row.points, last_active_ms: row.last_active_ms, vacation_ms: row.vacation_ms };

/**
 * Every territory of a region (or of one of its sub-regions) with its owner, in grid order, in one
 * statement: each row carries what fair play reads of its owner and of the viewer, so the owners'
 * markers need no read of their own (a sector of the map and of the fleet screen was three
 * statements: its territories, their owners again, and the owners' fair-play rows). Uses the unique
 * (region, sub_region, position) index; names and owners are public map information.
 */
export async function regionTerritories(em: EntityManager, viewer: Viewer, regionId: number, subRegion?: number): Promise<MapTerritory[]> {
  checkRegion(regionId);
  if (subRegion !== undefined && (!Number.isInteger(subRegion) || subRegion < 1 || subRegion > MAP_SUB_REGIONS)) {
    throw fail.badRequest(`Sub-region must be a whole number between 1 and ${MAP_SUB_REGIONS}.`);
  }
  const within = regionOrSubRegion('t.', regionId, subRegion);
  const rows = await mapRows<TerritoryRow>(
    em,
    `with viewer as (select ${fairPlayColumns('u', 's', 'viewer_')} from users u left join player_scores s on s.user_id = u.id where u.id = $${within.params.length + 1})
     select t.id, t.name as territory_name, t.region, t.sub_region, t.position, t.owner_id, ${fairPlayColumns('u', 's')}, viewer.*
       from territories t
       left join users u on u.id = t.owner_id
       left join player_scores s on s.user_id = t.owner_id
       left join viewer on true
      where ${within.where}
      order by t.sub_region, t.position`,
    [...within.params, viewer.id],
  );
  const owners = new Map<number, FairPlayPlayer>();
  for (const r of rows) {
    const owner = r.owner_id === null || owners.has(r.owner_id) ? null : fairPlayRow(r);
    if (owner) owners.set(r.owner_id!, toFairPlayPlayer(owner, viewer.catalogue, viewer.now));
  }
  const v = rows[0];
  const seen = v && fairPlayRow({ name: v.viewer_name, points: v.viewer_points, last_active_ms: v.viewer_last_active_ms, vacation_ms: v.viewer_vacation_ms });
  const markers = markersAmong(viewer.catalogue, viewer.id, seen ? toFairPlayPlayer(seen, viewer.catalogue, viewer.now) : undefined, owners.keys(), owners);
  // Keys in the spec's order (social 3), as regionTerritoriesJson writes them.
  return rows.map((r) => ({
    id: r.id,
    name: r.territory_name,
    region: r.region,
    sub_region: r.sub_region,
    position: r.position,
    owner: r.owner_id === null ? null : { id: r.owner_id },
    owner_id: r.owner_id,
    owner_status: r.owner_id === null ? NO_MARKERS : (markers.get(r.owner_id) ?? NO_MARKERS),
    owner_username: r.name,
  }));
}

/**
 * One territory of the map list (`MapTerritory`) written as JSON by PostgreSQL, byte for byte what
 * `JSON.stringify` makes of that object (same keys, same order, no spaces).
 */
const TERRITORY_JSON = `'{"id":' || t.id || ',"name":' || to_json(t.name)::text
  || ',"region":' || t.region || ',"sub_region":' || t.sub_region || ',"position":' || t.position
  || case when t.owner_id is null then ',"owner":null,"owner_id":null,"owner_status":[],"owner_username":null}'
          else ',"owner":{"id":' || t.owner_id || '},"owner_id":' || t.owner_id
            || ',"owner_status":[],"owner_username":' || coalesce(to_json(u.username)::text, 'null') || '}' end`;

/**
 * A region's territory list as sent, read at the region's change stamp, and each sub-region's part of
 * it (a slice of `body`, no copy) at that sub-region's stamp, so a change rebuilds only its sub-region.
 */
interface SerialisedRegion {
  version: string;
  body: Buffer;
  parts: Map<number, { version: string; json: Buffer }>;
}

/** Serialised answers kept by an api process, least recently used dropped first past `maxBytes`. */
class RegionAnswerCache {
  private readonly entries = new Map<number, SerialisedRegion>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The kept answer of `region` (at whatever stamp), marked most recently used. */
  take(region: number): SerialisedRegion | undefined {
    const entry = this.entries.get(region);
    if (entry) {
      this.entries.delete(region);
      this.entries.set(region, entry);
    }
    return entry;
  }

  /** Keeps `entry` unless an answer read at a later stamp is kept already. */
  keep(region: number, entry: SerialisedRegion): void {
    const old = this.entries.get(region);
    if (old) {
      // A region's stamps only grow, in commit order: a slower request must not put back an older answer.
      if (BigInt(old.version) > BigInt(entry.version)) return;
      this.entries.delete(region);
      this.bytes -= old.body.length;
    }
    if (entry.body.length > this.maxBytes) return;
    this.entries.set(region, entry);
    this.bytes += entry.body.length;
    for (const [key, oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= oldest.body.length;
    }
  }
}

/** 64 MiB: the answers of about 450,000 territories (some 145 bytes each). */
const REGION_CACHE_BYTES = 64 * 1024 * 1024;

/** One cache per connection pool (perPool). */
const regionCaches = new WeakMap<object, RegionAnswerCache>();
const regionCache = (em: EntityManager) => perPool(regionCaches, em, () => new RegionAnswerCache(REGION_CACHE_BYTES));

/** `[` parts joined by `,` `]` in one allocation; each part becomes a slice of the result. */
function assemble(parts: { subRegion: number; version: string; json: Buffer }[]): Pick<SerialisedRegion, 'body' | 'parts'> {
  const filled = parts.filter((p) => p.json.length > 0);
  const body = Buffer.allocUnsafe(2 + filled.reduce((n, p) => n + p.json.length, 0) + Math.max(0, filled.length - 1));
  const sliced = new Map<number, { version: string; json: Buffer }>();
  let at = 0;
  body[at++] = 0x5b; // [
  for (const part of parts) {
    if (part.json.length > 0) {
      if (at > 1) body[at++] = 0x2c; // ,
      part.json.copy(body, at);
      sliced.set(part.subRegion, { version: part.version, json: body.subarray(at, at + part.json.length) });
      at += part.json.length;
    } else {
      sliced.set(part.subRegion, { version: part.version, json: part.json });
    }
  }
  body[at++] = 0x5d; // ]
  return { body, parts: sliced };
}

/**
 * The REST answer of GET /map/region/{id}/territories: the JSON text of `regionTerritories(em, id)`,
 * ready to send. A full region is 24,025 territories (3.4 MB): PostgreSQL writes the text (no rows are
 * turned into objects and back), and each api process keeps the answer per region with the change
 * stamps of migration 0032 (docs/decisions.md 5):
 * - a hit is one primary-key read: the region's stamp is the kept one;
 * - otherwise one statement (one snapshot) reads the region's stamp and every sub-region's, and writes
 *   the text of only those sub-regions whose stamp is not the kept one (all of them the first time).
 * Correct with any number of api processes on one database: every write that can change the answer
 * moves the stamps in its own transaction.
 */
export async function regionTerritoriesJson(em: EntityManager, viewer: Viewer, regionId: number): Promise<Buffer> {
  checkRegion(regionId);
  const shared = await sharedRegionJson(em, regionId);
  return withOwnerStatus(shared.body, await regionOwnerMarkers(em, viewer, regionId, shared.version));
}

/** The region's list as every viewer shares it (owner_status empty), kept per region, with the stamp it was read at. */
async function sharedRegionJson(em: EntityManager, regionId: number): Promise<{ body: Buffer; version: string | null }> {
  const cache = regionCache(em);
  const kept = cache.take(regionId);
  if (kept) {
    const [stamp] = await mapRows<{ version: string }>(em, 'select version::text as version from region_occupancy where region = $1', [regionId]);
    if (stamp?.version === kept.version) return { body: kept.body, version: kept.version };
  }
  const keptParts = [...(kept?.parts ?? new Map<number, { version: string }>())];
  const rows = await mapRows<{ sub_region: number; version: string; json: string | null; region_version: string | null }>(
    em,
    `select s.sub_region, s.version::text as version,
            case when s.version = k.version then null
                 else (select coalesce(string_agg(${TERRITORY_JSON}, ',' order by t.position), '')
                         from territories t left join users u on u.id = t.owner_id
                        where t.region = s.region and t.sub_region = s.sub_region)
            end as json,
            (select version::text from region_occupancy where region = $1) as region_version
       from subregion_occupancy s
       left join unnest($2::int[], $3::bigint[]) k(sub_region, version) on k.sub_region = s.sub_region
      where s.region = $1
      order by s.sub_region`,
    [regionId, keptParts.map(([sub]) => sub), keptParts.map(([, part]) => part.version)],
  );
  const fresh = assemble(
    rows.map((row) => ({
      subRegion: row.sub_region,
      version: row.version,
      json: row.json === null ? kept!.parts.get(row.sub_region)!.json : Buffer.from(row.json, 'utf8'),
    })),
  );
  const version = rows[0]?.region_version ?? null;
  if (version !== null) cache.keep(regionId, { version, ...fresh });
  return { body: fresh.body, version };
}

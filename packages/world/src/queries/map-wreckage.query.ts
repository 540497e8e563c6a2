import type { EntityManager } from '@mikro-orm/postgresql';
import type { AmountMap } from '../entities/territory.entity';
import { epochMs, jsonList } from '../kernel/bulk-write';
import { perPool } from '../kernel/per-pool';
import { mapRows } from './map.query';

export interface WreckageFieldView {
  id: number;
  region: number;
  sub_region: number;
  position: number;
  resources: AmountMap;
  expires_at: Date;
}

/** Every wreckage field not yet expired at `now` (fields live 72 h, so the set stays small). */
export async function activeWreckageFields(em: EntityManager, now: Date): Promise<WreckageFieldView[]> {
  return mapRows<WreckageFieldView>(
    em,
    `select id, region, sub_region, position, resources, expires_at
       from wreckage_fields
      where expires_at > $1
      order by region, sub_region, position`,
    [now],
  );
}

/**
 * Live fields counted by place: the ids of the places holding any, ascending, and how many each holds,
 * as two lists of one length. Two lists of numbers, not a row a place: a dense region's 961
 * sub-regions were 44 KB of `{region, sub_region, fields}` to build, serialise and compress on every
 * map and fleet screen (0.86 ms of the api a call), and are about 7 KB of numbers.
 */
export interface WreckageCounts {
  ids: number[];
  fields: number[];
}

/** What the map draws of the wreckage at the level it shows (wreckageOnMap). */
export interface WreckageMapView {
  /** The galaxy's marks: the regions holding a live field, with how many each holds. */
  regions: WreckageCounts;
  /** The marks of the region asked for (`region`), by sub-region; null and empty when no region was asked. */
  sub_regions: WreckageCounts & { region: number | null };
  /** The fields of the sub-region asked for, by position (none when no sub-region was asked). */
  fields: WreckageFieldView[];
}

const NO_COUNTS: WreckageMapView['sub_regions'] = { region: null, ids: [], fields: [] };

/** A `WreckageCounts` of the live fields grouped by `place` (a column) among those `where` names, as one JSON value. */
const countsJson = (place: string, where: string) => `(select json_build_object('ids', coalesce(json_agg(c.place order by c.place), '[]'), 'fields', coalesce(json_agg(c.n order by c.place), '[]'))
     from (select ${place} as place, count(*)::int as n from wreckage_fields where ${where} group by ${place}) c)`;

type FieldRow = Omit<WreckageFieldView, 'expires_at'> & { expires_ms: number };

/**
 * How long an api process answers wreckage counts from what it last read: the galaxy's marks (live
 * fields by region) and a region's (by sub-region), the same for every player. Each is a walk through
 * every live field of the galaxy or the region, and a universe that has run a while holds tens of
 * thousands (a field lives 72 hours, one a position; the universe bench seeds 25,000, where the
 * counts took 17.7 ms a map screen, half the database's minute at 3,000 online), while every map and
 * fleet screen asks for them. So each is read at most once a second: a field made or expired reaches
 * the counts within the second (the map refetches its wreckage once a minute anyway, spec social
 * "Polling and cache"). A sector's fields are read fresh.
 */
export const WRECKAGE_MARKS_KEPT_MS = 1000;

interface KeptCounts<T> {
  counts: T;
  /** the instant (epoch ms) the counts answer for */
  at: number;
}

/** The counts last read, per connection pool (perPool): the galaxy's, and each region's by its id. */
interface KeptMarks {
  galaxy: KeptCounts<WreckageCounts> | null;
  regions: Map<number, KeptCounts<WreckageMapView['sub_regions']>>;
}
const keptMarks = new WeakMap<object, KeptMarks>();

const answering = <T>(kept: KeptCounts<T> | null | undefined, at: number): KeptCounts<T> | null =>
  kept && kept.at <= at && at - kept.at < WRECKAGE_MARKS_KEPT_MS ? kept : null;

/**
 * The wreckage the map shows at one level, in one statement (none when both counts are kept): counts
 * per region, counts per sub-region of `regionId`, and the fields of `regionId:subRegion`, each only
 * when asked for and not kept. Every map screen refetches its wreckage each minute, so the map asks
 * for this instead of every field (GET /wreckage-fields/all still answers the whole list).
 */
export async function wreckageOnMap(em: EntityManager, now: Date, view: { regionId?: number; subRegion?: number }): Promise<WreckageMapView> {
  const at = now.getTime();
  const kept = perPool(keptMarks, em, () => ({ galaxy: null, regions: new Map() }));
  const galaxy = answering(kept.galaxy, at);
  const region = view.regionId === undefined ? null : answering(kept.regions.get(view.regionId), at);
  const params: unknown[] = [now];
  const param = (value: number) => `$${params.push(value)}`;
  const parts: string[] = [];
  if (!galaxy) parts.push(`${countsJson('region', 'expires_at > $1')} as regions`);
  if (view.regionId !== undefined && (!region || view.subRegion !== undefined)) {
    // Bound only when a part reads it: a parameter no part names has no type PostgreSQL can tell.
    const r = param(view.regionId);
    if (!region) parts.push(`${countsJson('sub_region', `expires_at > $1 and region = ${r}`)} as sub_regions`);
    if (view.subRegion !== undefined) {
      parts.push(`${jsonList(`select id, region, sub_region, position, resources, ${epochMs('expires_at')} as expires_ms
                     from wreckage_fields where expires_at > $1 and region = ${r} and sub_region = ${param(view.subRegion)} order by position`)} as fields`);
    }
  }
  type Row = { regions?: WreckageCounts; sub_regions?: WreckageCounts; fields?: FieldRow[] };
  const [row]: Row[] = parts.length === 0 ? [{}] : await mapRows<Row>(em, `select ${parts.join(', ')}`, params);
  const regions = galaxy ?? (kept.galaxy = { counts: row!.regions!, at });
  let subRegions = region;
  if (view.regionId !== undefined && !subRegions) {
    subRegions = { counts: { region: view.regionId, ...row!.sub_regions! }, at };
    kept.regions.set(view.regionId, subRegions);
  }
  return {
    regions: regions.counts,
    sub_regions: subRegions?.counts ?? NO_COUNTS,
    fields: (row!.fields ?? []).map(({ expires_ms, ...field }) => ({ ...field, expires_at: new Date(expires_ms) })),
  };
}

import type { EntityManager } from '@mikro-orm/postgresql';
import type { AmountMap } from '../entities/territory.entity';
import { epochMs, jsonList } from '../kernel/bulk-write';
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

/** What the map draws of the wreckage at the level it shows (wreckageOnMap). */
export interface WreckageMapView {
  /** Every region holding a live field, with how many it holds: the galaxy's marks. */
  regions: { region: number; fields: number }[];
  /** The sub-regions of the region asked for that hold fields, with how many (none when no region was asked). */
  sub_regions: { region: number; sub_region: number; fields: number }[];
  /** The fields of the sub-region asked for, by position (none when no sub-region was asked). */
  fields: WreckageFieldView[];
}

type FieldRow = Omit<WreckageFieldView, 'expires_at'> & { expires_ms: number };

/**
 * The wreckage the map shows at one level, in one statement: counts per region, counts per
 * sub-region of `regionId`, and the fields of `regionId:subRegion`. A long universe holds thousands
 * of fields (each lives 72 hours), and every map screen refetches its wreckage each minute, so the map
 * asks for this instead of every field (GET /wreckage-fields/all still answers the whole list).
 */
export async function wreckageOnMap(em: EntityManager, now: Date, view: { regionId?: number; subRegion?: number }): Promise<WreckageMapView> {
  const [row] = await mapRows<{ regions: WreckageMapView['regions']; sub_regions: WreckageMapView['sub_regions']; fields: FieldRow[] }>(
    em,
    `select
       ${jsonList('select region, count(*)::int as fields from wreckage_fields where expires_at > $1 group by region order by region')} as regions,
       ${jsonList('select region, sub_region, count(*)::int as fields from wreckage_fields where expires_at > $1 and region = $2 group by region, sub_region order by sub_region')} as sub_regions,
       ${jsonList(`select id, region, sub_region, position, resources, ${epochMs('expires_at')} as expires_ms
                     from wreckage_fields where expires_at > $1 and region = $2 and sub_region = $3 order by position`)} as fields`,
    [now, view.regionId ?? null, view.regionId === undefined ? null : (view.subRegion ?? null)],
  );
  return {
    regions: row!.regions,
    sub_regions: row!.sub_regions,
    fields: row!.fields.map(({ expires_ms, ...field }) => ({ ...field, expires_at: new Date(expires_ms) })),
  };
}

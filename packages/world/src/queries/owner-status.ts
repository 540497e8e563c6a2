import type { PlayerMarker } from '@brood/game-core';
import type { Catalogue } from '@brood/game-data';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from '../kernel/bulk-write';
import { perPool } from '../kernel/per-pool';
import { markersFor } from './fair-play.query';

/** Who reads the map, and when: owner_status is relative to them. */
export interface Viewer {
  id: number;
  catalogue: Catalogue;
  now: Date;
}

export const NO_MARKERS: PlayerMarker[] = [];

/** A whole region's owners by the region's change stamp (migration 0032), per connection pool: read again only when it moved. */
const ownerCaches = new WeakMap<object, Map<number, { version: string; owners: number[] }>>();

/** The owners of a region's territories, read again only when the region's stamp moved from the one they were kept at. */
async function ownersOf(em: EntityManager, regionId: number, version: string | null): Promise<number[]> {
  const regionOwners = perPool(ownerCaches, em, () => new Map<number, { version: string; owners: number[] }>());
  const kept = regionOwners.get(regionId);
  if (version !== null && kept?.version === version) return kept.owners;
  const rows = await sqlRows<{ owner_id: number }>(em, 'select distinct owner_id from territories where region = $1 and owner_id is not null', [regionId]);
  const owners = rows.map((o) => o.owner_id);
  if (version !== null) {
    if (regionOwners.size >= 2_000) regionOwners.clear();
    regionOwners.set(regionId, { version, owners });
  }
  return owners;
}

/**
 * The markers of every owner of a region as the viewer reads them; owners with none are absent.
 * `version`: the region's stamp the caller read the list at (the owners are kept by it).
 */
export async function regionOwnerMarkers(em: EntityManager, viewer: Viewer, regionId: number, version: string | null): Promise<Map<number, PlayerMarker[]>> {
  const owners = await ownersOf(em, regionId, version);
  const all = await markersFor(em, viewer.catalogue, viewer.id, owners, viewer.now);
  for (const [id, list] of all) if (list.length === 0) all.delete(id);
  return all;
}

const EMPTY_STATUS = /"owner_id":(\d+),"owner_status":\[\]/g;

/**
 * The shared region list with each marked owner's `owner_status` filled in: one pass over the text,
 * only when some owner has a marker (a JSON string cannot hold the unescaped `"owner_id":` it matches).
 */
export function withOwnerStatus(body: Buffer, markers: ReadonlyMap<number, readonly PlayerMarker[]>): Buffer {
  if (markers.size === 0) return body;
  const text = body.toString('utf8').replace(EMPTY_STATUS, (all, id: string) => {
    const list = markers.get(Number(id));
    return list ? `"owner_id":${id},"owner_status":${JSON.stringify(list)}` : all;
  });
  return Buffer.from(text, 'utf8');
}

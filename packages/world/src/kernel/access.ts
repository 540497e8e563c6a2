import type { EntityManager } from '@mikro-orm/postgresql';
import { Territory, type AmountMap } from '../entities/territory.entity';
import { epochMs, matchIds, sqlRows } from './bulk-write';
import { fail } from '../errors';
import type { Actor } from './deps';

export const TERRITORY_NOT_FOUND = 'Territory not found';
export const NOT_YOUR_TERRITORY = 'You do not own this territory';

/**
 * Territories are step 5 of the game's lock order (LOCK_ORDER in locks.ts): always in ascending id
 * order, in one statement. A command that needs more territories later in its transaction must not
 * lock a lower id after a higher one: it locks everything it touches up front.
 *
 * The lock is FOR NO KEY UPDATE, not FOR UPDATE (as players' rows, step 2): a row inserted that
 * references a territory (a movement's start and target, a fair-play attack launch, a queue item)
 * takes a key-share lock on it in its foreign-key check, and FOR UPDATE would make that check wait.
 * A dispatch holds its start and its movement's check then takes its target, a territory it has not
 * locked and that may have a lower id: against an arrival batch that had locked the target and waited
 * for the start, that was a deadlock (40P01). No command changes a territory's key (its id or
 * position), so no write of a locked territory needs more than FOR NO KEY UPDATE; deleting one (an
 * account's removal) still waits for those key-share locks, as it always did.
 */
const LOCK = 'for no key update';

function ensureOwned(territory: Territory | null | undefined, actor: Actor): Territory {
  if (!territory) throw fail.notFound(TERRITORY_NOT_FOUND);
  if (territory.owner?.id !== actor.id) throw fail.forbidden(NOT_YOUR_TERRITORY);
  return territory;
}

/** A territory of the actor, read without a lock (404 when missing, 403 when someone else's). */
export async function findOwnedTerritory(em: EntityManager, actor: Actor, territoryId: number): Promise<Territory> {
  return ensureOwned(await em.findOne(Territory, { id: territoryId }), actor);
}

/**
 * Locks the territories with these ids for the rest of the caller's transaction (SELECT ... ORDER BY
 * id FOR NO KEY UPDATE: PostgreSQL takes the row locks in that order), and answers them by id as
 * entities of the caller's EntityManager, read by the statement that locks them. Ids that do not
 * exist are simply absent from the map. Every command that changes territories locks through here.
 * (MikroORM has no lock mode for FOR NO KEY UPDATE: the statement is the game's, and `em.map` makes
 * its rows managed entities, as a find with `refresh` would; one round trip, not a lock and a read.)
 */
export async function lockTerritories(em: EntityManager, ids: readonly number[]): Promise<Map<number, Territory>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return new Map();
  // One territory (nearly every command) is matched by value: an array parameter is planned anew at every run.
  const match = matchIds('id', '$1', unique);
  const rows = await sqlRows<Record<string, unknown>>(em, `select * from territories where ${match.where} order by id ${LOCK}`, [match.value]);
  return new Map(rows.map((row) => {
    const territory = em.map(Territory, row);
    return [territory.id, territory];
  }));
}

/** A territory row read as plain data (no entity): what a batch that writes set-based needs. */
export type TerritoryRow = Pick<Territory, 'id' | 'name' | 'region' | 'subRegion' | 'position' | 'resources' | 'structures' | 'units' | 'defenses' | 'resourcesUpdatedAt'> & {
  owner?: { readonly id: number } | null;
};

/**
 * lockTerritories answering plain rows instead of entities, for a batch that stores them itself
 * (writeTerritories): the same lock, in the same order, without hydrating and tracking hundreds of
 * entities.
 */
export async function lockTerritoryRows(em: EntityManager, ids: readonly number[]): Promise<Map<number, TerritoryRow>> {
  return territoryRows(em, ids, LOCK);
}

/** Territories as plain rows, without a lock (what a batch reads but does not change). */
export async function readTerritoryRows(em: EntityManager, ids: readonly number[]): Promise<Map<number, TerritoryRow>> {
  return territoryRows(em, ids, '');
}

/** Instants are read as epoch milliseconds (the driver hands raw timestamps over as text). */
async function territoryRows(em: EntityManager, ids: readonly number[], lock: typeof LOCK | ''): Promise<Map<number, TerritoryRow>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return new Map();
  const rows = await sqlRows<{
    id: number; owner_id: number | null; name: string; region: number; sub_region: number; position: number;
    resources: AmountMap; structures: AmountMap; units: AmountMap; defenses: AmountMap; updated_ms: number;
  }>(
    em,
    `select id, owner_id, name, region, sub_region, position, resources, structures, units, defenses,
            ${epochMs('resources_updated_at')} as updated_ms
     from territories where id = any($1::int[]) order by id ${lock}`,
    [unique],
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id, owner: r.owner_id == null ? null : { id: r.owner_id }, name: r.name, region: r.region, subRegion: r.sub_region, position: r.position,
        resources: r.resources, structures: r.structures, units: r.units, defenses: r.defenses, resourcesUpdatedAt: new Date(r.updated_ms),
      },
    ]),
  );
}

/** Locks a territory of the actor for the rest of the caller's transaction (404 when missing, 403 when someone else's). */
export async function lockOwnedTerritory(em: EntityManager, actor: Actor, territoryId: number): Promise<Territory> {
  return ensureOwned((await lockTerritories(em, [territoryId])).get(territoryId), actor);
}

/** Every territory of the player, in id order (no lock). */
export async function ownedTerritories(em: EntityManager, userId: number): Promise<Territory[]> {
  return em.find(Territory, { owner: userId }, { orderBy: { id: 'asc' } });
}

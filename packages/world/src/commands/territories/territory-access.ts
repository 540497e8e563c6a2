import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { Territory } from '../../entities/territory.entity';
import { fail } from '../../errors';
import type { Actor } from './economy-deps';

export const TERRITORY_NOT_FOUND = 'Territory not found';
export const NOT_YOUR_TERRITORY = 'You do not own this territory';

function ensureOwned(territory: Territory | null, actor: Actor): Territory {
  if (!territory) throw fail.notFound(TERRITORY_NOT_FOUND);
  if (territory.owner?.id !== actor.id) throw fail.forbidden(NOT_YOUR_TERRITORY);
  return territory;
}

/** A territory of the actor, read without a lock (404 when missing, 403 when someone else's). */
export async function findOwnedTerritory(em: EntityManager, actor: Actor, territoryId: number): Promise<Territory> {
  return ensureOwned(await em.findOne(Territory, { id: territoryId }), actor);
}

/**
 * Locks a territory of the actor for the rest of the caller's transaction (SELECT ... FOR UPDATE).
 * Lock order across the game: a player's user row first (research), then territories by id.
 */
export async function lockOwnedTerritory(em: EntityManager, actor: Actor, territoryId: number): Promise<Territory> {
  return ensureOwned(await em.findOne(Territory, { id: territoryId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true }), actor);
}

/**
 * Serialises one player's research queue: the user row is locked before any territory. FOR NO KEY
 * UPDATE, not FOR UPDATE: it must not block the key-share locks that inserts referencing the user
 * take (a completion's notification, while it holds a territory lock), or the two could deadlock.
 */
export async function lockPlayer(em: EntityManager, actor: Actor): Promise<void> {
  const rows = await em.execute<{ id: number }[]>('select id from users where id = ? for no key update', [actor.id]);
  if (rows.length === 0) throw fail.unauthorized('Your account no longer exists');
}

/** Every territory of the player, in id order (no lock). */
export async function ownedTerritories(em: EntityManager, userId: number): Promise<Territory[]> {
  return em.find(Territory, { owner: userId }, { orderBy: { id: 'asc' } });
}

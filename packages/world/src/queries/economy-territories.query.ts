import type { WorldDeps, Actor } from '../kernel/deps';
import { toTerritoryView, countsView, type TerritoryView } from './territory-view';
import type { EntityManager } from '@mikro-orm/postgresql';
import { technologiesAt as coreTechnologiesAt } from '@brood/game-core';
import { QueueItem } from '../entities/queue-item.entity';
import { epochMs, sqlRows } from '../kernel/bulk-write';
import { memoised } from '../kernel/read-memo';
import { ownTechnologiesRead, ownTerritoriesRead, ownTerritoryRead } from './territory-read.query';

/** GET /territories: every territory of the player, settled to now (one statement for any number). */
export async function listTerritories(deps: WorldDeps, actor: Actor, now: Date): Promise<TerritoryView[]> {
  return (await ownTerritoriesRead(deps, actor.id, now)).map((t) => toTerritoryView(deps.catalogue, t, t.settled));
}

/** GET /territories/{id} (one statement). */
export async function getTerritory(deps: WorldDeps, actor: Actor, territoryId: number, now: Date): Promise<TerritoryView> {
  const territory = await ownTerritoryRead(deps, actor.id, territoryId, now);
  return toTerritoryView(deps.catalogue, territory, territory.settled);
}

/** GET /territories/{id}/units: units at home, with the batches delivered so far. */
export async function listTerritoryUnits(deps: WorldDeps, actor: Actor, territoryId: number, now: Date) {
  const { settled } = await ownTerritoryRead(deps, actor.id, territoryId, now);
  return countsView(settled.state.units, 'unit_key');
}

/** GET /territories/{id}/defenses. */
export async function listTerritoryDefenses(deps: WorldDeps, actor: Actor, territoryId: number, now: Date) {
  const { settled } = await ownTerritoryRead(deps, actor.id, territoryId, now);
  return countsView(settled.state.defenses, 'defense_key');
}

/** A player's technology levels at `at`: the highest target of each research that ended by then (plain rows, no entities). */
export async function technologyLevels(em: EntityManager, userId: number, at: Date): Promise<Record<string, number>> {
  await em.tryFlush(QueueItem, {}); // research a caller's transaction changed and has not stored yet counts, as em.find would
  const research = await sqlRows<{ itemKey: string; targetLevel: number | null; endTime: number }>(
    em,
    `select item_key as "itemKey", target_level as "targetLevel", ${epochMs('end_time')} as "endTime" from queue_items where user_id = $1 and kind = 'research' and end_time <= $2`,
    [userId, at],
  );
  return coreTechnologiesAt(research, at.getTime());
}

/**
 * technologyLevels for a query: once per read-only request (deps.reads), shared by the technologies
 * and the stats, from the research the player's territory rows carry (read with them, and kept with
 * them between requests); read alone for a player who holds no territory.
 */
export function technologyLevelsRead(deps: WorldDeps, userId: number, at: Date): Promise<Record<string, number>> {
  return memoised(deps.reads, `technologies:${userId}@${at.getTime()}`, async () => {
    const kept = deps.reads ? await ownTechnologiesRead(deps, userId, at) : null;
    return kept ?? technologyLevels(deps.em, userId, at);
  });
}

/** The player's technologies: [{tech_key, level}] (level > 0). */
export async function listTechnologies(deps: WorldDeps, actor: Actor, now: Date): Promise<{ tech_key: string; level: number }[]> {
  const levels = await technologyLevelsRead(deps, actor.id, now);
  return Object.entries(levels).map(([tech_key, level]) => ({ tech_key, level }));
}

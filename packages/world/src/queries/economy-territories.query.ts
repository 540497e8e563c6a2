import type { WorldDeps, Actor } from '../kernel/deps';
import { toTerritoryView, countsView, type TerritoryView } from './territory-view';
import { QueueItem } from '../entities/queue-item.entity';
import type { EntityManager } from '@mikro-orm/postgresql';
import { technologiesAt } from '../settle';
import { readOwnTerritories, readOwnTerritory } from './territory-read.query';

/** GET /territories: every territory of the player, settled to now (one statement for any number). */
export async function listTerritories(deps: WorldDeps, actor: Actor, now: Date): Promise<TerritoryView[]> {
  return (await readOwnTerritories(deps.em, deps.catalogue, actor.id, now)).map((t) => toTerritoryView(deps.catalogue, t, t.settled));
}

/** GET /territories/{id} (one statement). */
export async function getTerritory(deps: WorldDeps, actor: Actor, territoryId: number, now: Date): Promise<TerritoryView> {
  const territory = await readOwnTerritory(deps.em, deps.catalogue, actor.id, territoryId, now);
  return toTerritoryView(deps.catalogue, territory, territory.settled);
}

/** GET /territories/{id}/units: units at home, with the batches delivered so far. */
export async function listTerritoryUnits(deps: WorldDeps, actor: Actor, territoryId: number, now: Date) {
  const { settled } = await readOwnTerritory(deps.em, deps.catalogue, actor.id, territoryId, now);
  return countsView(settled.state.units, 'unit_key');
}

/** GET /territories/{id}/defenses. */
export async function listTerritoryDefenses(deps: WorldDeps, actor: Actor, territoryId: number, now: Date) {
  const { settled } = await readOwnTerritory(deps.em, deps.catalogue, actor.id, territoryId, now);
  return countsView(settled.state.defenses, 'defense_key');
}

/** A player's technology levels at `at`: the highest target of each research that ended by then. */
export async function technologyLevels(em: EntityManager, userId: number, at: Date): Promise<Record<string, number>> {
  const research = await em.find(QueueItem, { userId, kind: 'research', endTime: { $lte: at } }, { fields: ['itemKey', 'targetLevel', 'endTime'] });
  return technologiesAt(research, at.getTime());
}

/** The player's technologies: [{tech_key, level}] (level > 0). */
export async function listTechnologies(deps: WorldDeps, actor: Actor, now: Date): Promise<{ tech_key: string; level: number }[]> {
  const levels = await technologyLevels(deps.em, actor.id, now);
  return Object.entries(levels).map(([tech_key, level]) => ({ tech_key, level }));
}

import type { WorldDeps, Actor } from '../kernel/deps';
import { findOwnedTerritory, ownedTerritories } from '../kernel/access';
import { countsView, toTerritoryView, type TerritoryView } from './territory-view';
import { QueueItem } from '../entities/queue-item.entity';
import type { EntityManager } from '@mikro-orm/postgresql';
import { settledViews, technologiesAt } from '../settle';

/** GET /territories: every territory of the player, settled to now (three queries for any number). */
export async function listTerritories(deps: WorldDeps, actor: Actor, now: Date): Promise<TerritoryView[]> {
  const territories = await ownedTerritories(deps.em, actor.id);
  const settled = await settledViews(deps.em, deps.catalogue, territories, now);
  return territories.map((t) => toTerritoryView(deps.catalogue, t, settled.get(t.id)!));
}

/** GET /territories/{id}. */
export async function getTerritory(deps: WorldDeps, actor: Actor, territoryId: number, now: Date): Promise<TerritoryView> {
  const territory = await findOwnedTerritory(deps.em, actor, territoryId);
  const settled = await settledViews(deps.em, deps.catalogue, [territory], now);
  return toTerritoryView(deps.catalogue, territory, settled.get(territory.id)!);
}

/** GET /territories/{id}/units: units at home, with the batches delivered so far. */
export async function listTerritoryUnits(deps: WorldDeps, actor: Actor, territoryId: number, now: Date) {
  const territory = await findOwnedTerritory(deps.em, actor, territoryId);
  const settled = (await settledViews(deps.em, deps.catalogue, [territory], now)).get(territory.id)!;
  return countsView(settled.state.units, 'unit_key');
}

/** GET /territories/{id}/defenses. */
export async function listTerritoryDefenses(deps: WorldDeps, actor: Actor, territoryId: number, now: Date) {
  const territory = await findOwnedTerritory(deps.em, actor, territoryId);
  const settled = (await settledViews(deps.em, deps.catalogue, [territory], now)).get(territory.id)!;
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

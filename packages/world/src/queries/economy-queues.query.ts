import type { EconomyDeps, Actor } from '../commands/territories/economy-deps';
import { findOwnedTerritory } from '../commands/territories/territory-access';
import { pendingItems } from '../commands/territories/queue';
import {
  toBuildItemView,
  toResearchItemView,
  type BuildQueueItemView,
  type ResearchQueueItemView,
} from './economy-queue-views';

/** GET /territories/{id}/build-queue: the items not finished by now, in order. */
export async function listBuildQueue(deps: EconomyDeps, actor: Actor, territoryId: number, now: Date): Promise<BuildQueueItemView[]> {
  await findOwnedTerritory(deps.em, actor, territoryId);
  return (await pendingItems(deps.em, 'building', { territoryId }, now)).map(toBuildItemView);
}

/** GET /research/queue: the player's research items not finished by now. */
export async function listResearchQueue(deps: EconomyDeps, actor: Actor, now: Date): Promise<ResearchQueueItemView[]> {
  return (await pendingItems(deps.em, 'research', { userId: actor.id }, now)).map(toResearchItemView);
}

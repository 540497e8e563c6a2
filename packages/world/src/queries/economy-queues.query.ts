import type { WorldDeps, Actor } from '../kernel/deps';
import { findOwnedTerritory } from '../kernel/access';
import { pendingItems } from '../kernel/queue-items';
import {
  BATCH_QUEUES,
  toBuildItemView,
  toResearchItemView,
  type BatchItemView,
  type BatchQueueKind,
  type BuildQueueItemView,
  type ResearchQueueItemView,
} from './economy-queue-views';

/** GET /territories/{id}/build-queue: the items not finished by now, in order. */
export async function listBuildQueue(deps: WorldDeps, actor: Actor, territoryId: number, now: Date): Promise<BuildQueueItemView[]> {
  await findOwnedTerritory(deps.em, actor, territoryId);
  return (await pendingItems(deps.em, 'building', { territoryId }, now)).map(toBuildItemView);
}

/** GET /research/queue: the player's research items not finished by now. */
export async function listResearchQueue(deps: WorldDeps, actor: Actor, now: Date): Promise<ResearchQueueItemView[]> {
  return (await pendingItems(deps.em, 'research', { userId: actor.id }, now)).map(toResearchItemView);
}

/** GET /territories/{id}/recruitment-queue or /defense-queue: the batches not finished by now. */
export async function listBatchQueue<K extends BatchQueueKind>(deps: WorldDeps, actor: Actor, kind: K, territoryId: number, now: Date): Promise<BatchItemView<K>[]> {
  await findOwnedTerritory(deps.em, actor, territoryId);
  return (await pendingItems(deps.em, kind, { territoryId }, now)).map((item) => BATCH_QUEUES[kind].view(item, now) as BatchItemView<K>);
}

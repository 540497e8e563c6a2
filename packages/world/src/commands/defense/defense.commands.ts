import type { Actor, EconomyDeps } from '../territories/economy-deps';
import type { CancelResult } from '../territories/queue';
import { cancelTerritoryQueueItem } from '../construction/cancel-construction.command';
import { toDefenseItemView, type DefenseQueueItemView } from '../../queries/economy-queue-views';
import { startBatch } from '../recruitment/start-batch';

/** POST /territories/{id}/defenses. */
export async function startDefense(
  deps: EconomyDeps,
  actor: Actor,
  input: { territory_id: number; defense_key: string; quantity: number },
  now: Date,
): Promise<DefenseQueueItemView> {
  const item = await startBatch(deps, actor, 'defense', { territory_id: input.territory_id, key: input.defense_key, quantity: input.quantity }, now);
  return toDefenseItemView(item, now);
}

/** DELETE /territories/{id}/defense-queue/{queueItemId}: defenses already grown stay. */
export function cancelDefense(deps: EconomyDeps, actor: Actor, input: { territory_id: number; queue_item_id: string }, now: Date): Promise<CancelResult> {
  return cancelTerritoryQueueItem(deps, actor, 'defense', input, now);
}

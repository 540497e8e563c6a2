import { fail } from '../../errors';
import type { QueueKind } from '../../entities/queue-item.entity';
import { settleTerritory } from '../../settle';
import { inTransaction, type Actor, type EconomyDeps } from '../territories/economy-deps';
import { lockOwnedTerritory } from '../territories/territory-access';
import { cancelPending, pendingItems, type CancelResult } from '../territories/queue';

export const QUEUE_ITEM_NOT_FOUND = 'Queue item not found';

/**
 * Cancels an unfinished item of one of a territory's queues (building, recruitment, defense):
 * lock and settle the territory, refund 30% of what is left of the payment, move later items forward.
 */
export async function cancelTerritoryQueueItem(
  deps: EconomyDeps,
  actor: Actor,
  kind: Exclude<QueueKind, 'research'>,
  input: { territory_id: number; queue_item_id: string },
  now: Date,
): Promise<CancelResult> {
  return inTransaction(deps, async (tx) => {
    const territory = await lockOwnedTerritory(tx.em, actor, input.territory_id);
    await settleTerritory(tx.em, tx.catalogue, territory, now);
    const queue = await pendingItems(tx.em, kind, { territoryId: territory.id }, now);
    const item = queue.find((i) => i.id === input.queue_item_id);
    if (!item) throw fail.notFound(QUEUE_ITEM_NOT_FOUND);
    return cancelPending(tx, item, queue, territory, now);
  });
}

/** DELETE /territories/{id}/build-queue/{queueItemId}. */
export function cancelConstruction(deps: EconomyDeps, actor: Actor, input: { territory_id: number; queue_item_id: string }, now: Date): Promise<CancelResult> {
  return cancelTerritoryQueueItem(deps, actor, 'building', input, now);
}

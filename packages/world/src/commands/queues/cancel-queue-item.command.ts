import { addResources, cancelRefund, scaleResources, type Resources } from '@brood/game-core';
import type { QueueItem, QueueKind } from '../../entities/queue-item.entity';
import type { AmountMap, Territory } from '../../entities/territory.entity';
import { fail } from '../../errors';
import { inTransaction, type Actor, type WorldDeps } from '../../kernel/deps';
import { lockOwnedTerritory } from '../../kernel/access';
import { lockPlayer } from '../../kernel/locks';
import { deliveredBy, pendingItems } from '../../kernel/queue-items';
import { settleTerritory } from '../../settle';
import { announceQueueChange, scheduleCompletion } from './announce';

export const QUEUE_ITEM_NOT_FOUND = 'Queue item not found';

export interface CancelResult {
  id: string;
  cancelled: true;
  /** What went back to the paying territory's stock. */
  refunded: { resource_key: string; amount: number }[];
  /** Units or defenses of a batch already delivered, which stay. */
  delivered: number;
}

/**
 * Cancels a pending item of a queue the caller has locked and settled to `now`: refunds the share of
 * what was paid for the part not yet delivered, and moves the later items of the queue forward by
 * the time the cancelled one still held (their completion jobs are scheduled again).
 */
async function cancelPending(tx: WorldDeps, item: QueueItem, queue: readonly QueueItem[], payer: Territory | null, now: Date): Promise<CancelResult> {
  const { em, catalogue } = tx;
  if (item.endTime <= now) throw fail.conflict('This item has already finished');
  const later = queue.filter((other) => other.id !== item.id && other.startTime >= item.endTime);
  if (item.targetLevel != null && later.some((other) => other.itemKey === item.itemKey)) {
    throw fail.conflict('Cancel the later upgrade of the same item first');
  }
  const batch = item.quantity != null;
  const delivered = batch ? deliveredBy(item, now) : 0;
  const share = batch ? ((item.quantity ?? 0) - delivered) / (item.quantity ?? 1) : 1;
  const refund = cancelRefund(scaleResources(item.paid as Resources, share), catalogue.universe.cancel_refund_share) as AmountMap;
  // A refund is a delivery: it may take the stock past its storage cap.
  if (payer) payer.resources = addResources(payer.resources as Resources, refund as Resources) as AmountMap;
  const freedFrom = item.startTime > now ? item.startTime : now;
  const shiftMs = item.endTime.getTime() - freedFrom.getTime();
  if (delivered > 0) {
    // The delivered part stays as a finished, silent batch: settle.ts counts deliveries from the item's row.
    item.quantity = delivered;
    item.paid = scaleResources(item.paid as Resources, 1 - share) as AmountMap;
    item.endTime = new Date(item.startTime.getTime() + delivered * (item.durationPerItemS ?? 1) * 1000);
    item.completedAt = now;
  } else {
    em.remove(item);
  }
  for (const other of later) {
    other.startTime = new Date(other.startTime.getTime() - shiftMs);
    other.endTime = new Date(other.endTime.getTime() - shiftMs);
  }
  await em.flush();
  for (const other of later) await scheduleCompletion(tx, other);
  await announceQueueChange(em, item.userId, item.kind, payer?.id ?? item.territoryId ?? null);
  return {
    id: item.id,
    cancelled: true,
    refunded: catalogue.orderedResourceKeys.filter((k) => (refund[k] ?? 0) > 0).map((resource_key) => ({ resource_key, amount: refund[resource_key]! })),
    delivered,
  };
}

/**
 * Cancels an unfinished item of one of a territory's queues (building, recruitment, defense):
 * lock and settle the territory, refund 30% of what is left of the payment, move later items forward.
 */
export async function cancelTerritoryQueueItem(
  deps: WorldDeps,
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
export function cancelConstruction(deps: WorldDeps, actor: Actor, input: { territory_id: number; queue_item_id: string }, now: Date): Promise<CancelResult> {
  return cancelTerritoryQueueItem(deps, actor, 'building', input, now);
}

/** DELETE /research-queue/{id}: refunds 30% of the payment to the territory that paid. */
export async function cancelResearch(deps: WorldDeps, actor: Actor, input: { queue_item_id: string }, now: Date): Promise<CancelResult> {
  return inTransaction(deps, async (tx) => {
    await lockPlayer(tx.em, actor);
    const queue = await pendingItems(tx.em, 'research', { userId: actor.id }, now);
    const item = queue.find((i) => i.id === input.queue_item_id);
    if (!item) throw fail.notFound(QUEUE_ITEM_NOT_FOUND);
    let payer: Territory | null = null;
    if (item.territoryId != null) {
      payer = await lockOwnedTerritory(tx.em, actor, item.territoryId);
      await settleTerritory(tx.em, tx.catalogue, payer, now);
    }
    return cancelPending(tx, item, queue, payer, now);
  });
}

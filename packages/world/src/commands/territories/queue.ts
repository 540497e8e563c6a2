import type { Catalogue } from '@brood/game-data';
import type { EntityManager } from '@mikro-orm/postgresql';
import { QueueItem, type QueueKind } from '../../entities/queue-item.entity';
import type { AmountMap, Territory } from '../../entities/territory.entity';
import { fail } from '../../errors';
import { addResources, canAfford, cancelRefund, scaleResources, subtractResources, type Resources } from '@brood/game-core';
import { announceQueueChange, scheduleCompletion } from './economy-events';
import type { EconomyDeps } from './economy-deps';

/** The sentences a player reads when a queue refuses another item (spec section 8). */
export const QUEUE_FULL: Record<QueueKind, string> = {
  building: 'Build queue is full',
  research: 'Research queue is full',
  recruitment: 'Recruitment queue is full.',
  defense: 'Defense queue is full.',
};
export const NOT_ENOUGH_RESOURCES = 'Not enough resources';

export function queueLimit(catalogue: Catalogue, kind: QueueKind): number {
  const limits = catalogue.universe.queue_limits;
  return { building: limits.build, research: limits.research, recruitment: limits.recruitment, defense: limits.defense }[kind];
}

/** Where a queue lives: a territory's (building, recruitment, defense) or a player's (research). */
export type QueueScope = { territoryId: number } | { userId: number };

/** The items of one queue that have not ended by `now`, in order. */
export async function pendingItems(em: EntityManager, kind: QueueKind, scope: QueueScope, now: Date): Promise<QueueItem[]> {
  return em.find(QueueItem, { kind, ...scope, endTime: { $gt: now } }, { orderBy: { startTime: 'asc', createdAt: 'asc' } });
}

/** Throws the queue's sentence when it already holds its limit. */
export function ensureRoom(catalogue: Catalogue, kind: QueueKind, pending: readonly QueueItem[]): void {
  if (pending.length >= queueLimit(catalogue, kind)) throw fail.conflict(QUEUE_FULL[kind]);
}

/** Items of a queue run one after another: a new one starts when the last one ends. */
export function nextStart(pending: readonly QueueItem[], now: Date): Date {
  const last = pending.at(-1);
  return last && last.endTime > now ? last.endTime : now;
}

/** Takes `cost` from a settled, locked territory, or refuses without touching it. */
export function pay(territory: Territory, cost: Readonly<AmountMap>): void {
  if (!canAfford(territory.resources as Resources, cost as Resources)) throw fail.badRequest(NOT_ENOUGH_RESOURCES);
  territory.resources = subtractResources(territory.resources as Resources, cost as Resources) as AmountMap;
}

export type NewQueueItem = Pick<QueueItem, 'kind' | 'userId' | 'territoryId' | 'itemKey' | 'paid' | 'startTime' | 'endTime'> &
  Partial<Pick<QueueItem, 'targetLevel' | 'quantity' | 'durationPerItemS'>>;

/** Writes the item, its completion job and the socket events, all in the caller's transaction. */
export async function enqueue(tx: EconomyDeps, data: NewQueueItem, now: Date): Promise<QueueItem> {
  const { em } = tx;
  const item = em.create(QueueItem, {
    targetLevel: null,
    quantity: null,
    durationPerItemS: null,
    completedAt: null,
    ...data,
    createdAt: now,
  });
  await em.flush();
  await scheduleCompletion(em, tx.boss, item);
  await announceQueueChange(em, data.userId, data.kind, data.territoryId ?? null);
  return item;
}

/** Units of a batch delivered by `at` (one every duration_per_item_s from its start). */
export function deliveredBy(item: Pick<QueueItem, 'quantity' | 'durationPerItemS' | 'startTime'>, at: Date): number {
  const step = (item.durationPerItemS ?? 1) * 1000;
  const n = Math.floor((at.getTime() - item.startTime.getTime()) / step);
  return Math.max(0, Math.min(item.quantity ?? 0, n));
}

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
export async function cancelPending(
  tx: EconomyDeps,
  item: QueueItem,
  queue: readonly QueueItem[],
  payer: Territory | null,
  now: Date,
): Promise<CancelResult> {
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
  for (const other of later) await scheduleCompletion(em, tx.boss, other);
  await announceQueueChange(em, item.userId, item.kind, payer?.id ?? item.territoryId ?? null);
  return {
    id: item.id,
    cancelled: true,
    refunded: catalogue.orderedResourceKeys.filter((k) => (refund[k] ?? 0) > 0).map((resource_key) => ({ resource_key, amount: refund[resource_key]! })),
    delivered,
  };
}

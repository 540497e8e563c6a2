import type { Catalogue } from '@brood/game-data';
import type { EntityManager } from '@mikro-orm/postgresql';
import { QueueItem, type QueueKind } from '../entities/queue-item.entity';

/** Reading the four queues: what commands check before they queue and what queries show. */

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

/** Units of a batch delivered by `at` (one every duration_per_item_s from its start). */
export function deliveredBy(item: Pick<QueueItem, 'quantity' | 'durationPerItemS' | 'startTime'>, at: Date): number {
  const step = (item.durationPerItemS ?? 1) * 1000;
  const n = Math.floor((at.getTime() - item.startTime.getTime()) / step);
  return Math.max(0, Math.min(item.quantity ?? 0, n));
}

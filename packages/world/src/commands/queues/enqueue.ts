import { checkNotOnVacation } from '../fair-play/fair-play-checks';
import { canAfford, checkPrerequisites, subtractResources, type Resources } from '@brood/game-core';
import type { Prerequisites } from '@brood/game-data';
import { QueueItem, type QueueKind } from '../../entities/queue-item.entity';
import type { AmountMap, Territory } from '../../entities/territory.entity';
import { fail } from '../../errors';
import type { WorldDeps } from '../../kernel/deps';
import { pendingItems, queueLimit, type QueueScope } from '../../kernel/queue-items';
import { prerequisitesSentence } from '../territories/prerequisites-sentence';
import { announceQueueChange, scheduleCompletion } from './announce';

/** The sentences a player reads when a queue refuses another item (spec section 8). */
export const QUEUE_FULL: Record<QueueKind, string> = {
  building: 'Build queue is full',
  research: 'Research queue is full',
  recruitment: 'Recruitment queue is full.',
  defense: 'Defense queue is full.',
};
export const NOT_ENOUGH_RESOURCES = 'Not enough resources';

/** What an item of a queue will be once the generic checks pass (its own rules checked by `plan`). */
export interface QueuePlan {
  cost: AmountMap;
  /** Seconds the whole item takes (a batch: quantity x durationPerItemS). */
  seconds: number;
  targetLevel?: number;
  quantity?: number;
  durationPerItemS?: number;
}

/** One request to queue an item: the skeleton below runs the checks every queue shares, in one order. */
export interface QueueRequest {
  kind: QueueKind;
  scope: QueueScope;
  userId: number;
  itemKey: string;
  /** The locked, settled territory that pays (and whose structures meet prerequisites); null when none. */
  payer: Territory | null;
  /** The territory the item belongs to (building, recruitment, defense: the payer; research: the payer or none). */
  territoryId: number | null;
  prerequisites: Prerequisites;
  /** Levels the prerequisites are checked against: the payer's structures (null without one) and the player's technologies. */
  levels: { structures: Readonly<AmountMap> | null; technologies: Readonly<AmountMap> };
  /** Whether the player is on vacation, when the payer's settle read it (settleTerritory's `owner`); read here when absent. */
  onVacation?: boolean;
  /** The item's own rules (max level, allowance, a payer for research) given the queue's pending items; throws a refusal. */
  plan(pending: readonly QueueItem[]): QueuePlan;
}

/**
 * Check room, check the item's own rules, check prerequisites, pay, enqueue: the one way an item joins
 * any of the four queues. The caller has locked and settled the payer in its transaction.
 */
export async function queueItem(tx: WorldDeps, request: QueueRequest, now: Date): Promise<QueueItem> {
  await checkNotOnVacation(tx.em, request.userId, request.onVacation);
  const pending = await pendingItems(tx.em, request.kind, request.scope, now);
  if (pending.length >= queueLimit(tx.catalogue, request.kind)) throw fail.conflict(QUEUE_FULL[request.kind]);
  const plan = request.plan(pending);
  const check = checkPrerequisites(tx.catalogue, request.prerequisites, request.levels);
  if (!check.met) throw fail.badRequest(prerequisitesSentence(check.unmet));
  if (request.payer) pay(request.payer, plan.cost);
  const last = pending.at(-1);
  const startTime = last && last.endTime > now ? last.endTime : now;
  const item = tx.em.create(QueueItem, {
    kind: request.kind,
    userId: request.userId,
    territoryId: request.territoryId,
    itemKey: request.itemKey,
    targetLevel: plan.targetLevel ?? null,
    quantity: plan.quantity ?? null,
    durationPerItemS: plan.durationPerItemS ?? null,
    paid: plan.cost,
    startTime,
    endTime: new Date(startTime.getTime() + plan.seconds * 1000),
    completedAt: null,
    createdAt: now,
  });
  await tx.em.flush();
  await scheduleCompletion(tx, item);
  await announceQueueChange(tx.em, request.userId, request.kind, request.territoryId);
  return item;
}

/** Takes `cost` from a settled, locked territory, or refuses without touching it. */
export function pay(territory: Territory, cost: Readonly<AmountMap>): void {
  if (!canAfford(territory.resources as Resources, cost as Resources)) throw fail.badRequest(NOT_ENOUGH_RESOURCES);
  territory.resources = subtractResources(territory.resources as Resources, cost as Resources) as AmountMap;
}

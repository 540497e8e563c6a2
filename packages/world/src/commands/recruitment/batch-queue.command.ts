import type { Actor, WorldDeps } from '../../kernel/deps';
import { cancelTerritoryQueueItem, type CancelResult } from '../queues/cancel-queue-item.command';
import { BATCH_QUEUES, type BatchItemView, type BatchKeyField, type BatchQueueKind } from '../../queries/economy-queue-views';
import { startBatch } from './start-batch';

export type StartBatchRequest<K extends BatchQueueKind> = { territory_id: number; quantity: number } & Record<BatchKeyField<K>, string>;
export interface CancelBatchRequest {
  territory_id: number;
  queue_item_id: string;
}

/** POST /territories/{id}/units or /defenses: queue a batch and answer its view. */
export async function startBatchOf<K extends BatchQueueKind>(deps: WorldDeps, actor: Actor, kind: K, input: StartBatchRequest<K>, now: Date): Promise<BatchItemView<K>> {
  const queue = BATCH_QUEUES[kind];
  const key = input[queue.keyField as BatchKeyField<K>] as string;
  const item = await startBatch(deps, actor, kind, { territory_id: input.territory_id, key, quantity: input.quantity }, now);
  return queue.view(item, now) as BatchItemView<K>;
}

/** DELETE /territories/{id}/<kind>-queue/{queueItemId}: what was already delivered stays. */
export function cancelBatchOf(deps: WorldDeps, actor: Actor, kind: BatchQueueKind, input: CancelBatchRequest, now: Date): Promise<CancelResult> {
  return cancelTerritoryQueueItem(deps, actor, kind, input, now);
}

export const startRecruitment = (deps: WorldDeps, actor: Actor, input: StartBatchRequest<'recruitment'>, now: Date) => startBatchOf(deps, actor, 'recruitment', input, now);
export const cancelRecruitment = (deps: WorldDeps, actor: Actor, input: CancelBatchRequest, now: Date) => cancelBatchOf(deps, actor, 'recruitment', input, now);
export const startDefense = (deps: WorldDeps, actor: Actor, input: StartBatchRequest<'defense'>, now: Date) => startBatchOf(deps, actor, 'defense', input, now);
export const cancelDefense = (deps: WorldDeps, actor: Actor, input: CancelBatchRequest, now: Date) => cancelBatchOf(deps, actor, 'defense', input, now);

import type { Actor, WorldDeps } from '../../kernel/deps';
import { findOwnedTerritory } from '../../kernel/access';
import { pendingItems } from '../../kernel/queue-items';
import { cancelTerritoryQueueItem, type CancelResult } from '../queues/cancel-queue-item.command';
import { toDefenseItemView, toRecruitmentItemView } from '../../queries/economy-queue-views';
import { startBatch } from './start-batch';

/**
 * The two batch queues of a territory: units (recruitment) and defenses. They follow the same rules
 * (start-batch.ts); they differ only in the field that names the item and the view of a queued batch.
 */
export const BATCH_QUEUES = {
  recruitment: { keyField: 'unit_key', view: toRecruitmentItemView },
  defense: { keyField: 'defense_key', view: toDefenseItemView },
} as const;
export type BatchQueueKind = keyof typeof BATCH_QUEUES;
export type BatchKeyField<K extends BatchQueueKind> = (typeof BATCH_QUEUES)[K]['keyField'];
export type BatchItemView<K extends BatchQueueKind> = ReturnType<(typeof BATCH_QUEUES)[K]['view']>;
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

/** GET /territories/{id}/recruitment-queue or /defense-queue: the batches not finished by now. */
export async function listBatchQueue<K extends BatchQueueKind>(deps: WorldDeps, actor: Actor, kind: K, territoryId: number, now: Date): Promise<BatchItemView<K>[]> {
  await findOwnedTerritory(deps.em, actor, territoryId);
  return (await pendingItems(deps.em, kind, { territoryId }, now)).map((item) => BATCH_QUEUES[kind].view(item, now) as BatchItemView<K>);
}

/** DELETE /territories/{id}/<kind>-queue/{queueItemId}: what was already delivered stays. */
export function cancelBatchOf(deps: WorldDeps, actor: Actor, kind: BatchQueueKind, input: CancelBatchRequest, now: Date): Promise<CancelResult> {
  return cancelTerritoryQueueItem(deps, actor, kind, input, now);
}

export const startRecruitment = (deps: WorldDeps, actor: Actor, input: StartBatchRequest<'recruitment'>, now: Date) => startBatchOf(deps, actor, 'recruitment', input, now);
export const cancelRecruitment = (deps: WorldDeps, actor: Actor, input: CancelBatchRequest, now: Date) => cancelBatchOf(deps, actor, 'recruitment', input, now);
export const startDefense = (deps: WorldDeps, actor: Actor, input: StartBatchRequest<'defense'>, now: Date) => startBatchOf(deps, actor, 'defense', input, now);
export const cancelDefense = (deps: WorldDeps, actor: Actor, input: CancelBatchRequest, now: Date) => cancelBatchOf(deps, actor, 'defense', input, now);
export const listRecruitmentQueue = (deps: WorldDeps, actor: Actor, territoryId: number, now: Date) => listBatchQueue(deps, actor, 'recruitment', territoryId, now);
export const listDefenseQueue = (deps: WorldDeps, actor: Actor, territoryId: number, now: Date) => listBatchQueue(deps, actor, 'defense', territoryId, now);

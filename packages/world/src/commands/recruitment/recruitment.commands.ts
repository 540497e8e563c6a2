import type { Actor, EconomyDeps } from '../territories/economy-deps';
import type { CancelResult } from '../territories/queue';
import { cancelTerritoryQueueItem } from '../construction/cancel-construction.command';
import { toRecruitmentItemView, type RecruitmentQueueItemView } from '../../queries/economy-queue-views';
import { startBatch } from './start-batch';

/** POST /territories/{id}/units. */
export async function startRecruitment(
  deps: EconomyDeps,
  actor: Actor,
  input: { territory_id: number; unit_key: string; quantity: number },
  now: Date,
): Promise<RecruitmentQueueItemView> {
  const item = await startBatch(deps, actor, 'recruitment', { territory_id: input.territory_id, key: input.unit_key, quantity: input.quantity }, now);
  return toRecruitmentItemView(item, now);
}

/** DELETE /territories/{id}/recruitment-queue/{queueItemId}: units already hatched stay. */
export function cancelRecruitment(deps: EconomyDeps, actor: Actor, input: { territory_id: number; queue_item_id: string }, now: Date): Promise<CancelResult> {
  return cancelTerritoryQueueItem(deps, actor, 'recruitment', input, now);
}

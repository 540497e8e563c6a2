import { fail } from '../../errors';
import type { Territory } from '../../entities/territory.entity';
import { settleTerritory } from '../../settle';
import { inTransaction, type Actor, type EconomyDeps } from '../territories/economy-deps';
import { lockOwnedTerritory, lockPlayer } from '../territories/territory-access';
import { cancelPending, pendingItems, type CancelResult } from '../territories/queue';
import { QUEUE_ITEM_NOT_FOUND } from '../construction/cancel-construction.command';

/** DELETE /research-queue/{id}: refunds 30% of the payment to the territory that paid. */
export async function cancelResearch(deps: EconomyDeps, actor: Actor, input: { queue_item_id: string }, now: Date): Promise<CancelResult> {
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

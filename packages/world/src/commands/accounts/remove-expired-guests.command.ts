import type { WorldDeps } from '../../kernel/deps';
import { lockExpiredGuests } from '../../kernel/locks';
import { inFleetTransaction } from '../flight/fleet-legs';
import { removeAccounts } from './account-removal';

const BATCH = 100;

/**
 * Deletes guest accounts past their expiry that were never claimed, with everything they own, by the
 * path a player's own deletion takes (removeAccounts: groups they lead break up, allies stationed
 * with them go home, alliances they led pass on). Batches skip rows another worker holds, so several
 * workers can run it at once. Returns the removed user ids.
 */
export async function removeExpiredGuests(deps: WorldDeps, now: Date): Promise<number[]> {
  const removed: number[] = [];
  for (;;) {
    const ids = await inFleetTransaction({ ...deps, em: deps.em.fork() }, now, async (tx) => {
      const doomed = await lockExpiredGuests(tx.em, now, BATCH);
      await removeAccounts(tx, doomed, now);
      return doomed;
    });
    removed.push(...ids);
    if (ids.length < BATCH) return removed;
  }
}

import type { EntityManager } from '@mikro-orm/postgresql';
import type { Catalogue } from '@brood/game-data';
import { lockExpiredGuests } from '../../kernel/locks';
import { alliancesLedBy, announceSuccessions } from '../alliances/alliance-succession';

const BATCH = 100;

/**
 * Deletes guest accounts past their expiry that were never claimed, with everything they own (the
 * foreign keys cascade: territories, queues, fleets, notifications). Batches skip rows another worker
 * holds, so several workers can run it at once. An alliance a removed guest led passes to its
 * successor, and its members are told (announceSuccessions). Returns the removed user ids.
 */
export async function removeExpiredGuests(em: EntityManager, catalogue: Catalogue, now: Date): Promise<number[]> {
  const removed: number[] = [];
  for (;;) {
    const ids = await em.fork().transactional(async (tx) => {
      const doomed = await lockExpiredGuests(tx, now, BATCH);
      if (doomed.length === 0) return doomed;
      const led = await alliancesLedBy(tx, catalogue, doomed, now);
      await tx.execute(`delete from users where id in (${doomed.map(() => '?').join(', ')})`, doomed);
      await announceSuccessions(tx, catalogue, led, now);
      return doomed;
    });
    removed.push(...ids);
    if (ids.length < BATCH) return removed;
  }
}

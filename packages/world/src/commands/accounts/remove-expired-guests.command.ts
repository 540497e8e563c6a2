import type { EntityManager } from '@mikro-orm/postgresql';

const BATCH = 100;

/**
 * Deletes guest accounts past their expiry that were never claimed, with everything they own (the
 * foreign keys cascade: territories, queues, fleets, notifications). Batches skip rows another worker
 * holds, so several workers can run it at once. Returns the removed user ids.
 */
export async function removeExpiredGuests(em: EntityManager, now: Date): Promise<number[]> {
  const removed: number[] = [];
  for (;;) {
    const rows = await em.fork().execute<{ id: number }[]>(
      `delete from users where id in (
         select id from users where is_test_account and expires_at <= ? order by id limit ${BATCH} for update skip locked
       ) returning id`,
      [now],
    );
    removed.push(...rows.map((r) => r.id));
    if (rows.length < BATCH) return removed;
  }
}

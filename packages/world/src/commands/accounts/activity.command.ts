import type { EntityManager } from '@mikro-orm/postgresql';
import { boundRows } from '../../kernel/bulk-write';

/**
 * Records that a player was active at `now` (fair play's 'i' and 'I'): one UPDATE that writes only
 * when the stored time is older than `everyMs`, so a burst of calls from many processes writes once.
 */
export async function recordActivity(em: EntityManager, userId: number, now: Date, everyMs: number): Promise<void> {
  await boundRows(
    em,
    'update users set last_active_at = ? where id = ? and (last_active_at is null or last_active_at < ?)',
    [now, userId, new Date(now.getTime() - everyMs)],
  );
}

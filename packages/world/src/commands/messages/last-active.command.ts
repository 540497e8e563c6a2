import type { Catalogue } from '@brood/game-data';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A signed-in call marks its player active (buddies see 'online'): written only when the stored time is
 * older than `messages.last_active_write_minutes`, so a busy player costs one write every few minutes.
 */
export async function touchLastActive(deps: { em: EntityManager; catalogue: Catalogue }, userId: number, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - deps.catalogue.universe.messages.last_active_write_minutes * 60_000);
  const rows = await deps.em.execute('update users set last_active_at = ? where id = ? and (last_active_at is null or last_active_at < ?) returning id', [now, userId, since]);
  return rows.length > 0;
}

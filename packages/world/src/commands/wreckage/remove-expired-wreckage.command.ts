import type { EntityManager } from '@mikro-orm/postgresql';

/** The cleanup job's work: deletes every field expired at `now`. Answers how many went. */
export async function removeExpiredWreckage(em: EntityManager, now: Date): Promise<number> {
  const rows = await em.execute<{ id: number }[]>('delete from wreckage_fields where expires_at <= ? returning id', [now]);
  return rows.length;
}

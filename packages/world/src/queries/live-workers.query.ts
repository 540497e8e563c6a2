import type { EntityManager } from '@mikro-orm/postgresql';

/** How many workers have a heartbeat that has not expired. */
export async function liveWorkers(em: EntityManager): Promise<number> {
  const [row] = await em.fork().execute<{ n: number }[]>('select count(*)::int as n from worker_heartbeats where expires_at > now()');
  return row?.n ?? 0;
}

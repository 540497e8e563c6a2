import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Sim-worker heartbeats. A worker that stops consuming due events leaves no mark of its own, so each
 * one writes a row every few seconds saying until when it vouches for itself, on the database's clock
 * (no skew between machines); /healthz needs at least one that has not expired.
 */

/** Records that `workerId` is alive for `ttlSeconds` more; drops rows of workers long gone. */
export async function beat(em: EntityManager, workerId: string, ttlSeconds: number): Promise<void> {
  const fork = em.fork();
  await fork.execute(
    `insert into worker_heartbeats (worker_id, beat_at, expires_at) values (?, now(), now() + make_interval(secs => ?))
     on conflict (worker_id) do update set beat_at = excluded.beat_at, expires_at = excluded.expires_at`,
    [workerId, ttlSeconds],
  );
  await fork.execute(`delete from worker_heartbeats where expires_at < now() - interval '1 day'`);
}

/**
 * How many other workers still vouch for themselves, once the heartbeats of those known to be gone
 * (`gone`) are withdrawn: a worker killed a moment ago leaves a row that has not expired yet.
 */
export async function liveOtherWorkers(em: EntityManager, self: string, gone: (workerId: string) => boolean): Promise<number> {
  const fork = em.fork();
  const rows = await fork.execute<{ worker_id: string }[]>('select worker_id from worker_heartbeats where expires_at > now() and worker_id <> ?', [self]);
  const dead = rows.map((row) => row.worker_id).filter(gone);
  for (const id of dead) await withdrawHeartbeat(fork, id);
  return rows.length - dead.length;
}

/** A worker stopping cleanly withdraws its heartbeat at once. */
export async function withdrawHeartbeat(em: EntityManager, workerId: string): Promise<void> {
  await em.fork().execute('delete from worker_heartbeats where worker_id = ?', [workerId]);
}

import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { liveOtherWorkers } from '@brood/world';

/**
 * What names this machine in a worker's id (heartbeat.ts: `host:pid:machine:tag`): the host name and
 * the kernel's boot id, so that a pid is only ever looked up on the machine (and boot) it belongs to.
 */
export function machineTag(): string {
  let boot = 'noboot';
  try {
    boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim().slice(0, 8) || boot;
  } catch {
    // not Linux: no worker is ever known gone by its pid, and the heartbeat monitor fails its jobs back
  }
  return `${hostname()}:${process.pid}:${boot}`;
}

const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // it runs, as someone else
  }
};

/**
 * Whether the worker that wrote heartbeat `other` is known to be gone: it ran on this machine since
 * its last boot (same host name and boot id) and its process no longer runs, or it had this
 * process's own pid (a container restarted: the same host name, and a new process with the old pid).
 */
export function goneFromThisMachine(other: string, self: string, isRunning: (pid: number) => boolean = running): boolean {
  const [host, pid, boot] = other.split(':');
  const [myHost, myPid, myBoot] = self.split(':');
  if (host !== myHost || boot !== myBoot || boot === 'noboot') return false;
  const id = Number(pid);
  if (!Number.isInteger(id) || id <= 0) return false;
  return pid === myPid || !isRunning(id);
}

/**
 * On start, before this worker fetches anything: when every other worker whose heartbeat has not
 * expired is known to be gone (killed a moment ago on this machine), the jobs still marked active
 * are held by nobody, and they are failed back now, to run again at once (a retry, as pg-boss's
 * monitor would fail them once their job heartbeat lapsed: WORKER_JOB_HEARTBEAT_SECONDS plus up to
 * WORKER_MONITOR_SECONDS later). While any other worker may be alive, nothing is touched: a job it
 * holds is its own. The fail is fenced by each job's attempt, so a job claimed again meanwhile is left
 * alone. Answers how many jobs were failed back.
 */
export async function reclaimOrphanedJobs(options: { orm: MikroORM; boss: PgBoss; log: Logger; workerId: string; queues: readonly string[] }): Promise<number> {
  const { orm, boss, log, workerId, queues } = options;
  const others = await liveOtherWorkers(orm.em, workerId, (other) => goneFromThisMachine(other, workerId));
  if (others > 0 || queues.length === 0) return 0;
  const held = await orm.em.fork().execute<{ name: string; id: string; retry_count: number }[]>(
    `select name, id, retry_count from pgboss.job where state = 'active' and name in (${queues.map(() => '?').join(', ')})`,
    [...queues],
  );
  const byQueue = new Map<string, typeof held>();
  for (const job of held) byQueue.set(job.name, [...(byQueue.get(job.name) ?? []), job]);
  for (const [name, jobs] of byQueue) {
    await boss.fail(name, jobs.map((job) => ({ id: job.id, retryCount: job.retry_count })), { message: 'the worker holding it is gone: failed back when a worker started' });
  }
  if (held.length > 0) log.warn({ jobs: held.length }, 'failed back the jobs held by a worker that is gone');
  return held.length;
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/**
 * CPU time, which load on a shared machine moves far less than wall-clock time: this process's (the
 * worker runs in it) and the database server's (the postmaster, its live backends, and the ones that
 * exited, which the postmaster reaped: /proc's cutime and cstime).
 */
const TICK_MS = 10; // USER_HZ is 100 on Linux

/** Fields 14-17 of /proc/<pid>/stat (after the parenthesised name): utime, stime, cutime, cstime. */
function ticks(pid: number, withChildren: boolean): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(f[11]) + Number(f[12]);
    return withChildren ? own + Number(f[13]) + Number(f[14]) : own;
  } catch {
    return 0; // exited meanwhile: counted in the postmaster's children's time
  }
}

/** CPU milliseconds the processes `pids` have spent so far (their own, not their children's). */
export const processCpuMs = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + ticks(pid, false), 0) * TICK_MS;

function serverTicks(postmaster: number): number {
  let sum = ticks(postmaster, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster) sum += ticks(Number(entry), false);
    } catch {
      // gone
    }
  }
  return sum;
}

/** The postmaster of the server behind `url` (null when it is not on this machine or not readable). */
async function postmasterOf(url: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const dir = (await client.query<{ data_directory: string }>('show data_directory')).rows[0]!.data_directory;
    return Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

export interface CpuSpent {
  /** This process (the worker), in ms. */
  worker: number;
  /** The database server, in ms (NaN when it cannot be read). */
  database: number;
}

/** Starts counting; `stop()` answers the CPU milliseconds spent since. */
export async function cpuMeter(url: string): Promise<{ stop(): CpuSpent }> {
  const postmaster = await postmasterOf(url);
  const dbStart = postmaster ? serverTicks(postmaster) : NaN;
  const start = process.cpuUsage();
  return {
    stop() {
      const used = process.cpuUsage(start);
      return { worker: (used.user + used.system) / 1000, database: postmaster ? (serverTicks(postmaster) - dbStart) * TICK_MS : NaN };
    },
  };
}

/** "0.43 ms worker + 0.21 ms database CPU an event". */
export const perEvent = (spent: CpuSpent, events: number) =>
  `${(spent.worker / events).toFixed(3)} ms worker + ${(spent.database / events).toFixed(3)} ms database CPU an event`;

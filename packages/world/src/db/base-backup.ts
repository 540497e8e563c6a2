import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { runningServerPort } from './embedded';

/**
 * An online base backup of a whole PostgreSQL cluster with the server's own low-level API, for
 * servers whose version no installed pg_basebackup or pg_dump accepts (the embedded PostgreSQL 18
 * ships only initdb, pg_ctl and postgres). The recipe is the manual's "Making a Base Backup Using
 * the Low Level API": in one session, pg_backup_start; copy the data directory while the server
 * runs; pg_backup_stop, whose backup_label (and tablespace_map) go into the copy; then the WAL from
 * the backup's start to its end, so the copy recovers on its own to the moment pg_backup_stop
 * returned. A temporary replication slot made in the same session keeps that WAL from being
 * recycled by a checkpoint while the copy runs.
 */

export interface BackupManifest {
  label: string;
  /** When pg_backup_stop returned: the restored cluster holds every transaction committed before it. */
  takenAt: string;
  startLsn: string;
  stopLsn: string;
  serverVersion: string;
}

/** A backup folder: `data/` (the cluster, ready to start) and `backup.json` (this manifest). */
export const MANIFEST = 'backup.json';

/**
 * Left out of the copy (the manual's list): files the server rebuilds at start, the WAL copied
 * afterwards, and our embedded server's own log and Unix socket with its lock file (the socket lives in
 * the data directory, decision 27; a copied lock file would name the running server's pid).
 */
const SKIP_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'server.log']);
const SOCKET_FILE = /^\.s\.PGSQL\.\d+(\.lock)?$/;
const EMPTY_DIRS = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/** Copies a tree that the server keeps changing: a file removed meanwhile (a dropped table) is skipped; WAL replay rewrites the rest. */
function copyLive(from: string, to: string, top: boolean): void {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  let names: string[];
  try {
    names = readdirSync(from);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const name of names) {
    if (top && (SKIP_FILES.has(name) || SOCKET_FILE.test(name))) continue;
    const source = join(from, name);
    try {
      if (lstatSync(source).isDirectory()) {
        if (top && EMPTY_DIRS.has(name)) mkdirSync(join(to, name), { mode: 0o700 });
        else copyLive(source, join(to, name), false);
      } else {
        copyFileSync(source, join(to, name));
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Backs up the cluster at `serverUrl` (a superuser's connection to any of its databases) whose data
 * directory is `dataDir` (on this machine) into the empty or absent folder `target`.
 */
export async function takeBaseBackup(serverUrl: string, dataDir: string, target: string, label = `broodspace ${new Date().toISOString()}`): Promise<BackupManifest> {
  const into = resolve(target);
  if (!isEmptyDir(into)) throw new Error(`${into} is not empty: give a new folder for the backup.`);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const slot = `brood_backup_${process.pid}_${Date.now()}`;
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [slot]);
    const started = await client.query<{ lsn: string }>('select pg_backup_start($1, true)::text as lsn', [label]);
    let stopped: { lsn: string; labelfile: string; spcmapfile: string };
    try {
      copyLive(resolve(dataDir), join(into, 'data'), true);
    } finally {
      // Also after a failed copy: a backup left running would keep full-page writes on until this session ends.
      const result = await client.query<{ lsn: string; labelfile: string; spcmapfile: string }>(
        'select lsn::text as lsn, labelfile, spcmapfile from pg_backup_stop(false)',
      );
      stopped = result.rows[0]!;
    }
    writeFileSync(join(into, 'data', 'backup_label'), stopped.labelfile);
    if (stopped.spcmapfile) writeFileSync(join(into, 'data', 'tablespace_map'), stopped.spcmapfile);
    // pg_backup_stop switched to a new segment, so every record up to its end is in a finished file.
    const wal = join(resolve(dataDir), 'pg_wal');
    for (const name of readdirSync(wal).filter((n) => WAL_SEGMENT.test(n))) copyFileSync(join(wal, name), join(into, 'data', 'pg_wal', name));
    const version = await client.query<{ server_version: string }>('show server_version');
    const manifest: BackupManifest = {
      label,
      takenAt: new Date().toISOString(),
      startLsn: started.rows[0]!.lsn,
      stopLsn: stopped.lsn,
      serverVersion: version.rows[0]!.server_version,
    };
    writeFileSync(join(into, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await client.end(); // drops the temporary slot
  }
}

/** The manifest of a backup folder, or a sentence saying why `source` is not one. */
export function readBackup(source: string): BackupManifest {
  const file = join(resolve(source), MANIFEST);
  if (!existsSync(file) || !existsSync(join(resolve(source), 'data', 'backup_label'))) {
    throw new Error(`${resolve(source)} is not a backup made by npm run backup (no ${MANIFEST} and data/backup_label).`);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
}

/** The uid and gid the embedded server runs as when we are root (it refuses root), else none. */
function serverOwner(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  try {
    return { uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })) };
  } catch {
    return null; // no postgres user yet: startEmbeddedPostgres creates it, and initdb has not run as it
  }
}

/**
 * Puts the backup at `source` into the data directory `dataDir`, which must be empty or absent
 * unless `force` (then what it holds is removed; its server must be stopped). The next start of a
 * server on `dataDir` replays the backup's WAL and opens the cluster as it was when the backup ended.
 */
export function restoreBaseBackup(source: string, dataDir: string, options: { force?: boolean } = {}): BackupManifest {
  const manifest = readBackup(source);
  const into = resolve(dataDir);
  if (!isEmptyDir(into)) {
    if (!options.force) throw new Error(`${into} is not empty: restore into an empty data directory, or pass --force to replace what it holds.`);
    if (runningServerPort(into) !== null) throw new Error(`A PostgreSQL server is running on ${into}: stop it (stop npm start) before restoring over it.`);
    for (const name of readdirSync(into)) rmSync(join(into, name), { recursive: true, force: true });
  }
  copyLive(join(resolve(source), 'data'), into, false);
  chmodSync(into, 0o700); // PostgreSQL refuses a data directory others can read
  const owner = serverOwner();
  if (owner) execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, into]);
  return manifest;
}

// `npm run restore -- PATH [--force]`: brings back a backup made by `npm run backup`
// (docs/operations.md, "Backups and restore"). A backup folder goes into the embedded server's data
// directory (.data/pg, or DATA_DIR/pg), which must be empty unless --force; the server is started
// once to replay the backup's WAL and stopped. A .dump file goes into DATABASE_URL with pg_restore,
// into an empty database unless --force (then what it holds is dropped first).
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { restoreBaseBackup, startEmbeddedPostgres } from '@brood/world/dev';
import { ROOT } from './lib/processes';

const Env = z.object({
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default(join(ROOT, '.data')),
  PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
  PG_RESTORE: z.string().min(1).default('pg_restore'),
});

const say = (line: string) => console.log(`[restore] ${line}`);

async function restoreCluster(source: string, dataDir: string, pgPort: number, force: boolean): Promise<void> {
  const pgData = join(dataDir, 'pg');
  const manifest = restoreBaseBackup(source, pgData, { force });
  say(`backup of ${manifest.takenAt} (PostgreSQL ${manifest.serverVersion}) copied into ${pgData}; replaying its WAL...`);
  const server = await startEmbeddedPostgres({ dataDir: pgData, port: pgPort });
  await server.stop();
  say('done: npm start opens the universe as it was when the backup ended.');
}

async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname in ('public', 'pgboss')`);
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

async function restoreDump(file: string, url: string, pgRestore: string, force: boolean): Promise<void> {
  const tables = await tablesIn(url);
  if (tables > 0 && !force) throw new Error(`The database holds ${tables} tables: restore into an empty database, or pass --force to drop what it holds first.`);
  const args = ['--no-owner', '--exit-on-error', '--single-transaction', ...(force ? ['--clean', '--if-exists'] : []), `--dbname=${url}`, file];
  const result = spawnSync(pgRestore, args, { stdio: 'inherit' });
  if (result.error) throw new Error(`${pgRestore} could not run (${result.error.message}): install the client tools of your server's version, or set PG_RESTORE.`);
  if (result.status !== 0) throw new Error(`${pgRestore} exited with ${result.status}; nothing was changed (one transaction).`);
  say(`${file} restored into the database; start the game and it migrates it to this release if it is older.`);
}

async function main(): Promise<void> {
  const env = Env.parse(process.env);
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const given = args.find((a) => !a.startsWith('--'));
  if (!given) throw new Error('Say which backup: npm run restore -- .data/backups/<folder> (or a .dump file with DATABASE_URL set) [--force]');
  const source = resolve(given);
  if (statSync(source, { throwIfNoEntry: false })?.isFile()) {
    if (!env.DATABASE_URL) throw new Error(`${source} is a pg_dump file: set DATABASE_URL to the database to restore it into.`);
    await restoreDump(source, env.DATABASE_URL, env.PG_RESTORE, force);
  } else {
    await restoreCluster(source, resolve(env.DATA_DIR), env.PG_PORT, force);
  }
}

main().catch((error: unknown) => {
  console.error(`[restore] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

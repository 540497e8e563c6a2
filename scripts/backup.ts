// `npm run backup [-- PATH]`: an online, consistent backup of the universe's database, taken while
// the game runs (docs/operations.md, "Backups and restore"). Without DATABASE_URL: the embedded
// server's whole cluster with PostgreSQL's low-level base-backup API, into a dated folder under
// .data/backups/ (started for the backup if npm start is not running). With DATABASE_URL: pg_dump's
// custom format, which needs a pg_dump of the server's major version (PG_DUMP names one).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { embeddedServerUrl, runningServerPort, startEmbeddedPostgres, takeBaseBackup } from '@brood/world/dev';
import { ROOT } from './lib/processes';

const Env = z.object({
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default(join(ROOT, '.data')),
  PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
  PG_DUMP: z.string().min(1).default('pg_dump'),
});

const say = (line: string) => console.log(`[backup] ${line}`);
const stamp = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');

async function embeddedBackup(dataDir: string, pgPort: number, target: string): Promise<void> {
  const pgData = join(dataDir, 'pg');
  if (!existsSync(join(pgData, 'PG_VERSION'))) throw new Error(`No database in ${pgData}: nothing to back up (set DATA_DIR, or DATABASE_URL for an external server).`);
  const running = runningServerPort(pgData);
  const server = running === null ? await startEmbeddedPostgres({ dataDir: pgData, port: pgPort }) : null;
  try {
    const manifest = await takeBaseBackup(embeddedServerUrl(running ?? pgPort), pgData, target);
    say(`PostgreSQL ${manifest.serverVersion} cluster backed up to ${target} (WAL ${manifest.startLsn} to ${manifest.stopLsn}); restore it with npm run restore -- ${target}`);
  } finally {
    await server?.stop();
  }
}

function dumpBackup(url: string, pgDump: string, target: string): void {
  mkdirSync(dirname(target), { recursive: true });
  const result = spawnSync(pgDump, ['--format=custom', '--no-owner', `--file=${target}`, `--dbname=${url}`], { stdio: 'inherit' });
  if (result.error) throw new Error(`${pgDump} could not run (${result.error.message}): install the client tools of your server's version, or set PG_DUMP to their pg_dump.`);
  if (result.status !== 0) throw new Error(`${pgDump} exited with ${result.status}; a server newer than pg_dump is refused: set PG_DUMP to the pg_dump of the server's version.`);
  say(`database dumped to ${target}; restore it with DATABASE_URL=... npm run restore -- ${target}`);
}

async function main(): Promise<void> {
  const env = Env.parse(process.env);
  const given = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (env.DATABASE_URL) {
    dumpBackup(env.DATABASE_URL, env.PG_DUMP, resolve(given ?? join(env.DATA_DIR, 'backups', `${stamp()}.dump`)));
  } else {
    await embeddedBackup(resolve(env.DATA_DIR), env.PG_PORT, resolve(given ?? join(env.DATA_DIR, 'backups', stamp())));
  }
}

main().catch((error: unknown) => {
  console.error(`[backup] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { migrateDatabase } from '@brood/world';
import { databaseUrl, ensureDatabase, freePort, readBackup, restoreBaseBackup, startEmbeddedPostgres, type EmbeddedDatabase } from '@brood/world/dev';
import { eventsLeft, seedDueStream, streamEvents } from './support/due-stream';
import { drainUndisturbed, until } from './support/fault-runs';
import { digestDifferences, worldDigest } from './support/world-digest';

/**
 * The restore drill (docs/operations.md): `npm run backup` taken while a sim-worker applies a stream of
 * due events (queue completions, fleet arrivals, battles) on an embedded server of its own, `npm run
 * restore` into a fresh data directory, drained there by another sim-worker, leaves the very world the
 * source leaves once its own worker has applied the same events: every event after the backup
 * applied once, none before it applied again.
 */
const catalogue = loadCatalogue();
const STREAM = { completions: 300, arrivals: 300, battles: 20 };
let source: EmbeddedDatabase;
let restored: EmbeddedDatabase | undefined;
let sourceUrl: string;
const scratch = mkdtempSync(join(tmpdir(), 'brood-drill-'));
const ROOT = join(import.meta.dirname, '..', '..');

/** `npm run <command>` as an operator runs it, on the embedded server under `dataDir`/pg. */
async function npmRun(command: 'backup' | 'restore', path: string, dataDir: string, pgPort: number): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PG_PORT: String(pgPort) };
  delete env.DATABASE_URL;
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', command, '--', path], { cwd: ROOT, env });
  return stdout;
}

beforeAll(async () => {
  source = await startEmbeddedPostgres({ dataDir: join(scratch, 'source', 'pg'), port: await freePort(), ephemeral: true });
  sourceUrl = await ensureDatabase(source.serverUrl, 'drill');
  await migrateDatabase(sourceUrl);
  await seedDueStream(sourceUrl, catalogue, STREAM);
  // The attacks, and each territory's last queue item, come due only after the backup (heldComeDue): a
  // backup that caught the stream's end could prove nothing about events after it. Their times are put
  // a day ahead, so that not even the worker's every-minute catch-up of overdue events applies them before.
  await onDatabase(sourceUrl, `update movements set arrival_time = arrival_time + interval '1 day' where mission = 'ATTACK';
                               update queue_items set start_time = start_time + interval '1 day', end_time = end_time + interval '1 day'
                                where id in (select distinct on (territory_id) id from queue_items order by territory_id, end_time desc);
                               update pgboss.job j set start_after = m.arrival_time from movements m
                                where j.name = 'movement-arrival' and j.data->>'id' = m.id::text and m.mission = 'ATTACK';
                               update pgboss.job j set start_after = q.end_time from queue_items q
                                where j.name = 'queue-item-due' and j.data->>'id' = q.id::text and q.end_time > now()`);
}, 120_000);

afterAll(async () => {
  await restored?.stop();
  await source?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

async function onDatabase<T>(url: string, run: string | ((client: pg.Client) => Promise<T>)): Promise<T | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (typeof run === 'string') await client.query(run);
    else return await run(client);
  } finally {
    await client.end();
  }
}

const countLeft = async (url: string) => (await onDatabase(url, eventsLeft))!;
const battlesFought = async (url: string) => (await onDatabase(url, async (c) => Number((await c.query<{ n: string }>('select count(*) as n from battles')).rows[0]!.n)))!;
/** The clock reaches the held events: back to the times they were seeded with (fleets coming home are due within the hour, not a day). */
const heldComeDue = (url: string) =>
  onDatabase(url, `update movements set arrival_time = arrival_time - interval '1 day' where mission = 'ATTACK' and arrival_time > now() + interval '12 hours';
                   update queue_items set start_time = start_time - interval '1 day', end_time = end_time - interval '1 day' where end_time > now() + interval '12 hours';
                   update pgboss.job set start_after = now() where name in ('movement-arrival', 'queue-item-due') and start_after > now() + interval '12 hours'`);
/** Events held until after the backup: the battles and one queue item per territory of the completions. */
const HELD = STREAM.battles + STREAM.completions / 5;

describe('the restore drill', () => {
  it('restores a backup taken mid-stream into a world that, drained, equals the source drained', async () => {
    const total = streamEvents(STREAM);
    const backupDir = join(scratch, 'backup');
    // The source's worker runs through the whole backup: fleets land, battles are fought, queues complete meanwhile.
    const sourceRun = drainUndisturbed(sourceUrl, catalogue);
    await until('the source worker to start applying the stream', async () => (await countLeft(sourceUrl)) < total, 60_000);
    expect(await npmRun('backup', backupDir, join(scratch, 'source'), source.port)).toMatch(/^\[backup\] PostgreSQL 18\.\d+ cluster backed up to /);
    const manifest = readBackup(backupDir);
    await heldComeDue(sourceUrl);
    await sourceRun;
    expect(manifest.serverVersion).toMatch(/^18/);

    const port = await freePort();
    expect(await npmRun('restore', backupDir, join(scratch, 'restored'), port)).toMatch(/done: npm start opens the universe as it was when the backup ended/);
    restored = await startEmbeddedPostgres({ dataDir: join(scratch, 'restored', 'pg'), port, ephemeral: true });
    const restoredUrl = databaseUrl(restored.serverUrl, 'drill');
    const leftAtBackup = await countLeft(restoredUrl);
    // The backup holds a world in the middle of the stream: some events applied, the rest (every battle and held item among them) still due.
    expect(leftAtBackup).toBeGreaterThanOrEqual(HELD);
    expect(leftAtBackup).toBeLessThan(total);
    expect(await battlesFought(restoredUrl)).toBe(0);
    console.log(`restore drill: the backup (${manifest.startLsn} to ${manifest.stopLsn}) holds ${leftAtBackup} of ${total} events still due`);

    await heldComeDue(restoredUrl);
    await drainUndisturbed(restoredUrl, catalogue);
    const [original, fromBackup] = await Promise.all([worldDigest(sourceUrl, catalogue), worldDigest(restoredUrl, catalogue)]);
    expect(original.counts.battles).toBe(STREAM.battles);
    expect(digestDifferences(original, fromBackup)).toEqual({});
    expect(fromBackup.parts).toEqual(original.parts);
  }, 240_000);

  it('refuses to restore into a data directory that holds something, unless forced', () => {
    const backupDir = join(scratch, 'small-backup');
    mkdirSync(join(backupDir, 'data'), { recursive: true });
    writeFileSync(join(backupDir, 'backup.json'), JSON.stringify({ label: 'small', takenAt: '2026-11-26T05:00:00.000Z', startLsn: '0/1', stopLsn: '0/2', serverVersion: '18.0' }));
    writeFileSync(join(backupDir, 'data', 'backup_label'), 'START WAL LOCATION: 0/1\n');
    const occupied = join(scratch, 'occupied');
    mkdirSync(occupied, { recursive: true });
    writeFileSync(join(occupied, 'PG_VERSION'), '18\n');
    expect(() => restoreBaseBackup(backupDir, occupied)).toThrow(/is not empty: restore into an empty data directory, or pass --force/);
    expect(readdirSync(occupied)).toEqual(['PG_VERSION']);
    expect(() => restoreBaseBackup(join(scratch, 'nothing'), join(scratch, 'empty'))).toThrow(/is not a backup made by npm run backup/);
    restoreBaseBackup(backupDir, occupied, { force: true });
    expect(readdirSync(occupied)).toEqual(['backup_label']);
  });
});

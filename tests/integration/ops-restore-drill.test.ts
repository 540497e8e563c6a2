import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { migrateDatabase } from '@brood/world';
import { databaseUrl, ensureDatabase, freePort, restoreBaseBackup, startEmbeddedPostgres, takeBaseBackup, type EmbeddedDatabase } from '@brood/world/dev';
import { startTestServer } from '@brood/world/testing';
import { eventsLeft, seedDueStream, streamEvents } from './support/due-stream';
import { drainUndisturbed, until } from './support/fault-runs';
import { digestDifferences, worldDigest } from './support/world-digest';

/**
 * The restore drill (docs/operations.md): a base backup taken while a sim-worker applies a stream of
 * due events (queue completions, fleet arrivals, battles) on a server of its own, restored into a
 * fresh data directory and drained there by another sim-worker, leaves the very world the source
 * leaves once its own worker has applied the same events: every event after the backup applied
 * once, none before it applied again.
 */
const catalogue = loadCatalogue();
const STREAM = { completions: 300, arrivals: 300, battles: 20 };
let source: EmbeddedDatabase;
let restored: EmbeddedDatabase | undefined;
let sourceUrl: string;
const scratch = mkdtempSync(join(tmpdir(), 'brood-drill-'));

beforeAll(async () => {
  source = await startTestServer();
  sourceUrl = await ensureDatabase(source.serverUrl, 'drill');
  await migrateDatabase(sourceUrl);
  await seedDueStream(sourceUrl, catalogue, STREAM);
  // The attacks' arrivals come due only after the backup (attacksComeDue): a backup that caught the stream's
  // end could not prove anything about events after it.
  await onDatabase(sourceUrl, `update pgboss.job set start_after = now() + interval '1 day'
                               where name = 'movement-arrival' and data->>'id' in (select id::text from movements where mission = 'ATTACK')`);
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
/** The clock reaches the attacks' arrival (their jobs were put a day ahead; fleets coming home are due within the hour). */
const attacksComeDue = (url: string) => onDatabase(url, `update pgboss.job set start_after = now() where name = 'movement-arrival' and start_after > now() + interval '12 hours'`);

describe('the restore drill', () => {
  it('restores a backup taken mid-stream into a world that, drained, equals the source drained', async () => {
    const total = streamEvents(STREAM);
    const backupDir = join(scratch, 'backup');
    // The source's worker runs through the whole backup: fleets land, battles are fought, queues complete meanwhile.
    const sourceRun = drainUndisturbed(sourceUrl, catalogue);
    await until('the source worker to start applying the stream', async () => (await countLeft(sourceUrl)) < total, 60_000);
    const manifest = await takeBaseBackup(source.serverUrl, source.dataDir, backupDir);
    await attacksComeDue(sourceUrl);
    await sourceRun;
    expect(manifest.serverVersion).toMatch(/^18/);

    const dataDir = join(scratch, 'restored');
    restoreBaseBackup(backupDir, dataDir);
    restored = await startEmbeddedPostgres({ dataDir, port: await freePort(), ephemeral: true });
    const restoredUrl = databaseUrl(restored.serverUrl, 'drill');
    const leftAtBackup = await countLeft(restoredUrl);
    // The backup holds a world in the middle of the stream: some events applied, the rest (every battle among them) still due.
    expect(leftAtBackup).toBeGreaterThanOrEqual(STREAM.battles);
    expect(leftAtBackup).toBeLessThan(total);
    expect(await battlesFought(restoredUrl)).toBe(0);
    console.log(`restore drill: the backup (${manifest.startLsn} to ${manifest.stopLsn}) holds ${leftAtBackup} of ${total} events still due`);

    await attacksComeDue(restoredUrl);
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

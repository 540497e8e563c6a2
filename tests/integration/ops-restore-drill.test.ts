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
const STREAM = { completions: 600, arrivals: 600, battles: 30 };
let source: EmbeddedDatabase;
let restored: EmbeddedDatabase | undefined;
let sourceUrl: string;
const scratch = mkdtempSync(join(tmpdir(), 'brood-drill-'));

beforeAll(async () => {
  source = await startTestServer();
  sourceUrl = await ensureDatabase(source.serverUrl, 'drill');
  await migrateDatabase(sourceUrl);
  await seedDueStream(sourceUrl, catalogue, STREAM);
}, 120_000);

afterAll(async () => {
  await restored?.stop();
  await source?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const countLeft = async (url: string) => {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    return await eventsLeft(pool);
  } finally {
    await pool.end();
  }
};

describe('the restore drill', () => {
  it('restores a backup taken mid-stream into a world that, drained, equals the source drained', async () => {
    const total = streamEvents(STREAM);
    const backupDir = join(scratch, 'backup');
    // The source's worker runs through the whole backup: fleets land, battles are fought, queues complete meanwhile.
    const sourceRun = drainUndisturbed(sourceUrl, catalogue);
    await until('the source worker to start applying the stream', async () => (await countLeft(sourceUrl)) < total, 60_000);
    const manifest = await takeBaseBackup(source.serverUrl, source.dataDir, backupDir);
    await sourceRun;
    expect(manifest.serverVersion).toMatch(/^18/);

    const dataDir = join(scratch, 'restored');
    restoreBaseBackup(backupDir, dataDir);
    restored = await startEmbeddedPostgres({ dataDir, port: await freePort(), ephemeral: true });
    const restoredUrl = databaseUrl(restored.serverUrl, 'drill');
    const leftAtBackup = await countLeft(restoredUrl);
    // The backup holds a world in the middle of the stream: some events applied, the rest still due.
    expect(leftAtBackup).toBeGreaterThan(0);
    expect(leftAtBackup).toBeLessThan(total);
    console.log(`restore drill: the backup (${manifest.startLsn} to ${manifest.stopLsn}) holds ${leftAtBackup} of ${total} events still due`);

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

import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { migrateDatabase } from '@brood/world';
import { ensureDatabase } from '@brood/world/dev';
import { testServerUrl } from '@brood/world/testing';
import { migrationsList } from '../../packages/world/src/migrations';
import { drainUndisturbed, dropDatabase } from './support/fault-runs';

/**
 * An upgrade in place (docs/operations.md, "Upgrades"): tests/fixtures/release-0.2.sql is a plain SQL
 * dump of a database made by release 0.2.0 (commit 4339140, with tests/fixtures/make-release-fixture.ts):
 * 20 queue items running, 20 fleets in flight (transports out and fleets coming home) and 4 attacks on
 * their way, with their due jobs. This release's migrations bring it up to date, and a sim-worker then
 * lands every fleet (and brings home what flew out) and completes every item.
 */
const catalogue = loadCatalogue();
const dump = readFileSync(new URL('../fixtures/release-0.2.sql', import.meta.url), 'utf8');
let url: string;
let sql: pg.Client;

const count = async (query: string) => Number((await sql.query<{ n: string }>(query)).rows[0]!.n);

beforeAll(async () => {
  url = await ensureDatabase(await testServerUrl(), `brood_upgrade_${process.pid}_${Date.now()}`);
  const loader = new pg.Client({ connectionString: url });
  await loader.connect();
  try {
    await loader.query(dump); // one script; it empties search_path for its session, so this client goes
  } finally {
    await loader.end();
  }
  sql = new pg.Client({ connectionString: url });
  await sql.connect();
}, 120_000);

afterAll(async () => {
  await sql?.end();
  if (url) await dropDatabase(url);
});

describe('a database made by the previous release', () => {
  it('is migrated in place, and every fleet in flight lands and every queue item completes', async () => {
    const made = (await sql.query<{ name: string }>('select name from mikro_orm_migrations order by id')).rows.map((r) => r.name);
    const pending = migrationsList.map((m) => m.name).filter((name) => !made.includes(name));
    expect(pending).toContain('0140-builtin-keys'); // this release's
    expect(await count('select count(*) as n from movements')).toBe(24);
    expect(await count('select count(*) as n from queue_items where completed_at is null')).toBe(20);

    const { applied } = await migrateDatabase(url);
    expect(applied).toEqual(pending);
    await drainUndisturbed(url, catalogue);

    expect(await count('select count(*) as n from movements')).toBe(0); // every fleet landed, and what flew out came home
    expect(await count('select count(*) as n from queue_items where completed_at is null')).toBe(0);
    expect(await count('select count(*) as n from battles')).toBe(4);
    expect(await count(`select count(*) as n from pgboss.job where state = 'failed'`)).toBe(0);
    // What they brought: each completion territory built fiber tangle levels 1 to 3 (and recruited twice),
    // each completion and each transport told its owner once.
    expect(await count(`select count(*) as n from territories where (structures->>'fiber_tangle')::int = 3`)).toBe(4);
    expect(await count(`select count(*) as n from notifications where message_type in ('BUILDING_CONSTRUCTION_COMPLETED', 'UNIT_RECRUITMENT_COMPLETED')`)).toBe(20);
    expect(await count(`select count(*) as n from notifications where message_type = 'TRANSPORT_COMPLETED'`)).toBe(10);
  }, 240_000);
});

import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { getConstructionPlans } from 'pg-boss';
import type { MikroORM } from '@mikro-orm/postgresql';
import { startEmbeddedPostgres, databaseUrl, type EmbeddedDatabase } from '../db/embedded';
import { createOrm } from '../db/orm';
import { migrateDatabase } from '../db/migrate';
import { freePort } from '../db/ports';
import { migrationsList } from '../migrations';

/** Set by a test runner's global setup (tests/vitest.config.ts) so every worker shares one server. */
export const TEST_SERVER_ENV = 'BROOD_TEST_PG_URL';

export { freePort };

/**
 * A throw-away PostgreSQL server: free random port, data under /tmp, fsync off. Stopped by `stop()`;
 * if the process dies first, a watchdog stops it and removes the data.
 */
export async function startTestServer(): Promise<EmbeddedDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brood-test-pg-'));
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      return await startEmbeddedPostgres({ dataDir, port: await freePort(), ephemeral: true });
    } catch (error) {
      lastError = error; // the port was taken between probing and binding: try another
    }
  }
  throw lastError;
}

let ownServer: Promise<EmbeddedDatabase> | null = null;

/** The server this test process uses: the global setup's, else one started for this process alone. */
export async function testServerUrl(): Promise<string> {
  const shared = process.env[TEST_SERVER_ENV];
  if (shared) return shared;
  if (!ownServer) {
    ownServer = startTestServer();
    const server = await ownServer;
    process.once('exit', () => server.kill());
  }
  return (await ownServer).socketUrl;
}

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Named after the schema it holds, so a new migration (or pg-boss version) gets a new template. */
function templateName(): string {
  const hash = createHash('sha1').update(migrationsList.map((m) => m.name).join(',')).update(getConstructionPlans()).digest('hex');
  return `brood_tpl_${hash.slice(0, 12)}`;
}

const templates = new Map<string, Promise<string>>();

/** Migrates a template database once per server; processes sharing the server take turns on an advisory lock. */
function ensureTemplate(serverUrl: string): Promise<string> {
  let pending = templates.get(serverUrl);
  if (!pending) {
    pending = withClient(serverUrl, async (client) => {
      const name = templateName();
      await client.query('select pg_advisory_lock(7420001)');
      try {
        const found = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (found.rowCount === 0) {
          const building = `${name}_build`;
          await client.query(`drop database if exists ${quote(building)} with (force)`);
          await client.query(`create database ${quote(building)}`);
          await migrateDatabase(databaseUrl(serverUrl, building));
          await client.query(`alter database ${quote(building)} rename to ${quote(name)}`);
        }
        return name;
      } finally {
        await client.query('select pg_advisory_unlock(7420001)');
      }
    });
    templates.set(serverUrl, pending);
    pending.catch(() => templates.delete(serverUrl));
  }
  return pending;
}

export interface TestDatabase {
  /** Connection URL of this test's own database. */
  url: string;
  name: string;
  /** An ORM on it (small pool); closed by stop(). */
  orm: MikroORM;
  /** Closes the ORM and drops the database. */
  stop(): Promise<void>;
}

let counter = 0;

/** A database of its own, copied from the migrated template on `serverUrl` (default: this process's test server). */
export interface TemplateCopy {
  url: string;
  name: string;
  /** Drops the database (closing whatever still connects to it). */
  drop(): Promise<void>;
}

/** A freshly migrated database (game schema and pg-boss schema), copied from a template in a few tens of milliseconds. */
export async function copyTemplateDatabase(serverUrl?: string): Promise<TemplateCopy> {
  const server = serverUrl ?? (await testServerUrl());
  const template = await ensureTemplate(server);
  counter += 1;
  const name = `brood_test_${process.pid}_${counter}_${Math.random().toString(36).slice(2, 8)}`;
  await withClient(server, (client) => client.query(`create database ${quote(name)} template ${quote(template)}`));
  return {
    url: databaseUrl(server, name),
    name,
    drop: () => withClient(server, (client) => client.query(`drop database if exists ${quote(name)} with (force)`)).then(() => undefined),
  };
}

/**
 * A freshly migrated database of its own with an ORM on it. Call it in `beforeAll` of each test file
 * and `stop()` in `afterAll`.
 */
export async function createTestDatabase(options: { poolMax?: number } = {}): Promise<TestDatabase> {
  const copy = await copyTemplateDatabase();
  const orm = await createOrm(copy.url, { poolMax: options.poolMax ?? 5 });
  let stopped = false;
  return {
    url: copy.url,
    name: copy.name,
    orm,
    async stop() {
      if (stopped) return;
      stopped = true;
      await orm.close(true);
      await copy.drop();
    },
  };
}

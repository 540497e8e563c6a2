import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { migrateDatabase } from '@brood/world';
import { configureStandby, databaseUrl, ensureDatabase, restoreBaseBackup, startEmbeddedPostgres, takeBaseBackup, type EmbeddedDatabase } from '@brood/world/dev';
import { freePort } from '@brood/world/testing';
import { buildApp } from '../../apps/api/src/app';
import { closeApiDeps, createApiDeps, type ApiDeps } from '../../apps/api/src/deps';
import { EnvSchema } from '../../apps/api/src/env';
import { until } from './support/fault-runs';
import { logLinesInto } from './support/log-lines';

/**
 * Read replicas (docs/scaling.md): a primary and a hot standby streaming from it, made from a base
 * backup taken with the server's low-level API, both from the embedded binaries; an api with
 * DATABASE_URL on the primary and DATABASE_READ_URL on the standby. While the standby's replay is
 * paused, what a command just wrote is on the primary and not yet on the standby, so the stale-ok
 * reads (alliance and player search) answering without it proves they asked the standby; resumed,
 * they see it. Stopped, the standby's reads go to the primary with one warning, and come back to it
 * when it answers again.
 */
const SLOT = 'brood_replica';
const folders: string[] = [];
const lines: { level: number; msg: string }[] = [];
let primary: EmbeddedDatabase;
let replica: EmbeddedDatabase;
let replicaPort: number;
let replicaDir: string;
let deps: ApiDeps;
let app: FastifyInstance;

const folder = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `brood-replica-${name}-`));
  folders.push(dir);
  return dir;
};

async function onServer<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function startReplica(): Promise<EmbeddedDatabase> {
  return startEmbeddedPostgres({ dataDir: replicaDir, port: replicaPort, ephemeral: true });
}

beforeAll(async () => {
  primary = await startEmbeddedPostgres({ dataDir: folder('primary'), port: await freePort(), ephemeral: true });
  const url = await ensureDatabase(primary.serverUrl, 'replicated');
  await migrateDatabase(url);
  await onServer(primary.serverUrl, `select pg_create_physical_replication_slot('${SLOT}')`);
  const backup = folder('backup');
  rmSync(backup, { recursive: true });
  await takeBaseBackup(primary.serverUrl, primary.dataDir, backup);
  configureStandby(join(backup, 'data'), { primaryUrl: primary.serverUrl, slot: SLOT });
  replicaDir = folder('standby');
  restoreBaseBackup(backup, replicaDir);
  replicaPort = await freePort();
  replica = await startReplica();

  const env = EnvSchema.parse({
    DATABASE_URL: url,
    DATABASE_READ_URL: databaseUrl(replica.serverUrl, 'replicated'),
    DATABASE_READ_RETRY_SECONDS: '0.3',
    JWT_SECRET: 'scale-replica-secret-0123456789',
    LOG_LEVEL: 'info',
    DB_POOL_MAX: '3',
  });
  deps = await createApiDeps(env);
  app = await buildApp(deps, { logStream: logLinesInto(lines) });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  if (deps) await closeApiDeps(deps);
  await replica?.stop();
  await primary?.stop();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

let signups = 0;
async function player(prefix: string): Promise<{ name: string; headers: { authorization: string } }> {
  signups += 1;
  const name = `${prefix}${signups}`;
  const remoteAddress = `10.210.0.${signups}`;
  const registered = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { username: name, email: `${name}@example.com`, password: 'correct horse battery' }, remoteAddress });
  expect(registered.statusCode).toBe(201);
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/token',
    payload: new URLSearchParams({ username: name, password: 'correct horse battery' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress,
  });
  return { name, headers: { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` } };
}

async function metric(name: string): Promise<number | undefined> {
  const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

const get = async <T,>(url: string, headers: { authorization: string }) => {
  const res = await app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json<T>() };
};
const tags = async (viewer: { authorization: string }) => (await get<{ tag: string }[]>('/api/v1/alliances?search=RPL', viewer)).body.map((a) => a.tag);
const players = async (viewer: { authorization: string }, name: string) => (await get<{ players: { username: string }[] }>(`/api/v1/players?search=${name}`, viewer)).body.players.map((p) => p.username);
/** Regions where the map shows the viewer's own presence: a new player's home region, once the read sees their territory. */
const presence = async (viewer: { authorization: string }) =>
  (await get<{ has_player_presence: boolean }[]>('/api/v1/map/regions-overview', viewer)).body.filter((r) => r.has_player_presence).length;
const warnings = () => lines.filter((l) => l.level === 40 && l.msg.startsWith('read replica unreachable'));

describe('a streaming replica behind DATABASE_READ_URL', () => {
  it('answers the stale-ok reads while commands and fresh reads go to the primary, and reports its lag', async () => {
    const founder = await player('founder');
    await until('the replica to replay the sign-up', async () => (await players(founder.headers, founder.name)).includes(founder.name), 20_000);
    expect(await metric('broodspace_replica_up')).toBe(1);

    await onServer(replica.serverUrl, 'select pg_wal_replay_pause()');
    const founded = await app.inject({ method: 'POST', url: '/api/v1/alliances', headers: founder.headers, payload: { name: 'Replicated', tag: 'RPL' } });
    expect(founded.statusCode).toBe(201);
    const late = await player('latecomer');
    // The primary has both; the paused replica has neither, and the searches and the map answer from it.
    expect((await get<{ tag: string }>(`/api/v1/alliances/${founded.json<{ id: number }>().id}`, founder.headers)).body.tag).toBe('RPL');
    expect((await get<unknown[]>('/api/v1/territories', late.headers)).body).toHaveLength(1);
    expect(await tags(founder.headers)).toEqual([]);
    expect(await players(founder.headers, late.name)).toEqual([]);
    expect(await presence(late.headers)).toBe(0);
    await until('the lag to show the WAL received but not replayed', async () => ((await metric('broodspace_replica_lag_seconds')) ?? 0) > 0, 20_000);

    await onServer(replica.serverUrl, 'select pg_wal_replay_resume()');
    await until('the replica to show the new alliance', async () => (await tags(founder.headers)).includes('RPL'), 20_000);
    expect(await players(founder.headers, late.name)).toEqual([late.name]);
    expect(await presence(late.headers)).toBe(1);
    await until('the lag to come back to 0 once all is replayed', async () => (await metric('broodspace_replica_lag_seconds')) === 0, 20_000);
  });

  it('serves those reads from the primary with one warning while the replica is down, and goes back to it', async () => {
    const viewer = await player('viewer');
    replica.kill();
    const answers: string[][] = [];
    await until('the api to notice the replica is gone', async () => {
      answers.push(await tags(viewer.headers));
      return warnings().length > 0;
    }, 20_000);
    expect(answers.every((a) => a.length === 1 && a[0] === 'RPL')).toBe(true); // each answer whole, from one server or the other
    for (let i = 0; i < 5; i += 1) expect(await tags(viewer.headers)).toEqual(['RPL']);
    expect((await get('/api/v1/highscores', viewer.headers)).status).toBe(200);
    expect(warnings()).toHaveLength(1);
    expect(await metric('broodspace_replica_up')).toBe(0);

    replica = await startReplica();
    await until('the api to find the replica again', async () => (await metric('broodspace_replica_up')) === 1, 30_000);
    expect(lines.some((l) => l.level === 30 && l.msg.startsWith('read replica answers again'))).toBe(true);
    await onServer(replica.serverUrl, 'select pg_wal_replay_pause()');
    const newcomer = await player('newcomer');
    expect(await players(viewer.headers, newcomer.name)).toEqual([]); // from the paused replica again
    await onServer(replica.serverUrl, 'select pg_wal_replay_resume()');
  });
});

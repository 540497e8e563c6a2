import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@brood/api';
import { loadCatalogue } from '@brood/game-data';
import { migrateDatabase } from '@brood/world';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from '@brood/world/dev';
import { freePort } from '@brood/world/testing';
import { startService, type Service } from '../../scripts/lib/processes';
import { eventsLeft, jobsInHand, scoreRepairs, seedDueStream, streamEvents } from './support/due-stream';
import { copyDatabase, drainUndisturbed, sleep, startWorkerProcess, until } from './support/fault-runs';
import { reconnectingSocket, type ReconnectingSocket } from './support/reconnecting-socket';
import { digestDifferences, worldDigest } from './support/world-digest';

/**
 * Faults of the api and of PostgreSQL itself, on a server of this file's own (it is restarted):
 * while a worker process drains a stream of due events and players read and hold sockets, the api
 * process is killed with SIGKILL and started again (clients reconnect), then PostgreSQL is
 * restarted. The world's digest then equals an undisturbed run's from the same rows, every player
 * finds every notification, and events keep reaching sockets after the restart (LISTEN came back).
 */
const catalogue = loadCatalogue();
const STREAM = { completions: 2_500, arrivals: 1_500, battles: 100 };
const SECRET = 'faults-api-postgres-secret-0123456789';
const SOCKET_PLAYERS = 100;
let server: EmbeddedDatabase;
let calm: string;
let faulted: string;
let owners: number[];
const services: Service[] = [];
const sockets: ReconnectingSocket[] = [];
/** The api's realtime connection, connected and past its LISTEN (every backend before the restart is gone). */
const LISTENING = `select 1 from pg_stat_activity where datname = current_database() and application_name = 'broodspace-realtime' and state = 'idle' and query ilike 'listen%'`;

beforeAll(async () => {
  server = await startEmbeddedPostgres({ dataDir: mkdtempSync(join(tmpdir(), 'brood-faults-pg-')), port: await freePort(), ephemeral: true });
  const seeded = await ensureDatabase(server.serverUrl, 'faults');
  await migrateDatabase(seeded);
  owners = (await seedDueStream(seeded, catalogue, STREAM)).completionOwners;
  calm = await copyDatabase(seeded, 'calm');
  faulted = await copyDatabase(seeded, 'hit');
}, 180_000);

afterAll(async () => {
  for (const s of sockets) s.stop();
  await Promise.all(services.map((s) => s.stop()));
  await server?.stop();
});

function startApi(port: number, name: string): Service {
  const env = { DATABASE_URL: faulted, JWT_SECRET: SECRET, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'fatal', DB_POOL_MAX: '4' };
  const api = startService(name, 'apps/api/src/main.ts', env, 'inherit');
  services.push(api);
  return api;
}

/** Readers that never stop while the faults happen: answers by status (0: no answer at all). */
function readLoad(base: string, tokens: string[], signal: AbortSignal): Map<number, number> {
  const statuses = new Map<number, number>();
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  for (let r = 0; r < 4; r += 1) {
    void (async () => {
      for (let i = r; !signal.aborted; i += 4) {
        const headers = { authorization: `Bearer ${tokens[i % tokens.length]}` };
        const res = await fetch(`${base}/api/v1/${i % 2 ? 'users/me' : 'territories'}`, { headers, signal }).catch(() => null);
        count(res?.status ?? 0);
        await res?.arrayBuffer().catch(() => undefined);
        if (!res || res.status >= 500) await sleep(100);
      }
    })();
  }
  return statuses;
}

describe('the api killed and PostgreSQL restarted under load', () => {
  it('lose nothing and apply nothing twice; clients reconnect and events flow again', async () => {
    const calmSeconds = await drainUndisturbed(calm, catalogue);
    const tokens = createTokenService(SECRET, 3600);
    const players = owners.slice(0, SOCKET_PLAYERS);
    const bearer = await Promise.all(players.map((id, i) => tokens.issue({ id, username: `due${i + 1}` })));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const pool = new pg.Pool({ connectionString: faulted, max: 1 });
    pool.on('error', () => undefined); // the restart cuts its idle connection
    const total = streamEvents(STREAM);
    const load = new AbortController();
    try {
      let api = startApi(port, 'api-1');
      await until('the api to listen', async () => (await fetch(`${base}/healthz`)).status > 0, 60_000);
      sockets.push(...(await Promise.all(bearer.map((token) => reconnectingSocket(base, token)))));
      const statuses = readLoad(base, bearer, load.signal);
      services.push(startWorkerProcess(faulted));

      await until('a fifth of the stream applied', async () => (await eventsLeft(pool)) <= total * 0.8, 120_000);
      api.child.kill('SIGKILL');
      await api.exited;
      const killedAt = Date.now();
      api = startApi(port, 'api-2');
      await until('every socket back on the new api', () => sockets.every((s) => s.isOpen() && s.reconnects === 1), 60_000);
      const reconnectSeconds = (Date.now() - killedAt) / 1000;

      await until('half of the stream applied', async () => (await eventsLeft(pool)) <= total * 0.5, 120_000);
      await server.restart();
      const restartedAt = Date.now();
      await until('the api to answer again', async () => (await fetch(`${base}/api/v1/users/me`, { headers: { authorization: `Bearer ${bearer[0]}` } })).status === 200, 60_000);
      await until('the worker to apply the rest', async () => (await eventsLeft(pool)) === 0, 180_000);
      await until('the worker to complete every due job', async () => (await jobsInHand(pool)) === 0, 60_000);
      load.abort();

      const afterRestart = sockets.reduce((n, s) => n + s.events.filter((e) => e.at > restartedAt).length, 0);
      console.log(
        `api and PostgreSQL faults: undisturbed drain ${calmSeconds.toFixed(1)} s; ${sockets.length} sockets back ${reconnectSeconds.toFixed(1)} s after the kill; ` +
          `${afterRestart} stream events pushed after the database restart; reads by status ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
      // Every player finds each of their five completions, once, whichever socket was down when it happened.
      for (const token of bearer.slice(1, 21)) {
        const res = await fetch(`${base}/api/v1/notifications/unread-count`, { headers: { authorization: `Bearer ${token}` } });
        expect(await res.json()).toEqual({ unread_count: 5 });
      }
      // The api LISTENs again since the restart: a write's event reaches the player's socket. The write
      // waits for that state (its reconnect backs off while the server is away, longer under load), not
      // for the time the event takes: an event raised before the LISTEN is back is missed by design.
      await until('the api to LISTEN again', async () => (await pool.query(LISTENING)).rowCount! > 0, 30_000);
      const read = await fetch(`${base}/api/v1/notifications/read-all`, { method: 'POST', headers: { authorization: `Bearer ${bearer[0]}` } });
      expect(read.status).toBe(200);
      await until('the NOTIFICATION_UPDATED event on the socket', () => sockets[0]!.events.some((e) => e.event === 'NOTIFICATION_UPDATED' && e.at > restartedAt), 15_000);
    } finally {
      load.abort();
      await pool.end();
    }
    const [undisturbed, hit] = await Promise.all([worldDigest(calm, catalogue), worldDigest(faulted, catalogue)]);
    expect(digestDifferences(undisturbed, hit)).toEqual({});
    expect(hit.parts).toEqual(undisturbed.parts);
    // Every score the events refreshed agrees with what its player owns: the periodic recompute repairs nothing.
    expect(await scoreRepairs(calm, catalogue)).toEqual([]);
    expect(await scoreRepairs(faulted, catalogue)).toEqual([]);
  }, 500_000);
});

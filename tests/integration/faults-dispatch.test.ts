import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@brood/api';
import { migrateDatabase } from '@brood/world';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from '@brood/world/dev';
import { freePort } from '@brood/world/testing';
import { startService, type Service } from '../../scripts/lib/processes';
import { startWorkerProcess, until } from './support/fault-runs';

/**
 * PostgreSQL restarted (fast shutdown) while 40 players dispatch fleets as fast as the api answers
 * (issue #24, item 2: the api once kept every pool connection on a dead one and hung for good).
 * The api must serve again within seconds, /healthz must answer all along, and every fleet whose
 * transaction committed (answered 201, or cut off after its commit) must be delivered once and come
 * home once, with no hauler lost or doubled.
 */
const SECRET = 'faults-dispatch-secret-0123456789';
const PLAYERS = 40;
const HAULERS = 10;
const UNIVERSE = JSON.stringify({ universe_speed_factor: 2000, base_effects: { max_fleets: 100 } });
let server: EmbeddedDatabase;
let url: string;
let homes: { id: number; owner_id: number; position: number }[];
const services: Service[] = [];

beforeAll(async () => {
  server = await startEmbeddedPostgres({ dataDir: mkdtempSync(join(tmpdir(), 'brood-dispatch-pg-')), port: await freePort(), ephemeral: true });
  url = await ensureDatabase(server.serverUrl, 'dispatch');
  await migrateDatabase(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `insert into users (username, email, password_hash) select 'disp' || g, 'disp' || g || '@faults.test', 'x' from generate_series(1, $1::int) g returning id`,
      [PLAYERS],
    );
    // One territory each in one sub-region, stocked for many dispatches.
    homes = (
      await client.query<{ id: number; owner_id: number; position: number }>(
        `insert into territories (owner_id, name, region, sub_region, position, resources, units, structures, resources_updated_at)
         select u.id, 'Dock ' || k, 950, 1 + (k - 1) / 25, 1 + (k - 1) % 25, '{"fiber": 9000, "crystal": 5000, "biomass": 2400}'::jsonb,
                jsonb_build_object('hauler_grub', $2::int), '{}'::jsonb, now()
         from unnest($1::int[]) with ordinality as u(id, k) returning id, owner_id, (sub_region - 1) * 25 + position as position`,
        [rows.map((r) => r.id), HAULERS],
      )
    ).rows.sort((a, b) => a.position - b.position);
  } finally {
    await client.end();
  }
}, 180_000);

afterAll(async () => {
  await Promise.all(services.map((s) => s.stop()));
  await server?.stop();
});

/** Answers by status while `signal` runs (0: no answer at all); the ids of the fleets answered 201. */
function dispatchLoad(base: string, tokens: string[], signal: AbortSignal) {
  const statuses = new Map<number, number>();
  const sent: string[] = [];
  const loops = homes.map(async (home, i) => {
    const to = homes[(i + 1) % homes.length]!;
    const body = JSON.stringify({
      start_territory_id: home.id, target_region: 950, target_sub_region: 1 + Math.floor((to.position - 1) / 25), target_position: 1 + ((to.position - 1) % 25),
      mission: 'TRANSPORT', units: { hauler_grub: 1 }, resources: { fiber: 10 },
    });
    for (let n = 0; n < HAULERS && !signal.aborted; ) {
      const headers = { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' };
      const res = await fetch(`${base}/api/v1/movements`, { method: 'POST', headers, body, signal: AbortSignal.any([signal, AbortSignal.timeout(20_000)]) }).catch(() => null);
      statuses.set(res?.status ?? 0, (statuses.get(res?.status ?? 0) ?? 0) + 1);
      if (res?.status === 201) {
        sent.push(((await res.json()) as { id: string }).id);
        n += 1;
      } else {
        await res?.arrayBuffer().catch(() => undefined);
        if (res?.status === 400) return; // no hauler left at home: every one is out
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });
  return { statuses, sent, done: Promise.all(loops) };
}

describe('PostgreSQL restarted under fleet dispatches', () => {
  it('the api serves again within seconds and every fleet is delivered once and comes home once', async () => {
    const tokens = createTokenService(SECRET, 3600);
    const bearer = await Promise.all(homes.map((h, i) => tokens.issue({ id: h.owner_id, username: `disp${i + 1}` })));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATABASE_URL: url, JWT_SECRET: SECRET, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'fatal', DB_POOL_MAX: '4', UNIVERSE_OVERRIDES: UNIVERSE };
    services.push(startService('api', 'apps/api/src/main.ts', env, 'inherit'));
    services.push(startWorkerProcess(url, 'sim-worker', { UNIVERSE_OVERRIDES: UNIVERSE }));
    await until('the api to be healthy', async () => (await fetch(`${base}/healthz`)).status === 200, 60_000);
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    pool.on('error', () => undefined); // the restart cuts its idle connection
    const load = new AbortController();
    const slowestHealth = { ms: 0 };
    try {
      const dispatches = dispatchLoad(base, bearer, load.signal);
      await until('fleets in flight', () => dispatches.sent.length >= 20, 60_000);
      // /healthz answers all along (a 503 while the server is away), never hangs.
      const probing = (async () => {
        while (!load.signal.aborted) {
          const startedAt = Date.now();
          await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(10_000) }).then((r) => r.arrayBuffer());
          slowestHealth.ms = Math.max(slowestHealth.ms, Date.now() - startedAt);
          await new Promise((r) => setTimeout(r, 200));
        }
      })();
      await server.restart();
      const restartedAt = Date.now();
      const sentBefore = dispatches.sent.length;
      await until('a dispatch to succeed again', () => dispatches.sent.length > sentBefore, 15_000);
      const servingAfter = (Date.now() - restartedAt) / 1000;
      await dispatches.done; // each player has sent ten fleets (or run out of haulers)
      load.abort();
      await probing;
      console.log(`PostgreSQL restarted under dispatches: serving again ${servingAfter.toFixed(1)} s after; answers ${JSON.stringify(Object.fromEntries(dispatches.statuses))}; slowest /healthz ${slowestHealth.ms} ms`);
      expect(servingAfter).toBeLessThan(15);

      await until('every fleet home', async () => (await pool.query('select count(*)::int as n from movements')).rows[0].n === 0, 120_000);
      const { rows: notes } = await pool.query<{ id: string; launched: number; delivered: number; returned: number }>(
        `select related_object_id as id, count(*) filter (where message_type = 'FLEET_LAUNCHED')::int as launched,
                count(*) filter (where message_type = 'TRANSPORT_COMPLETED')::int as delivered,
                count(*) filter (where message_type = 'FLEET_RETURNED_TO_ORIGIN')::int as returned
         from notifications group by related_object_id`,
      );
      const fleets = new Map(notes.map((n) => [n.id, n]));
      for (const id of dispatches.sent) expect(fleets.has(id), `fleet ${id} answered 201`).toBe(true);
      expect(notes.filter((n) => n.launched !== 1 || n.delivered !== 1 || n.returned !== 1)).toEqual([]);
      const { rows: docks } = await pool.query<{ haulers: number }>(`select (units->>'hauler_grub')::int as haulers from territories where region = 950`);
      expect(docks.map((d) => d.haulers)).toEqual(homes.map(() => HAULERS));
    } finally {
      load.abort();
      await pool.end();
    }
  }, 400_000);
});

/**
 * Map read latency with a crowded galaxy: 200,000 territories (120,125 packed into the five central
 * regions, as new players fill the densest region that still has room, the rest scattered over the
 * whole grid), 100,000 players, 2,000 wreckage fields. Each /api/v1 map call is timed through the
 * whole HTTP stack (auth, procedure, SQL, JSON) from request to last byte, over a keep-alive HTTP
 * connection on loopback. Goal (issue #6): every call under 50 ms at p95, the territories of a full
 * region (24,025 rows, 3.4 MB) included, since regions fill completely in play.
 *
 * `--inject` times with app.inject instead (no socket), as this bench did before. It copies each answer
 * twice and decodes it into a string in this process, which for the 3.4 MB answer is some 5 ms and
 * 10 MB of garbage per call, counted as if the server spent it: on a busy machine that alone can push
 * the full region's p95 past the goal, so the socket is the measure.
 *
 * A region's territories are kept by each api process per change stamp (docs/decisions.md 5), so the full
 * region is measured three ways: read again and again (the kept answer), read right after a change
 * to one of its territories (one sub-region rebuilt), and the first read by a fresh process (every
 * sub-region written by PostgreSQL; once per process and region, reported without a goal).
 *
 *   npx tsx tests/bench/map.ts [--inject]   (exits 1 when a goal is missed)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { GRID } from '@brood/world';
import { createTestApi, type TestApi } from '@brood/api/testing';
import { seedCrowdedGalaxy } from './map-seed';

const GOAL_MS = 50;
const RUNS = 60;
const WARMUP = 5;
const INJECT = process.argv.includes('--inject');

interface Answer {
  status: number;
  bytes: number;
  head: string;
}

/** GET `url` from `api` with `headers`: the status, the size of the body and its first bytes. */
type Get = (api: TestApi, url: string, headers: Record<string, string>) => Promise<Answer>;

const injectGet: Get = async (api, url, headers) => {
  const res = await api.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, bytes: res.rawPayload.length, head: res.body.slice(0, 200) };
};

/** Over a real socket: the api listens on a free loopback port; one keep-alive connection per api. */
const agents = new Map<TestApi, { port: number; agent: http.Agent }>();
const socketGet: Get = async (api, url, headers) => {
  let target = agents.get(api);
  if (!target) {
    await api.app.listen({ host: '127.0.0.1', port: 0 });
    target = { port: (api.app.server.address() as AddressInfo).port, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) };
    agents.set(api, target);
  }
  const { port, agent } = target;
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers, agent }, (res) => {
        let bytes = 0;
        let head = '';
        res.on('data', (chunk: Buffer) => {
          if (head.length < 200) head += chunk.subarray(0, 200).toString('utf8');
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, head }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
}

interface Call {
  label: string;
  url: string;
  /** Held to the goal; false only for the one-off first read of a fresh process. */
  goal: boolean;
  /** Runs before each timed request (not timed): a write that the next answer must show, or a fresh process. */
  before?: (i: number) => Promise<void>;
  /** The api that answers (it may be replaced by `before`). */
  api?: () => TestApi;
  runs?: number;
}

async function main(): Promise<void> {
  const api = await createTestApi();
  const sql = new pg.Client({ connectionString: api.url });
  await sql.connect();
  let fresh: TestApi | null = null;
  try {
    console.log(await seedCrowdedGalaxy(api.url));
    // Player 7 owns territories in the packed centre (ownership cycles), so its own presence is found too.
    const headers = { authorization: `Bearer ${await api.deps.tokens.issue({ id: 7, username: 'player7' })}` };
    const sparse = 77;
    const trpc = (path: string, input: unknown) => `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    const full = '/api/v1/map/region/481/territories';
    const calls: Call[] = [
      { label: 'GET /map/regions-overview', url: '/api/v1/map/regions-overview', goal: true },
      { label: 'GET /map/region/481/subregions-overview (packed)', url: '/api/v1/map/region/481/subregions-overview', goal: true },
      { label: `GET /map/region/${sparse}/subregions-overview`, url: `/api/v1/map/region/${sparse}/subregions-overview`, goal: true },
      { label: `GET /map/region/${sparse}/territories`, url: `/api/v1/map/region/${sparse}/territories`, goal: true },
      { label: 'tRPC map.regionTerritories 481 sub-region 300', url: trpc('map.regionTerritories', { regionId: 481, subRegion: 300 }), goal: true },
      { label: 'GET /wreckage-fields/all', url: '/api/v1/wreckage-fields/all', goal: true },
      { label: 'GET /map/region/481/territories (full, 24,025)', url: full, goal: true },
      {
        label: '  the same, each right after a territory renamed',
        url: full,
        goal: true,
        before: async (i) => {
          await sql.query(`update territories set name = 'Renamed ' || $1::int where region = 481 and sub_region = $2 and position = 1`, [i, 1 + ((i * 37) % GRID.sub_regions)]);
        },
      },
      {
        label: '  the same, each right after its owner renamed',
        url: full,
        goal: true,
        before: async (i) => {
          await sql.query(`update users set username = 'renamed_' || $1::int || '_' || id where id = (select owner_id from territories where region = 481 and sub_region = $2 and position = 2)`, [i, 1 + ((i * 53) % GRID.sub_regions)]);
        },
      },
      {
        label: '  the same, first read by a fresh api process',
        url: full,
        goal: false,
        runs: 10,
        before: async () => {
          if (fresh) {
            agents.get(fresh)?.agent.destroy();
            await fresh.close();
          }
          fresh = await createTestApi({}, { sameDatabaseAs: api });
        },
        api: () => fresh!,
      },
    ];
    let missed = 0;
    const get = INJECT ? injectGet : socketGet;
    console.log(`\ntimed with ${INJECT ? 'app.inject (no socket)' : 'a keep-alive HTTP connection on loopback'}`);
    console.log(`${'call'.padEnd(50)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'bytes'.padStart(9)}  goal: p95 < ${GOAL_MS} ms`);
    for (const call of calls) {
      const runs = call.runs ?? RUNS;
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < runs + WARMUP; i += 1) {
        await call.before?.(i);
        const target = call.api?.() ?? api;
        const t0 = performance.now();
        const res = await get(target, call.url, headers);
        const ms = performance.now() - t0;
        if (res.status !== 200) throw new Error(`${call.label}: HTTP ${res.status} ${res.head}`);
        bytes = res.bytes;
        if (i >= WARMUP) times.push(ms); // the first runs warm the JIT and the database's caches
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      const ok = p95 < GOAL_MS;
      if (!ok && call.goal) missed += 1;
      const verdict = !call.goal ? `no goal (once per process and region)` : ok ? 'met' : 'MISSED';
      console.log(
        `${call.label.padEnd(50)} ${percentile(times, 50).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${(times.at(-1) ?? 0).toFixed(1).padStart(8)} ${String(bytes).padStart(9)}  ${verdict}`,
      );
    }
    console.log(missed === 0 ? `\nevery call meets the goal (p95 < ${GOAL_MS} ms)` : `\n${missed} call(s) miss the goal (p95 < ${GOAL_MS} ms)`);
    if (missed > 0) process.exitCode = 1;
  } finally {
    for (const { agent } of agents.values()) agent.destroy();
    await (fresh as TestApi | null)?.close();
    await sql.end();
    await api.close();
  }
}

await main();
process.exit(process.exitCode ?? 0);

/**
 * Map read latency with a crowded galaxy: 200,000 territories (120,125 packed into the five central
 * regions, as new players fill outward from the centre, the rest scattered over the whole grid),
 * 100,000 players, 2,000 wreckage fields. Each /api/v1 map call is timed through the whole HTTP stack
 * (auth, procedure, SQL, JSON) with app.inject. Goal: every call under 50 ms at p95.
 *
 *   npx tsx tests/bench/map.ts            (exits 1 when a goal is missed)
 */
import pg from 'pg';
import { createTestApi } from '@brood/api/testing';

const GOAL_MS = 50;
const RUNS = 60;
const CENTRE_REGIONS = [481, 480, 482, 450, 512];

async function seed(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`insert into users (username, email, password_hash)
      select 'player' || g, 'player' || g || '@bench.test', 'x' from generate_series(1, 100000) g`);
    // Packed centre: every position of five regions, owners cycling through the players.
    await client.query(
      `insert into territories (owner_id, name, region, sub_region, position)
       select 1 + (row_number() over () % 100000), 'Hive ' || row_number() over (), r, s, p
         from unnest($1::int[]) r, generate_series(1, 961) s, generate_series(1, 25) p`,
      [CENTRE_REGIONS],
    );
    // Scattered: random positions anywhere (the rare collision is skipped).
    await client.query(`insert into territories (owner_id, name, region, sub_region, position)
      select 1 + floor(random() * 100000)::int, 'Outpost ' || g, 1 + floor(random() * 961)::int,
             1 + floor(random() * 961)::int, 1 + floor(random() * 25)::int
        from generate_series(1, 85000) g
      on conflict do nothing`);
    await client.query(`insert into wreckage_fields (region, sub_region, position, resources, expires_at)
      select 1 + floor(random() * 961)::int, 1 + floor(random() * 961)::int, 1 + floor(random() * 25)::int,
             jsonb_build_object('fiber', g * 10, 'chitin', g), now() + interval '72 hours'
        from generate_series(1, 2000) g
      on conflict do nothing`);
    await client.query('analyze');
    const { rows } = await client.query<{ n: string }>('select count(*) as n from territories');
    console.log(`seeded ${rows[0]?.n} territories, 100000 players, wreckage fields`);
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
}

async function main(): Promise<void> {
  const api = await createTestApi();
  const app = api.app;
  try {
    const started = performance.now();
    await seed(api.url);
    console.log(`seed took ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // Player 7 owns territories in the packed centre (ownership cycles), so its own presence is found too.
    const headers = { authorization: `Bearer ${await api.deps.tokens.issue({ id: 7, username: 'player7' })}` };
    const sparse = 77;
    const trpc = (path: string, input: unknown) => `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    const calls: [string, string][] = [
      ['GET /map/regions-overview', '/api/v1/map/regions-overview'],
      ['GET /map/region/481/subregions-overview (packed)', '/api/v1/map/region/481/subregions-overview'],
      [`GET /map/region/${sparse}/subregions-overview`, `/api/v1/map/region/${sparse}/subregions-overview`],
      [`GET /map/region/${sparse}/territories`, `/api/v1/map/region/${sparse}/territories`],
      ['GET /map/region/481/territories (24,025 rows)', '/api/v1/map/region/481/territories'],
      ['tRPC map.regionTerritories 481 sub-region 300', trpc('map.regionTerritories', { regionId: 481, subRegion: 300 })],
      ['GET /wreckage-fields/all', '/api/v1/wreckage-fields/all'],
    ];
    let missed = 0;
    console.log(`\n${'call'.padEnd(50)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'bytes'.padStart(9)}  goal`);
    for (const [label, url] of calls) {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < RUNS + 5; i += 1) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${label}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
        bytes = res.rawPayload.length;
        if (i >= 5) times.push(ms); // the first runs warm the caches and the JIT
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      const ok = p95 < GOAL_MS;
      if (!ok) missed += 1;
      console.log(
        `${label.padEnd(50)} ${percentile(times, 50).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${(times.at(-1) ?? 0).toFixed(1).padStart(8)} ${String(bytes).padStart(9)}  ${ok ? 'ok' : `MISSED (< ${GOAL_MS} ms)`}`,
      );
    }
    if (missed > 0) process.exitCode = 1;
  } finally {
    await api.close();
  }
}

await main();
process.exit(process.exitCode ?? 0);

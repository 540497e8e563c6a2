import pg from 'pg';
import { GRID } from '@brood/world';

/** Five central regions packed full (new players fill outward from the centre). */
export const CENTRE_REGIONS = [481, 480, 482, 450, 512];

/**
 * A crowded galaxy for the map benches, written with generate_series (seconds, not minutes):
 * 100,000 players; every position of the five central regions taken (120,125 territories);
 * 85,000 more scattered over the whole grid; 2,000 wreckage fields.
 */
export async function seedCrowdedGalaxy(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    await client.query(`insert into users (username, email, password_hash)
      select 'player' || g, 'player' || g || '@bench.test', 'x' from generate_series(1, 100000) g`);
    await client.query(
      `insert into territories (owner_id, name, region, sub_region, position)
       select 1 + (row_number() over () % 100000), 'Hive ' || row_number() over (), r, s, p
         from unnest($1::int[]) r, generate_series(1, $2::int) s, generate_series(1, $3::int) p`,
      [CENTRE_REGIONS, GRID.sub_regions, GRID.positions],
    );
    // Scattered: random positions anywhere (the rare collision is skipped).
    const grid = [GRID.regions, GRID.sub_regions, GRID.positions];
    await client.query(`insert into territories (owner_id, name, region, sub_region, position)
      select 1 + floor(random() * 100000)::int, 'Outpost ' || g, 1 + floor(random() * $1::int)::int,
             1 + floor(random() * $2::int)::int, 1 + floor(random() * $3::int)::int
        from generate_series(1, 85000) g
      on conflict do nothing`, grid);
    await client.query(`insert into wreckage_fields (region, sub_region, position, resources, expires_at)
      select 1 + floor(random() * $1::int)::int, 1 + floor(random() * $2::int)::int, 1 + floor(random() * $3::int)::int,
             jsonb_build_object('fiber', g * 10, 'chitin', g), now() + interval '72 hours'
        from generate_series(1, 2000) g
      on conflict do nothing`, grid);
    await client.query('analyze');
    const { rows } = await client.query<{ n: string }>('select count(*) as n from territories');
    return `seeded ${rows[0]?.n} territories, 100,000 players, 2,000 wreckage fields in ${((performance.now() - started) / 1000).toFixed(1)} s`;
  } finally {
    await client.end();
  }
}

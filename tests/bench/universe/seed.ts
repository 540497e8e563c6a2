import type pg from 'pg';
import { createTokenService } from '@brood/api';
import { scoreBreakdown } from '@brood/game-core';
import type { Catalogue } from '@brood/game-data';
import { PER_SUB_REGION, TOP_REGION } from './model';

/**
 * The registered players of a universe run, written straight into the database in a few
 * statements (50,000 in seconds): a user, one territory at the model's place (model.ts placeOf,
 * computed here in SQL), stock, structures, units and defenses enough for every command of the
 * model, the technologies the units and stationing need (completed research items), two
 * alliances per sub-region, and the wreckage fields three days of battles leave. Usernames are `uni<i>` (i the model's 0-based player number).
 */

/** What each seeded territory holds: enough for a run's builds, recruitment and fleets. */
export const SEED = {
  resources: { fiber: 9000, crystal: 9000, biomass: 2400, chitin: 800 },
  structures: {
    fiber_tangle: 5, crystal_geode: 5, biomass_vat: 3, chitin_moulter: 1, builder_hive: 2, brood_hatchery: 4,
    cortex_nest: 1, carapace_works: 1, swarm_synapse: 3, kin_beacon: 2,
  },
  units: { razorwing: 40, hauler_grub: 6, whisper_mite: 6, carrion_beetle: 2 },
  defenses: { thorn_pit: 5 },
  technologies: ['echo_sensing', 'pheromone_signalling', 'kinship_bonds'],
} as const;

/**
 * Player k's army and defenses: the seed's, with 40 to 76 razorwings, 6 to 34 whisper mites and 5 to
 * 11 thorn pits (7,511 mixes), so that scores, which the worker recomputes from what a player owns,
 * differ as a real universe's do instead of tying 50,000 ways, while every player stays within a
 * factor of two of every other (no newcomer protection between them).
 */
export function seededArmy(k: number): { units: Record<string, number>; defenses: Record<string, number> } {
  return {
    units: { ...SEED.units, razorwing: 40 + (k % 37), whisper_mite: 6 + (Math.floor(k / 37) % 29) },
    defenses: { ...SEED.defenses, thorn_pit: 5 + (Math.floor(k / 1073) % 7) },
  };
}

export interface SeededPlayer {
  index: number;
  id: number;
  username: string;
  territory: number;
}

export interface Universe {
  /** Every registered player, by model index. */
  players: SeededPlayer[];
  /** Alliance ids by the model's alliance number. */
  alliances: Map<number, number>;
}

/** Seeds `count` players (indexes 0..count-1). Fails when the database already holds bench players. */
export async function seedUniverse(sql: pg.Pool, count: number, catalogue: Catalogue): Promise<Universe> {
  const taken = await sql.query(`select 1 from users where lower(username) = 'uni0'`);
  if (taken.rowCount) throw new Error('This database already holds the bench players (uni0, uni1, ...): run the universe bench against a fresh stack.');
  const client = await sql.connect();
  try {
    await client.query('begin');
    const users = await client.query<{ id: number; k: number }>(
      `insert into users (username, email, password_hash)
       select 'uni' || g, 'uni' || g || '@bench.test', 'x' from generate_series(0, $1::int - 1) g
       returning id, substr(username, 4)::int as k`,
      [count],
    );
    const idOf = new Int32Array(count);
    for (const u of users.rows) idOf[u.k] = u.id;
    const armies = Array.from({ length: count }, (_, k) => seededArmy(k));
    const territories = await client.query<{ id: number; owner_id: number }>(
      `insert into territories (owner_id, name, region, sub_region, position, resources, structures, units, defenses)
       select u, 'Hive ' || k, $2::int - (k / $3::int) / 961, 1 + (k / $3::int) % 961, 1 + k % $3::int, $4::jsonb, $5::jsonb, units::jsonb, defenses::jsonb
       from unnest($1::int[], $6::text[], $7::text[]) with ordinality as x(u, units, defenses, k1), lateral (select (k1 - 1)::int as k) kk
       returning id, owner_id`,
      [Array.from(idOf), TOP_REGION, PER_SUB_REGION, JSON.stringify(SEED.resources), JSON.stringify(SEED.structures),
        armies.map((a) => JSON.stringify(a.units)), armies.map((a) => JSON.stringify(a.defenses))],
    );
    const indexOf = new Map(users.rows.map((u) => [u.id, u.k]));
    const territoryOf = new Int32Array(count);
    for (const t of territories.rows) territoryOf[indexOf.get(t.owner_id)!] = t.id;
    // The scores of what each owns, as the worker computes them (it recomputes them on every completion and every 10 minutes).
    const scores = armies.map((a) => scoreBreakdown(catalogue, {
      territories: [SEED.structures], technologies: Object.fromEntries(SEED.technologies.map((t) => [t, 1])), units: a.units, defenses: a.defenses,
    }));
    const column = (key: keyof (typeof scores)[number]) => scores.map((score) => score[key]);
    await client.query(
      `update player_scores s set building_score = x.b, research_score = x.r, unit_score = x.un, defense_score = x.d, total_score = x.t
       from unnest($1::int[], $2::float8[], $3::float8[], $4::float8[], $5::float8[], $6::float8[]) as x(u, b, r, un, d, t) where s.user_id = x.u`,
      [Array.from(idOf), column('building_score'), column('research_score'), column('unit_score'), column('defense_score'), column('total_score')],
    );
    // The rank histogram as the worker's minute job leaves it (compactScoreRanks): the seed wrote one log row a player
    // and category (250,000 for 50,000 players). Folded into a new file: deleted, they would leave the table's file
    // at 13 MB for a few hundred rows, read whole by every rank (a universe's compaction deletes a minute's log at a time).
    await client.query(`create temporary table folded_ranks on commit drop as
      select category, bucket, sum(players)::int as players from player_score_ranks group by category, bucket having sum(players) <> 0`);
    await client.query('truncate player_score_ranks');
    await client.query('insert into player_score_ranks (category, bucket, players) select category, bucket, players from folded_ranks');
    await client.query(
      `insert into queue_items (id, kind, user_id, item_key, target_level, paid, start_time, end_time, completed_at, created_at)
       select gen_random_uuid(), 'research', u, tech, 1, '{}'::jsonb, now() - interval '2 hours', now() - interval '1 hour', now() - interval '1 hour', now() - interval '2 hours'
       from unnest($1::int[]) u cross join unnest($2::text[]) tech`,
      [Array.from(idOf), SEED.technologies],
    );
    // Two alliances per sub-region (model.ts allianceOf): number n holds players 25 (n / 2) + 12 (n % 2) .. + 11.
    const groups = Math.ceil(count / PER_SUB_REGION);
    const alliances = await client.query<{ id: number; n: number }>(
      `insert into alliances (name, tag, description)
       select 'Swarm ' || n, 'u' || to_hex(n), 'A bench alliance' from generate_series(0, $1::int - 1) n
       returning id, substr(name, 7)::int as n`,
      [groups * 2],
    );
    const allianceIds = new Map(alliances.rows.map((a) => [a.n, a.id]));
    const members: { user: number; alliance: number; rank: string }[] = [];
    for (let k = 0; k < count; k += 1) {
      const p = k % PER_SUB_REGION;
      if (p >= 24) continue;
      const n = Math.floor(k / PER_SUB_REGION) * 2 + (p < 12 ? 0 : 1);
      members.push({ user: idOf[k]!, alliance: allianceIds.get(n)!, rank: p === 0 || p === 12 ? 'LEADER' : 'MEMBER' });
    }
    await client.query(
      `insert into alliance_members (user_id, alliance_id, rank) select * from unnest($1::int[], $2::int[], $3::text[])`,
      [members.map((m) => m.user), members.map((m) => m.alliance), members.map((m) => m.rank)],
    );
    // An alliance whose sub-region is not full has no leader when its first player is missing: drop the empty ones.
    await client.query(`delete from alliances a where not exists (select 1 from alliance_members m where m.alliance_id = a.id) and a.tag like 'u%'`);
    // The wreckage of a universe that has run three days. A field lives 72 hours, one a position, and the model's attacks
    // (model.ts RATES: 0.08 a minute per online player, on the other alliance's neighbours) come to 1 million in three days
    // at 3,000 online, against 50,000 positions: nearly every position with a territory has held a battle. Half of them
    // hold a field here (salvage takes some), expiring evenly over the next 72 hours. Every map and fleet screen asks for
    // the galaxy's count of them by region.
    await client.query(
      `insert into wreckage_fields (region, sub_region, position, resources, created_at, expires_at)
       select region, sub_region, position, '{"fiber": 600, "chitin": 150}'::jsonb, now() - (id % 4320) * interval '1 minute', now() + (4320 - id % 4320) * interval '1 minute'
       from territories where owner_id is not null and id % 2 = 0
       on conflict do nothing`,
    );
    await client.query('commit');
    // As autovacuum leaves tables in a universe that has run a while: statistics, and the visibility map (index-only scans).
    await client.query('vacuum (analyze)');
    const players = Array.from({ length: count }, (_, index) => ({ index, id: idOf[index]!, username: `uni${index}`, territory: territoryOf[index]! }));
    return { players, alliances: allianceIds };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Signed bearer tokens for the players who come online (the api's own token format, with the stack's secret). */
export async function tokensFor(secret: string, players: readonly SeededPlayer[]): Promise<Map<number, string>> {
  const tokens = createTokenService(secret, 24 * 3600);
  const out = new Map<number, string>();
  for (const p of players) out.set(p.index, await tokens.issue({ id: p.id, username: p.username }));
  return out;
}

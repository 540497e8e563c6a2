import type pg from 'pg';
import { createTokenService } from '@brood/api';
import { scoreBreakdown } from '@brood/game-core';
import type { Catalogue } from '@brood/game-data';
import { PER_SUB_REGION, TOP_REGION } from './model';

/**
 * The registered players of a universe run, written straight into the database in a few
 * statements (50,000 in seconds): a user, one territory at the model's place (model.ts placeOf,
 * computed here in SQL), stock, structures, units and defenses enough for every command of the
 * model, the technologies the units and stationing need (completed research items), and two
 * alliances per sub-region. Usernames are `uni<i>` (i the model's 0-based player number).
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
    const territories = await client.query<{ id: number; owner_id: number }>(
      `insert into territories (owner_id, name, region, sub_region, position, resources, structures, units, defenses)
       select u, 'Hive ' || k, $2::int - (k / $3::int) / 961, 1 + (k / $3::int) % 961, 1 + k % $3::int, $4::jsonb, $5::jsonb, $6::jsonb, $7::jsonb
       from unnest($1::int[]) with ordinality as x(u, k1), lateral (select (k1 - 1)::int as k) kk
       returning id, owner_id`,
      [Array.from(idOf), TOP_REGION, PER_SUB_REGION, JSON.stringify(SEED.resources), JSON.stringify(SEED.structures), JSON.stringify(SEED.units), JSON.stringify(SEED.defenses)],
    );
    const indexOf = new Map(users.rows.map((u) => [u.id, u.k]));
    const territoryOf = new Int32Array(count);
    for (const t of territories.rows) territoryOf[indexOf.get(t.owner_id)!] = t.id;
    // The scores of what each owns (the worker recomputes them on every completion), spread from half to one and a
    // half times so the highscores are not one 50,000-way tie; neighbours stay within a fifth of each other (no newcomer protection).
    const score = scoreBreakdown(catalogue, {
      territories: [SEED.structures], technologies: Object.fromEntries(SEED.technologies.map((t) => [t, 1])), units: SEED.units, defenses: SEED.defenses,
    });
    await client.query(
      `update player_scores s set building_score = $2 * f, research_score = $3 * f, unit_score = $4 * f, defense_score = $5 * f, total_score = $6 * f
       from (select u, 0.5 + ((u::bigint * 7919) % 1000) / 1000.0 as f from unnest($1::int[]) u) x where s.user_id = x.u`,
      [Array.from(idOf), score.building_score, score.research_score, score.unit_score, score.defense_score, score.total_score],
    );
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
    await client.query('commit');
    await client.query('analyze');
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

import pg from 'pg';
import type { Catalogue } from '@brood/game-data';
import { createBoss, createOrm, JOBS, recomputeAllScores, type ScoreDisagreement } from '@brood/world';

/**
 * A stream of due events for the fault suite, all overdue so that any worker drains it the same way
 * whenever it runs: queue completions (a chain of building upgrades and unit batches per territory),
 * fleet arrivals (transports to the next territory and fleets coming home, alternating) and arrivals
 * with battles (an attack on a defended neighbour: the battle stored, reports, plunder, wreckage,
 * scores, the fleet's way home), with their pg-boss jobs. Written with generate_series into one database, which is then copied
 * (`copyDatabase`) so an uninterrupted run and a faulted run start from the very same rows and ids.
 *
 * Arrangement that keeps the end state independent of the order in which batches happen to run
 * (a killed worker's batch is retried after later ones): completions and arrivals use separate
 * territories; arrival i flies from territory i to territory i + 1 (no wrap-around), so the only
 * later event that touches a territory settles it without changing it, and units only come home by
 * the latest event of their territory. Deliveries of resources stay far below storage. Each battle
 * has a pair of territories of its own (the attacker's home, the target), so it is the only event there.
 */

export interface DueStream {
  completions: number;
  arrivals: number;
  /** Attacks arriving at a defended territory (none when absent). */
  battles?: number;
}

/** How many events the stream holds (what eventsLeft counts before any is applied). */
export const streamEvents = (stream: DueStream): number => stream.completions + stream.arrivals + (stream.battles ?? 0);

export interface SeededStream {
  /** Owners of the territories whose queues complete (one territory each), for sockets and lists. */
  completionOwners: number[];
}

const PER_TERRITORY = 5;
const HOUR_MS = 3_600_000;

export async function seedDueStream(url: string, catalogue: Catalogue, stream: DueStream): Promise<SeededStream> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const start = new Date(Date.now() - 2 * HOUR_MS);
  const completionTerritories = Math.ceil(stream.completions / PER_TERRITORY);
  const arrivalTerritories = stream.arrivals + 1;
  const battles = stream.battles ?? 0;
  try {
    const { rows: users } = await client.query<{ id: number }>(
      `insert into users (username, email, password_hash, created_at)
       select 'due' || g, 'due' || g || '@faults.test', 'x', $2 from generate_series(1, $1::int) g returning id`,
      [completionTerritories + arrivalTerritories + 2 * battles, start],
    );
    // One territory each, in region 960 (25 positions a sub-region), in user order: completions first.
    await client.query(
      `insert into territories (owner_id, name, region, sub_region, position, resources, structures, resources_updated_at, created_at)
       select u.id, 'Due ' || k, 960, 1 + (k - 1) / 25, 1 + (k - 1) % 25, $2::jsonb, $3::jsonb, $4, $4
       from unnest($1::int[]) with ordinality as u(id, k)`,
      [users.map((u) => u.id), JSON.stringify(catalogue.universe.starting_stock), JSON.stringify(catalogue.universe.starting_structures), start],
    );
    const unit = Object.keys(catalogue.units).find((k) => catalogue.units[k]!.recruitable)!;
    const firstArrivalUser = users[completionTerritories]!.id;
    // Per completion territory: fiber tangle levels 1..3 and two unit batches, ended 30 to 29 minutes ago.
    await client.query(
      `insert into queue_items (id, kind, user_id, territory_id, item_key, target_level, quantity, duration_per_item_s, paid, start_time, end_time, created_at)
       select gen_random_uuid(), case when k % 2 = 0 then 'building' else 'recruitment' end, t.owner_id, t.id,
              case when k % 2 = 0 then 'fiber_tangle' else $1 end,
              case when k % 2 = 0 then k / 2 + 1 end, case when k % 2 = 1 then 3 end, case when k % 2 = 1 then 1 end,
              '{}'::jsonb, now() - interval '30 minutes' + k * interval '10 seconds',
              now() - interval '30 minutes' + k * interval '10 seconds' + interval '3 seconds', $4
       from territories t cross join generate_series(0, $2::int - 1) k
       where t.owner_id < $3 and t.region = 960
       order by t.id, k limit $5`,
      [unit, PER_TERRITORY, firstArrivalUser, start, stream.completions],
    );
    // Arrival i: from the i-th arrival territory to the next; even ones transport there, odd ones come home.
    await client.query(
      `with terr as (select row_number() over (order by id) - 1 as k, id, owner_id, region, sub_region, position
                     from territories where owner_id >= $1 and region = 960)
       insert into movements (id, user_id, mission, original_mission, start_territory_id, start_region, start_sub_region, start_position,
                              target_region, target_sub_region, target_position, target_owner_id, units, resources, one_way_seconds, start_time, arrival_time)
       select gen_random_uuid(), s.owner_id,
              case when i % 2 = 0 then 'TRANSPORT' else 'RETURN' end, case when i % 2 = 0 then null else 'TRANSPORT' end,
              s.id, s.region, s.sub_region, s.position, t.region, t.sub_region, t.position, t.owner_id,
              jsonb_build_object($2::text, 2), case when i % 2 = 0 then '{"fiber": 25}'::jsonb else '{"crystal": 10}'::jsonb end,
              3600, now() - interval '40 minutes', now() - interval '25 minutes' + i * interval '100 milliseconds'
       from generate_series(0, $3::int - 1) i join terr s on s.k = i join terr t on t.k = i + 1`,
      [firstArrivalUser, catalogue.units.hauler_grub ? 'hauler_grub' : unit, stream.arrivals],
    );
    if (battles > 0) await seedBattles(client, catalogue, users[completionTerritories + arrivalTerritories]!.id, battles);
    await scoreRepairs(url, catalogue); // the scores of what the seeded players own
    await insertJobs(client, url);
    await client.query('analyze');
    return { completionOwners: users.slice(0, completionTerritories).map((u) => u.id) };
  } finally {
    await client.end();
  }
}

/**
 * What the periodic score recompute (every 10 minutes) repairs in the world at `url`; repairs it, as
 * the job does. Right after seeding that is every player, since rows written here get the zero score
 * a new user's trigger gives, not the score of what they own: scored then, the recompute repairs
 * nothing in either run of a fault test, whose digests would otherwise differ by whether one run
 * happened to cross the recompute's minute. After a drain it is nothing when every score the events
 * refreshed agrees with what its player owns.
 */
export async function scoreRepairs(url: string, catalogue: Catalogue): Promise<ScoreDisagreement[]> {
  const orm = await createOrm(url, { poolMax: 1 });
  try {
    return (await recomputeAllScores(orm.em, catalogue, new Date())).repaired;
  } finally {
    await orm.close();
  }
}

/**
 * Battle j: the territory of pair j's first user attacks the second's with 30 of the first combat unit
 * against 10 stationed there, arriving between the transports (25 minutes ago plus j * 100 ms + 50 ms).
 */
async function seedBattles(client: pg.Client, catalogue: Catalogue, firstUser: number, battles: number): Promise<void> {
  const unit = Object.keys(catalogue.units).find((k) => catalogue.units[k]!.recruitable && catalogue.units[k]!.stats.attack > 0)!;
  const pairs = `with terr as (select row_number() over (order by id) - 1 as k, id, owner_id, region, sub_region, position
                               from territories where owner_id >= $1 and region = 960)`;
  await client.query(`${pairs} update territories x set units = jsonb_build_object($2::text, 10) from terr where terr.id = x.id and terr.k % 2 = 1`, [firstUser, unit]);
  await client.query(
    `${pairs}
     insert into movements (id, user_id, mission, start_territory_id, start_region, start_sub_region, start_position,
                            target_region, target_sub_region, target_position, target_owner_id, units, resources, one_way_seconds, start_time, arrival_time)
     select gen_random_uuid(), a.owner_id, 'ATTACK', a.id, a.region, a.sub_region, a.position, t.region, t.sub_region, t.position, t.owner_id,
            jsonb_build_object($2::text, 30), '{}'::jsonb, 3600, now() - interval '40 minutes',
            now() - interval '25 minutes' + j * interval '100 milliseconds' + interval '50 milliseconds'
     from generate_series(0, $3::int - 1) j join terr a on a.k = 2 * j join terr t on t.k = 2 * j + 1`,
    [firstUser, unit, battles],
  );
}

/** The jobs of every seeded item and leg, in due order, on queues that carry a job heartbeat (as the worker sets them). */
async function insertJobs(client: pg.Client, url: string): Promise<void> {
  const items = (await client.query<{ id: string }>('select id from queue_items where completed_at is null order by end_time, id')).rows;
  const legs = (await client.query<{ id: string; arrival_time: Date }>('select id, arrival_time from movements where leg = 0 order by arrival_time, id')).rows;
  const boss = createBoss(url, 'api', { poolMax: 2 });
  await boss.start();
  try {
    for (const queue of [JOBS.queueItemDue.name, JOBS.movementArrival.name]) {
      await boss.createQueue(queue);
      await boss.updateQueue(queue, { heartbeatSeconds: 10 });
    }
    for (let i = 0; i < items.length; i += 1000) {
      await boss.insert(JOBS.queueItemDue.name, items.slice(i, i + 1000).map((r) => ({ data: { id: r.id } })));
    }
    for (let i = 0; i < legs.length; i += 1000) {
      await boss.insert(JOBS.movementArrival.name, legs.slice(i, i + 1000).map((m) => ({ data: { id: m.id, leg: 0 }, startAfter: m.arrival_time })));
    }
  } finally {
    await boss.stop({ graceful: false });
  }
}

/** Events of the stream not applied yet: items not completed and legs still on their first leg. */
export async function eventsLeft(client: pg.Client | pg.Pool): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    'select (select count(*) from queue_items where completed_at is null) + (select count(*) from movements where leg = 0) as n',
  );
  return Number(rows[0]!.n);
}

/** Due jobs of the stream's queues not completed yet: waiting, being worked, or failed back for a retry. */
export async function jobsInHand(client: pg.Client | pg.Pool): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `select count(*) as n from pgboss.job where name = any($1) and state in ('created', 'retry', 'active') and start_after <= now()`,
    [[JOBS.queueItemDue.name, JOBS.movementArrival.name]],
  );
  return Number(rows[0]!.n);
}

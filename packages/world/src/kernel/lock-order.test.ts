import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgBoss } from 'pg-boss';
import { loadCatalogue } from '@brood/game-data';
import { createBoss } from '../db/boss';
import type { Territory } from '../entities/territory.entity';
import { GameError } from '../errors';
import { createTestDatabase, type TestDatabase } from '../testing';
import { createStartingTerritory } from '../commands/territories/found-territory';
import { arriveMovements } from '../commands/fleets/arrive-batch.command';
import { cancelStationing, recallMovement } from '../commands/fleets/recall-fleet.command';
import { lockArriving } from './locks';

/**
 * The lock order of an attack's arrival (kernel: movements in one id-ordered statement, then
 * territories in id order): the arriving movement is locked with every other member of its attack
 * group and the allied fleets stationed at its target, before any territory. So arrivals of one group
 * split over two batches, the initiator's recall and the host's stationing cancel, all at once, end
 * without a deadlock.
 */

const catalogue = loadCatalogue();
let db: TestDatabase;
let boss: PgBoss;
let users: number[] = [];
const homes: Territory[] = [];

beforeAll(async () => {
  db = await createTestDatabase({ poolMax: 20 });
  boss = createBoss(db.url, 'api');
  await boss.start();
  const em = db.orm.em.fork();
  users = (await em.execute<{ id: number }[]>(
    `insert into users (username, email, password_hash, is_test_account, avatar_id, created_at)
     select 'order' || g, 'order' || g || '@example.com', 'x', false, 1, now() from generate_series(1, 5) g returning id`,
  )).map((u) => u.id);
  for (const id of users) homes.push(await em.transactional((tem) => createStartingTerritory(tem, { id }, new Date(), catalogue)));
});
afterAll(async () => {
  await boss?.stop({ graceful: false });
  await db?.stop();
});

const [INITIATOR, PARTICIPANT, PARTICIPANT_2, HOST, ALLY] = [0, 1, 2, 3, 4];
const HOUR = 3_600_000;

interface Round {
  group: string[];
  ally: string;
  arrival: Date;
}

/** Three players attack the host (one group), whose ally is stationed there; arriving `arrival`. */
async function round(arrival: Date): Promise<Round> {
  const target = homes[HOST]!;
  const insert = (user: number, mission: string, arrivalTime: Date | null, leg: number) =>
    db.orm.em.fork().execute<{ id: string }[]>(
      `insert into movements (id, user_id, mission, start_territory_id, start_region, start_sub_region, start_position, target_territory_id, target_region, target_sub_region, target_position, target_owner_id, units, resources, fuel_paid, one_way_seconds, start_time, arrival_time, leg, created_at)
       values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{"razorwing": 20}'::jsonb, '{}'::jsonb, 0, 3600, ?, ?, ?, ?) returning id`,
      [users[user], mission, homes[user]!.id, homes[user]!.region, homes[user]!.subRegion, homes[user]!.position, target.id, target.region, target.subRegion, target.position, users[HOST],
        new Date(arrival.getTime() - HOUR), arrivalTime, leg, new Date(arrival.getTime() - HOUR)],
    );
  const [lead] = await insert(INITIATOR, 'MULTI_PARTY_ATTACK_INITIATOR', arrival, 0);
  const [p1] = await insert(PARTICIPANT, 'MULTI_PARTY_ATTACK_PARTICIPANT', arrival, 0);
  const [p2] = await insert(PARTICIPANT_2, 'MULTI_PARTY_ATTACK_PARTICIPANT', arrival, 0);
  const [ally] = await insert(ALLY, 'ALLIED_STATIONED', null, 1);
  const group = [lead!.id, p1!.id, p2!.id];
  await db.orm.em.fork().execute(`update movements set attack_group_id = ? where id in (?, ?, ?)`, [lead!.id, ...group]);
  return { group, ally: ally!.id, arrival };
}

/** Whether another connection can take the row's lock right now. */
async function lockable(table: 'movements' | 'territories', id: string | number): Promise<boolean> {
  const em = db.orm.em.fork();
  try {
    await em.transactional((tem) => tem.execute(`select id from ${table} where id = ? for update nowait`, [id]));
    return true;
  } catch (error) {
    if (/could not obtain lock/i.test(String(error))) return false;
    throw error;
  }
}

describe('an attack arrival\'s locks', () => {
  it('take the whole group and the stationed allies with the arriving movement, before any territory', async () => {
    const r = await round(new Date(Date.UTC(2031, 0, 1)));
    const [other] = await db.orm.em.fork().execute<{ id: string }[]>(
      `insert into movements (id, user_id, mission, start_territory_id, start_region, start_sub_region, start_position, target_region, target_sub_region, target_position, units, resources, one_way_seconds, start_time, arrival_time)
       select gen_random_uuid(), user_id, 'TRANSPORT', start_territory_id, start_region, start_sub_region, start_position, target_region, target_sub_region, target_position, units, resources, one_way_seconds, start_time, arrival_time
       from movements where id = ? returning id`,
      [r.group[0]],
    );
    const em = db.orm.em.fork();
    await em.begin();
    try {
      const locked = await lockArriving(em, [r.group[1]!]);
      expect(locked.map((m) => m.id)).toEqual([...r.group, r.ally].sort());
      for (const id of [...r.group, r.ally]) expect(await lockable('movements', id)).toBe(false);
      expect(await lockable('movements', other!.id)).toBe(true);
      expect(await lockable('territories', homes[HOST]!.id)).toBe(true);
    } finally {
      await em.rollback();
    }
  });

  it('let a group split over two arrival batches, the initiator\'s recall and the host\'s cancel run at once without a deadlock', async () => {
    const deps = () => ({ em: db.orm.em.fork(), catalogue, boss });
    for (let i = 0; i < 8; i += 1) {
      const r = await round(new Date(Date.UTC(2031, 1, 1 + i)));
      const before = new Date(r.arrival.getTime() - 60_000);
      const results = await Promise.allSettled([
        arriveMovements(deps(), [{ id: r.group[2]!, leg: 0 }], r.arrival),
        recallMovement(deps(), { id: users[INITIATOR]! }, { movement_id: r.group[0]! }, before),
        arriveMovements(deps(), [{ id: r.group[1]!, leg: 0 }], r.arrival),
        cancelStationing(deps(), { id: users[HOST]! }, { movement_id: r.ally }, before),
      ]);
      // Whoever comes second may find the fleet gone or turned (a 404 or 409 of its own); never a database error.
      const failures = results.filter((x): x is PromiseRejectedResult => x.status === 'rejected').map((x) => x.reason as unknown);
      expect(failures.filter((e) => !(e instanceof GameError))).toEqual([]);
    }
  });
});

describe('a colonizing arrival\'s locks', () => {
  it('take the owner\'s row before the movement\'s, inside the batch (lock order step 2, then 4)', async () => {
    const colonizer = Object.entries(catalogue.units).find(([, u]) => u.capabilities.includes('COLONIZE'))![0];
    const home = homes[INITIATOR]!;
    const [free] = await db.orm.em.fork().execute<{ position: number }[]>(
      'select p as position from generate_series(1, 25) p where not exists (select 1 from territories where region = ? and sub_region = ? and position = p) limit 1',
      [home.region, home.subRegion],
    );
    const arrival = new Date(Date.UTC(2031, 5, 1));
    const [colony] = await db.orm.em.fork().execute<{ id: string }[]>(
      `insert into movements (id, user_id, mission, start_territory_id, start_region, start_sub_region, start_position, target_region, target_sub_region, target_position, units, resources, fuel_paid, one_way_seconds, start_time, arrival_time, leg, created_at)
       values (gen_random_uuid(), ?, 'COLONIZE', ?, ?, ?, ?, ?, ?, ?, ?::jsonb, '{}'::jsonb, 0, 3600, ?, ?, 0, ?) returning id`,
      [users[INITIATOR], home.id, home.region, home.subRegion, home.position, home.region, home.subRegion, free!.position, JSON.stringify({ [colonizer]: 1 }),
        new Date(arrival.getTime() - HOUR), arrival, new Date(arrival.getTime() - HOUR)],
    );
    const holder = db.orm.em.fork();
    await holder.begin();
    let arriving: Promise<unknown> | null = null;
    try {
      await holder.execute('select id from users where id = ? for no key update', [users[INITIATOR]]);
      let settled = false;
      // A universe where a player may hold two territories: the colony is founded.
      const roomy = { ...catalogue, universe: { ...catalogue.universe, base_effects: { ...catalogue.universe.base_effects, max_territories: 2 } } };
      arriving = arriveMovements({ em: db.orm.em.fork(), catalogue: roomy, boss }, [{ id: colony!.id, leg: 0 }], arrival).finally(() => (settled = true));
      // Wait until the batch waits on the owner's row: by then it must not hold the movement.
      const probe = db.orm.em.fork();
      const waiting = async () => (await probe.execute<{ n: number }[]>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))[0]!.n;
      while (!settled && (await waiting()) === 0) await probe.execute('select pg_sleep(0.01)');
      expect(await lockable('movements', colony!.id)).toBe(true);
    } finally {
      await holder.rollback();
    }
    expect(await arriving).toEqual(new Map([[`${colony!.id}:0`, 'applied']]));
    const [founded] = await db.orm.em.fork().execute<{ owner_id: number }[]>('select owner_id from territories where region = ? and sub_region = ? and position = ?', [home.region, home.subRegion, free!.position]);
    expect(founded?.owner_id).toBe(users[INITIATOR]);
  });
});

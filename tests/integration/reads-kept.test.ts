import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createPlayer, createTestApi, type TestApi, type TestPlayer } from '@brood/api/testing';
import { attachRealtime, type Realtime } from '../../apps/api/src/realtime/hub';
import { readUntil } from './support/players';

/**
 * The queue, fleet-list and territory reads the web app polls are kept by the api between requests
 * while it hears their changes (queue_items, movements, territories and users NOTIFY them, migrations
 * 0240, 0250 and 0280; packages/world/src/kernel/kept-reads.ts): every change still reaches the next reads,
 * whoever makes it, and a queue item leaves the answer when its end passes. The triggers are
 * switched off in places only to show what is kept.
 */

let api: TestApi;
let realtime: Realtime;
let sql: pg.Client;
let alice: TestPlayer;
let bob: TestPlayer;
let home: number;

const get = (who: TestPlayer, url: string) => call(api, who, { method: 'GET', url: `/api/v1${url}` });
const post = (who: TestPlayer, url: string, payload: object) => call(api, who, { method: 'POST', url: `/api/v1${url}`, payload });
const del = (who: TestPlayer, url: string) => call(api, who, { method: 'DELETE', url: `/api/v1${url}` });
const ids = async (who: TestPlayer, url: string) => (await get(who, url)).json<{ id: string }[]>().map((item) => item.id);
const buildQueue = () => `/territories/${home}/build-queue`;

const heard: string[] = [];
let markers = 0;

/**
 * Waits until the api has heard every change committed so far: NOTIFYs arrive in commit order, so
 * once a marker sent now has come, the ones before it have. A read after this is kept.
 */
async function heardAll(): Promise<void> {
  const marker = `t-${(markers += 1)}`; // names no territory: it only marks its place
  await sql.query('select pg_notify($1, $2)', ['queue_changes', marker]);
  await readUntil(async () => heard.includes(marker), (done) => done);
  expect(heard).toContain(marker);
}

const TRIGGERS = {
  queue_items: ['queue_items_queued', 'queue_items_moved'],
  movements: ['movements_listed', 'movements_list_changed'],
  territories: ['territories_rows_changed'],
} as const;

const withoutTriggers = async (change: () => Promise<unknown>, table: keyof typeof TRIGGERS = 'queue_items') => {
  const all = (verb: string) => `alter table ${table} ${TRIGGERS[table].map((name) => `${verb} trigger ${name}`).join(', ')}`;
  await sql.query(all('disable'));
  try {
    await change();
  } finally {
    await sql.query(all('enable'));
  }
};

beforeAll(async () => {
  api = await createTestApi();
  realtime = await attachRealtime(api.app, api.deps);
  sql = new pg.Client({ connectionString: api.url });
  await sql.connect();
  alice = await createPlayer(api);
  bob = await createPlayer(api);
  home = (await get(alice, '/territories')).json<{ id: number }[]>()[0]!.id;
  const forget = api.deps.kept.forget.bind(api.deps.kept);
  vi.spyOn(api.deps.kept, 'forget').mockImplementation((payload) => {
    heard.push(payload);
    forget(payload);
  });
  await sql.query(`update territories set resources = '{"fiber": 90000, "crystal": 90000, "biomass": 90000}', resources_updated_at = now() where id = $1`, [home]);
});
afterAll(async () => {
  await sql?.end();
  await realtime?.close();
  await api?.close();
});

describe('the queues kept between reads', () => {
  it('are kept, and a change made elsewhere, a command of the player and an end passing all reach the next read', async () => {
    const first = (await post(alice, `/territories/${home}/structures`, { structure_key: 'fiber_tangle' })).json<{ id: string }>();
    const second = (await post(alice, `/territories/${home}/structures`, { structure_key: 'fiber_tangle' })).json<{ id: string }>();
    await heardAll();
    expect(await ids(alice, buildQueue())).toEqual([first.id, second.id]);
    expect(api.deps.kept.size).toBeGreaterThan(0);

    // Kept: with the triggers off, a removal is not heard and the reads answer what was kept.
    await withoutTriggers(() => sql.query('delete from queue_items where id = $1', [second.id]));
    expect(await ids(alice, buildQueue())).toEqual([first.id, second.id]);

    // Heard: an item moved in time straight in the table (the worker's, another api's, a vacation) reaches the next reads.
    await sql.query(`update queue_items set end_time = end_time + interval '1 hour' where id = $1`, [first.id]);
    expect(await readUntil(() => ids(alice, buildQueue()), (list) => list.length === 1)).toEqual([first.id]);

    // The player's own command: the read right after it already answers the change.
    expect((await del(alice, `/territories/${home}/build-queue/${first.id}`)).statusCode).toBe(200);
    expect(await ids(alice, buildQueue())).toEqual([]);

    // An end passing takes the item out of the kept answer, with nothing written.
    const third = (await post(alice, `/territories/${home}/structures`, { structure_key: 'crystal_geode' })).json<{ id: string }>();
    await sql.query(`update queue_items set start_time = now(), end_time = now() + interval '1 second' where id = $1`, [third.id]);
    const ends = await readUntil(
      async () => (await get(alice, buildQueue())).json<{ id: string; end_time: string }[]>(),
      (list) => list.length === 1 && Date.parse(list[0]!.end_time) - Date.now() < 2_000,
    );
    expect(ends.map((item) => item.id)).toEqual([third.id]);
    await new Promise((r) => setTimeout(r, Date.parse(ends[0]!.end_time) - Date.now() + 50));
    expect(await ids(alice, buildQueue())).toEqual([]);
  });

  it("answer a player's research the same way", async () => {
    const research = (id: string, hours: number) =>
      sql.query(
        `insert into queue_items (id, kind, user_id, item_key, target_level, start_time, end_time) values ($1, 'research', $2, 'echo_sensing', 1, now(), now() + $3 * interval '1 hour')`,
        [id, alice.user.id, hours],
      );
    const one = randomUUID();
    await research(one, 1);
    await heardAll();
    expect(await ids(alice, '/research/queue')).toEqual([one]);
    await withoutTriggers(() => sql.query('delete from queue_items where id = $1', [one]));
    expect(await ids(alice, '/research/queue')).toEqual([one]);
    // A territory's item (a build by another api process) names the territory, not the player: the research queue stays kept.
    const build = randomUUID();
    const since = heard.length;
    await sql.query(
      `insert into queue_items (id, kind, user_id, territory_id, item_key, target_level, start_time, end_time) values ($1, 'building', $2, $3, 'crystal_geode', 9, now(), now() + interval '1 hour')`,
      [build, alice.user.id, home],
    );
    try {
      await heardAll();
      expect(heard.slice(since)).toContain(`t${home}`);
      expect(heard.slice(since)).not.toContain(`u${alice.user.id}`);
      expect(await ids(alice, '/research/queue')).toEqual([one]);
      expect(await ids(alice, buildQueue())).toContain(build);
    } finally {
      await sql.query('delete from queue_items where id = $1', [build]);
    }
    // The player's own build forgets what a build changes (their build queue, their rows), not their
    // research queue, which no build changes: it still answers what was kept.
    const own = (await post(alice, `/territories/${home}/structures`, { structure_key: 'crystal_geode' })).json<{ id: string }>();
    try {
      expect(await ids(alice, buildQueue())).toContain(own.id);
      expect(await ids(alice, '/research/queue')).toEqual([one]);
    } finally {
      expect((await del(alice, `/territories/${home}/build-queue/${own.id}`)).statusCode).toBe(200);
    }
    const two = randomUUID();
    await research(two, 2);
    expect(await readUntil(() => ids(alice, '/research/queue'), (list) => list[0] !== one)).toEqual([two]);
  });

  it('follow a territory that changes hands: its old owner is refused at once', async () => {
    expect((await get(alice, buildQueue())).statusCode).toBe(200);
    await sql.query('update territories set owner_id = $1 where id = $2', [bob.user.id, home]);
    try {
      const refused = await readUntil(() => get(alice, buildQueue()), (res) => res.statusCode === 403);
      expect(refused.statusCode).toBe(403);
      expect((await get(bob, buildQueue())).statusCode).toBe(200);
    } finally {
      await sql.query('update territories set owner_id = $1 where id = $2', [alice.user.id, home]);
    }
  });

  it('are read on every request while the api does not hear the changes', async () => {
    const queues = api.deps.kept;
    const item = (await post(alice, `/territories/${home}/structures`, { structure_key: 'fiber_tangle' })).json<{ id: string }>();
    await heardAll();
    expect(await ids(alice, buildQueue())).toContain(item.id);
    queues.setLive(false);
    try {
      expect(queues.size).toBe(0);
      await withoutTriggers(() => sql.query('delete from queue_items where id = $1', [item.id]));
      expect(await ids(alice, buildQueue())).toEqual([]);
      expect(queues.size).toBe(0);
    } finally {
      queues.setLive(true);
    }
  });
});

describe('the fleet lists kept between reads', () => {
  type Fleet = { id: string; mission_type: string; start_territory_name: string | null; target_territory_name: string | null; current_participants: number | null };
  const fleets = async (who: TestPlayer) => (await get(who, '/movements/active')).json<Fleet[]>();
  const fleetIds = async (who: TestPlayer) => (await fleets(who)).map((m) => m.id).sort();
  let from: { id: number; region: number; sub_region: number; position: number };
  let to: { id: number; region: number; sub_region: number; position: number };

  /** A fleet of `owner` flying from alice's home to bob's, written straight in the table (as the worker or another api would). */
  const fly = async (owner: TestPlayer, mission: string, group: string | null = null) => {
    const id = randomUUID();
    await sql.query(
      `insert into movements (id, user_id, mission, start_territory_id, start_region, start_sub_region, start_position,
         target_territory_id, target_region, target_sub_region, target_position, units, one_way_seconds, start_time, arrival_time, attack_group_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, '{"razorwing": 1}', 3600, now(), now() + interval '1 hour', $12)`,
      [id, owner.user.id, mission, from.id, from.region, from.sub_region, from.position, to.id, to.region, to.sub_region, to.position, group],
    );
    return id;
  };

  beforeAll(async () => {
    from = (await get(alice, `/territories/${home}`)).json();
    const bobs = (await get(bob, '/territories')).json<{ id: number }[]>()[0]!.id;
    to = (await get(bob, `/territories/${bobs}`)).json();
  });

  it("are kept, and a fleet sent, changed or gone reaches the next reads of its owner and of its target's owner", async () => {
    const attack = await fly(alice, 'ATTACK');
    await heardAll();
    expect(await fleetIds(alice)).toEqual([attack]);
    expect(await fleetIds(bob)).toEqual([attack]);

    // Kept: with the triggers off, a fleet's removal is not heard and both lists answer what was kept.
    await withoutTriggers(() => sql.query('delete from movements where id = $1', [attack]), 'movements');
    expect(await fleetIds(alice)).toEqual([attack]);
    expect(await fleetIds(bob)).toEqual([attack]);

    // Heard: a fleet that arrives and turns home (an update of its row) reaches both players' next reads.
    const transport = await fly(alice, 'TRANSPORT');
    await sql.query(`update movements set mission = 'RETURN', original_mission = mission where id = $1`, [transport]);
    expect(await readUntil(() => fleets(alice), (list) => list.length === 1 && list[0]!.mission_type === 'RETURN')).toMatchObject([{ id: transport }]);
    // A returning fleet is no longer shown to the player it visited.
    expect(await readUntil(() => fleetIds(bob), (list) => list.length === 0)).toEqual([]);
    await sql.query('delete from movements where id = $1', [transport]);
    expect(await readUntil(() => fleetIds(alice), (list) => list.length === 0)).toEqual([]);
  });

  it("follow the territories' names and a group's members, and answer a player's own command at once", async () => {
    const group = randomUUID();
    const lead = await fly(alice, 'MULTI_PARTY_ATTACK_INITIATOR', group);
    await heardAll();
    expect((await fleets(alice)).map((m) => [m.id, m.current_participants])).toEqual([[lead, 0]]);
    // Another player's fleet joining the group changes the initiator's count.
    const joined = await fly(bob, 'MULTI_PARTY_ATTACK_PARTICIPANT', group);
    expect(await readUntil(async () => (await fleets(alice))[0]!.current_participants, (n) => n === 1)).toBe(1);

    // The target renamed straight in the table reaches the attacker's next read.
    await sql.query(`update territories set name = 'Renamed Keep' where id = $1`, [to.id]);
    expect(await readUntil(async () => (await fleets(alice))[0]!.target_territory_name, (name) => name === 'Renamed Keep')).toBe('Renamed Keep');

    // The player's own command: the read right after it already answers the change.
    expect((await call(api, alice, { method: 'PUT', url: `/api/v1/territories/${home}/name`, payload: { name: 'Nest Prime' } })).statusCode).toBe(200);
    expect((await fleets(alice)).find((m) => m.id === lead)?.start_territory_name).toBe('Nest Prime');
    await sql.query('delete from movements where id = any($1::uuid[])', [[lead, joined]]);
  });
});

describe("a player's territory rows kept between reads", () => {
  type Territory = { resources: { resource_key: string; amount: number }[] };
  const units = async () => Object.fromEntries((await get(alice, `/territories/${home}/units`)).json<{ unit_key: string; quantity: number }[]>().map((u) => [u.unit_key, u.quantity]));
  const fiber = async () => (await get(alice, `/territories/${home}`)).json<Territory>().resources.find((r) => r.resource_key === 'fiber')!.amount;

  it('are kept, settled to each read\'s own instant, and a change made elsewhere or a command of the player reaches the next read', async () => {
    await sql.query(`update territories set units = '{"razorwing": 3}', resources = '{"fiber": 1000, "crystal": 90000, "biomass": 90000}', resources_updated_at = now() where id = $1`, [home]);
    const batch = randomUUID(); // one unit recruited in the next two seconds
    await sql.query(
      `insert into queue_items (id, kind, user_id, territory_id, item_key, quantity, duration_per_item_s, start_time, end_time)
       values ($1, 'recruitment', $2, $3, 'hauler_grub', 1, 2, now(), now() + interval '2 seconds')`,
      [batch, alice.user.id, home],
    );
    try {
      await heardAll();
      expect(await units()).toEqual({ razorwing: 3 });

      // Kept: with the trigger off, a change of the row is not heard and the reads answer what was kept.
      await withoutTriggers(() => sql.query(`update territories set units = '{"razorwing": 5}' where id = $1`, [home]), 'territories');
      expect(await units()).toEqual({ razorwing: 3 });
      // Settled to each read's instant all the same: the batch's end passing delivers its unit, with nothing written.
      await new Promise((r) => setTimeout(r, 2_100));
      expect(await units()).toEqual({ razorwing: 3, hauler_grub: 1 });
    } finally {
      await sql.query('delete from queue_items where id = $1', [batch]);
    }

    // Heard: a change straight in the table (the worker's, another api's) reaches the next reads.
    await sql.query(`update territories set units = '{"razorwing": 7}' where id = $1`, [home]);
    expect(await readUntil(() => units(), (now) => now.razorwing === 7)).toEqual({ razorwing: 7 });

    // The player's own command: the read right after it already answers the stock it paid.
    const paid = await fiber();
    const built = await post(alice, `/territories/${home}/structures`, { structure_key: 'fiber_tangle' });
    expect(built.statusCode).toBe(201);
    const left = await fiber();
    expect(left).toBeLessThan(paid);
    expect((await del(alice, `/territories/${home}/build-queue/${built.json<{ id: string }>().id}`)).statusCode).toBe(200);
    expect(await fiber()).toBeGreaterThan(left); // the cancel's refund, answered at once too
  });

  it("follow the player's queue items and vacation, which they settle with", async () => {
    // Two hours of production since the stock's instant: a vacation begun an hour ago stops it there.
    await sql.query(`update territories set resources = '{"fiber": 0, "crystal": 90000, "biomass": 90000}', resources_updated_at = now() - interval '2 hours' where id = $1`, [home]);
    await heardAll();
    const twoHours = await fiber();
    await sql.query(`update users set vacation_since = now() - interval '1 hour' where id = $1`, [alice.user.id]);
    try {
      const oneHour = await readUntil(() => fiber(), (amount) => amount < twoHours);
      expect(oneHour).toBeLessThan(twoHours * 0.6);
    } finally {
      await sql.query('update users set vacation_since = null where id = $1', [alice.user.id]);
    }
    expect(await readUntil(() => fiber(), (amount) => amount >= twoHours)).toBeGreaterThanOrEqual(twoHours);

    // A queue item written straight in the table (another api's command) counts at the next read: a batch recruited by now delivers.
    await heardAll();
    expect(await units()).not.toHaveProperty('hauler_grub');
    const batch = randomUUID();
    await sql.query(
      `insert into queue_items (id, kind, user_id, territory_id, item_key, quantity, duration_per_item_s, start_time, end_time)
       values ($1, 'recruitment', $2, $3, 'hauler_grub', 2, 1, now() - interval '10 seconds', now() - interval '8 seconds')`,
      [batch, alice.user.id, home],
    );
    try {
      expect(await readUntil(() => units(), (now) => now.hauler_grub === 2)).toMatchObject({ hauler_grub: 2 });
    } finally {
      await sql.query('delete from queue_items where id = $1', [batch]);
    }
  });
});

describe('what is kept, once the connection that hears the changes is back after a loss', () => {
  const dropListener = () => sql.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'broodspace-realtime' and datname = current_database()`);

  it('is read again in a few statements before any player asks, answering what the reads one by one answered, and what changed unheard meanwhile', async () => {
    const { kept, sessions } = api.deps;
    const item = (await post(alice, `/territories/${home}/structures`, { structure_key: 'fiber_tangle' })).json<{ id: string }>();
    const study = randomUUID();
    await sql.query(`insert into queue_items (id, kind, user_id, item_key, target_level, start_time, end_time) values ($1, 'research', $2, 'echo_sensing', 1, now(), now() + interval '3 hours')`, [
      study,
      alice.user.id,
    ]);
    const from = (await get(alice, `/territories/${home}`)).json<{ region: number; sub_region: number; position: number }>();
    const bobs = (await get(bob, '/territories')).json<{ id: number }[]>()[0]!.id;
    const to = (await get(bob, `/territories/${bobs}`)).json<{ region: number; sub_region: number; position: number }>();
    const attack = randomUUID();
    await sql.query(
      `insert into movements (id, user_id, mission, start_territory_id, start_region, start_sub_region, start_position,
         target_territory_id, target_region, target_sub_region, target_position, units, one_way_seconds, start_time, arrival_time)
       values ($1, $2, 'ATTACK', $3, $4, $5, $6, $7, $8, $9, $10, '{"razorwing": 2}', 3600, now(), now() + interval '1 hour')`,
      [attack, alice.user.id, home, from.region, from.sub_region, from.position, bobs, to.region, to.sub_region, to.position],
    );
    await heardAll();
    const answers = async () => ({
      build: (await get(alice, buildQueue())).json<{ id: string }[]>(),
      research: (await get(alice, '/research/queue')).json<{ id: string }[]>(),
      alicesFleets: (await get(alice, '/movements/active')).json<unknown[]>(),
      bobsFleets: (await get(bob, '/movements/active')).json<unknown[]>(),
    });
    const before = await answers();
    expect(before.build.map((i) => i.id)).toEqual([item.id]);
    expect(before.research.map((i) => i.id)).toContain(study);
    expect(before.alicesFleets).toHaveLength(1);
    expect(before.bobsFleets).toHaveLength(1);
    const keptBefore = kept.size;
    expect(keptBefore).toBeGreaterThanOrEqual(4);
    expect(sessions.size).toBeGreaterThanOrEqual(2);

    // The queues are locked, so the refill (accounts first, then the queues) waits for them while the
    // build is removed in a way nobody hears: with the triggers off.
    const locker = new pg.Client({ connectionString: api.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table queue_items in access exclusive mode');
      await locker.query(`alter table queue_items ${TRIGGERS.queue_items.map((name) => `disable trigger ${name}`).join(', ')}`);
      const liveness = vi.spyOn(kept, 'setLive');
      try {
        await dropListener();
        // Lost, then back: the api forgot all it kept, then began to read it again.
        expect(await readUntil(async () => liveness.mock.calls.map(([live]) => live), (calls) => calls.length >= 2)).toEqual([false, true]);
      } finally {
        liveness.mockRestore();
      }
      // Refilled: the accounts are kept again without a call; the queues wait on the lock.
      expect(await readUntil(async () => sessions.size, (n) => n >= 2)).toBeGreaterThanOrEqual(2);
      expect(kept.size).toBe(0);
      await locker.query('delete from queue_items where id = $1', [item.id]);
      await locker.query(`alter table queue_items ${TRIGGERS.queue_items.map((name) => `enable trigger ${name}`).join(', ')}`);
      await locker.query('commit');
    } finally {
      await locker.end();
    }

    // Every read kept before is kept again without a request, read after the change: the same answers, less the build.
    expect(await readUntil(async () => kept.size, (n) => n >= keptBefore)).toBeGreaterThanOrEqual(keptBefore);
    // Kept, not read: a research item added where nobody hears it is not answered.
    const unheard = randomUUID();
    await withoutTriggers(() =>
      sql.query(`insert into queue_items (id, kind, user_id, item_key, target_level, start_time, end_time) values ($1, 'research', $2, 'echo_sensing', 2, now(), now() + interval '1 hour')`, [
        unheard,
        alice.user.id,
      ]),
    );
    expect(await answers()).toEqual({ ...before, build: [] });
    await sql.query('delete from queue_items where id = any($1::uuid[])', [[unheard, study]]);
    await sql.query('delete from movements where id = $1', [attack]);
  });
});

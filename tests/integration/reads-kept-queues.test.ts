import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createPlayer, createTestApi, type TestApi, type TestPlayer } from '@brood/api/testing';
import { attachRealtime, type Realtime } from '../../apps/api/src/realtime/hub';
import { readUntil } from './support/players';

/**
 * The queue reads the web app polls are kept by the api between requests while it hears their
 * changes (queue_items and territories NOTIFY them, migration 0240; packages/world/src/kernel/kept-queues.ts):
 * every change still reaches the next reads, whoever makes it, and an item leaves the answer when
 * its end passes. The triggers are switched off in places only to show what is kept.
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

const withoutTriggers = async (change: () => Promise<unknown>) => {
  await sql.query('alter table queue_items disable trigger queue_items_queued, disable trigger queue_items_moved');
  try {
    await change();
  } finally {
    await sql.query('alter table queue_items enable trigger queue_items_queued, enable trigger queue_items_moved');
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
  const forget = api.deps.queues.forget.bind(api.deps.queues);
  vi.spyOn(api.deps.queues, 'forget').mockImplementation((payload) => {
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
    expect(api.deps.queues.size).toBeGreaterThan(0);

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
    const queues = api.deps.queues;
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

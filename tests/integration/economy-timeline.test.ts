import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import pino from 'pino';
import type { PgBoss } from 'pg-boss';
import { loadCatalogue, productionAtLevel } from '@brood/game-data';
import { batchCost, costAtLevel } from '@brood/game-core';
import {
  cancelRecruitment,
  completeQueueItem,
  completeQueueItems,
  createBoss,
  createStartingTerritory,
  dueQueueItemIds,
  getTerritory,
  listTechnologies,
  listTerritoryUnits,
  startConstruction,
  startRecruitment,
  startResearch,
  type WorldDeps,
  type GameEventPayload,
} from '@brood/world';
import { createTestDatabase, type TestDatabase } from '@brood/world/testing';
import { startWorker } from '../../apps/sim-worker/src/worker';
import { queueItemDueJob } from '../../apps/sim-worker/src/jobs/queue-item-due.job';

/** The economy against the clock: settling, completion by the worker, its events and notifications. */

const catalogue = loadCatalogue();
const T0 = new Date(Date.UTC(2030, 0, 1));
const at = (ms: number) => new Date(T0.getTime() + ms);
let db: TestDatabase;
let boss: PgBoss;
let listener: pg.Client;
const events: GameEventPayload[] = [];

const deps = (c = catalogue): WorldDeps => ({ em: db.orm.em.fork(), catalogue: c, boss });
const sql = <T = unknown>(text: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(text, params);

let players = 0;
/** A player with a starting territory (settled at `when`) holding the given stock and structures. */
async function player(values: { resources: object; structures?: object }, when = T0): Promise<{ actor: { id: number }; territory: number }> {
  players += 1;
  const rows = await sql<{ id: number }>(`insert into users (username, email, password_hash) values (?, ?, 'x') returning id`, [`timeline${players}`, `timeline${players}@hive.test`]);
  const id = rows[0]!.id;
  const territory = await db.orm.em.fork().transactional((em) => createStartingTerritory(em, { id }, when, catalogue));
  await sql('update territories set resources = ?::jsonb, structures = ?::jsonb, resources_updated_at = ? where id = ?', [
    JSON.stringify(values.resources), JSON.stringify(values.structures ?? {}), when, territory.id,
  ]);
  return { actor: { id }, territory: territory.id };
}

async function waitFor<T>(probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  boss = createBoss(db.url, 'api');
  await boss.start();
  listener = new pg.Client({ connectionString: db.url });
  await listener.connect();
  listener.on('notification', (n) => events.push(JSON.parse(n.payload!)));
  await listener.query('listen game_events');
});
afterAll(async () => {
  await listener?.end();
  await boss?.stop({ graceful: false });
  await db?.stop();
});

describe('construction against the clock', () => {
  it('a structure counts from its end time on; the completion job settles, notifies and announces once', async () => {
    const { actor, territory } = await player({ resources: { fiber: 1000, crystal: 1000, biomass: 1000 } });
    const item = await startConstruction(deps(), actor, { territory_id: territory, structure_key: 'fiber_tangle' }, T0);
    const end = new Date(item.end_time);
    const jobs = await sql<{ start_after: Date }>(`select start_after from pgboss.job where name = 'queue-item-due' and data->>'id' = ?`, [item.id]);
    expect(jobs.map((j) => new Date(j.start_after).getTime())).toEqual([end.getTime()]);

    expect(await completeQueueItem(deps(), item.id, new Date(end.getTime() - 1))).toBe('not-due');
    const before = await getTerritory(deps(), actor, territory, new Date(end.getTime() - 1));
    expect(before.structures).toEqual([]);

    const later = new Date(end.getTime() + 3_600_000);
    const view = await getTerritory(deps(), actor, territory, later);
    expect(view.structures).toEqual([{ structure_key: 'fiber_tangle', level: 1 }]);
    const base = catalogue.universe.base_income_per_hour.fiber!;
    const paid = costAtLevel(catalogue.structures.fiber_tangle!, 1).fiber!;
    const expected = 1000 - paid + (base * (end.getTime() - T0.getTime())) / 3_600_000 + base + productionAtLevel(catalogue.structures.fiber_tangle!.production!, 1);
    expect(view.resources.find((r) => r.resource_key === 'fiber')!.amount).toBe(Math.floor(expected));

    events.length = 0;
    expect(await completeQueueItem(deps(), item.id, later)).toBe('completed');
    expect(await completeQueueItem(deps(), item.id, later)).toBe('already-completed');
    const rows = await sql<{ structures: Record<string, number>; resources_updated_at: Date }>('select structures, resources_updated_at from territories where id = ?', [territory]);
    expect(rows[0]!.structures).toEqual({ fiber_tangle: 1 });
    expect(new Date(rows[0]!.resources_updated_at).getTime()).toBe(end.getTime());

    const notes = await sql<{ id: string; message_type: string; content: Record<string, unknown>; related_object_id: string }>('select id, message_type, content, related_object_id from notifications where user_id = ?', [actor.id]);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ message_type: 'BUILDING_CONSTRUCTION_COMPLETED', related_object_id: item.id });
    expect(notes[0]!.content).toEqual({
      item_name: 'Fiber Tangle',
      level_or_quantity: 1,
      location_coords: [view.region, view.sub_region, view.position],
      location_name: 'Home Hive',
      details: 'Fiber Tangle has grown to level 1 in Home Hive.',
    });
    // One completion, one message: the event carries the notification, no second NOTIFY follows.
    await waitFor(async () => (events.length >= 1 ? events : undefined));
    await listener.query('select 1');
    expect(events).toEqual([
      {
        user_id: actor.id,
        event: 'CONSTRUCTION_COMPLETED',
        data: {
          queueType: 'building',
          territory_id: territory,
          structure_key: 'fiber_tangle',
          level: 1,
          notification: expect.objectContaining({ id: notes[0]!.id, message_type: 'BUILDING_CONSTRUCTION_COMPLETED', related_object_id: item.id }),
        },
      },
    ]);
  });
});

describe('batches against the clock', () => {
  it('delivers one unit at a time; a cancel keeps what hatched and refunds 30% of the rest', async () => {
    const { actor, territory } = await player({ resources: { fiber: 20000, crystal: 20000, biomass: 20000 }, structures: { brood_hatchery: 1 } });
    const item = await startRecruitment(deps(), actor, { territory_id: territory, unit_key: 'razorwing', quantity: 3 }, T0);
    const step = item.duration_per_item_s * 1000;
    expect(await listTerritoryUnits(deps(), actor, territory, at(step * 1.5))).toEqual([{ unit_key: 'razorwing', quantity: 1 }]);
    const result = await cancelRecruitment(deps(), actor, { territory_id: territory, queue_item_id: item.id }, at(step * 1.5));
    expect(result.delivered).toBe(1);
    const paid = batchCost(catalogue.units.razorwing!, 3);
    expect(result.refunded).toEqual(Object.entries(paid).map(([resource_key, amount]) => ({ resource_key, amount: Math.floor(((amount * 2) / 3) * 0.3) })));
    expect(await listTerritoryUnits(deps(), actor, territory, at(step * 10))).toEqual([{ unit_key: 'razorwing', quantity: 1 }]);
    // The delivered part is finished and silent: no job will announce the cancelled batch.
    expect(await completeQueueItem(deps(), item.id, at(step * 10))).toBe('already-completed');
  });

  it('a full batch is announced with its quantity once it has all hatched', async () => {
    const { actor, territory } = await player({ resources: { fiber: 20000, crystal: 20000, biomass: 20000 }, structures: { brood_hatchery: 1 } });
    const item = await startRecruitment(deps(), actor, { territory_id: territory, unit_key: 'razorwing', quantity: 2 }, T0);
    expect(await completeQueueItem(deps(), item.id, new Date(item.end_time))).toBe('completed');
    const notes = await sql<{ message_type: string; content: { level_or_quantity: number; item_name: string } }>('select message_type, content from notifications where user_id = ?', [actor.id]);
    expect(notes[0]).toMatchObject({ message_type: 'UNIT_RECRUITMENT_COMPLETED', content: { item_name: 'Razorwing', level_or_quantity: 2 } });
    const rows = await sql<{ units: Record<string, number> }>('select units from territories where id = ?', [territory]);
    expect(rows[0]!.units).toEqual({ razorwing: 2 });
  });
});

describe('completions in batches', () => {
  it('a batch of items from several territories completes each once, with the same world and messages as one by one', async () => {
    const stock = { resources: { fiber: 20000, crystal: 20000, biomass: 20000 }, structures: { brood_hatchery: 1 } };
    const a = await player(stock);
    const b = await player(stock);
    const builds = [
      await startConstruction(deps(), a.actor, { territory_id: a.territory, structure_key: 'fiber_tangle' }, T0),
      await startConstruction(deps(), a.actor, { territory_id: a.territory, structure_key: 'fiber_tangle' }, T0),
      await startConstruction(deps(), b.actor, { territory_id: b.territory, structure_key: 'fiber_tangle' }, T0),
    ];
    const batch = await startRecruitment(deps(), b.actor, { territory_id: b.territory, unit_key: 'razorwing', quantity: 2 }, T0);
    const ids = [...builds.map((i) => i.id), batch.id];
    const late = new Date(Math.max(...[...builds, batch].map((i) => new Date(i.end_time).getTime())) + 1000);
    await listener.query('select 1'); // the queueing's own events are in before we listen for the completions'
    events.length = 0;
    const outcomes = await completeQueueItems(deps(), [...ids, '00000000-0000-4000-8000-000000000000'], late);
    expect([...outcomes.values()]).toEqual(['completed', 'completed', 'completed', 'completed', 'missing']);
    // A second run (a retried job, another worker) changes and announces nothing.
    expect([...(await completeQueueItems(deps(), ids, late)).values()]).toEqual(['already-completed', 'already-completed', 'already-completed', 'already-completed']);
    const rows = await sql<{ id: number; structures: Record<string, number>; units: Record<string, number>; resources_updated_at: Date }>(
      'select id, structures, units, resources_updated_at from territories where id in (?, ?) order by id',
      [a.territory, b.territory],
    );
    expect(rows.map((r) => [r.structures, r.units])).toEqual([
      [{ brood_hatchery: 1, fiber_tangle: 2 }, {}],
      [{ brood_hatchery: 1, fiber_tangle: 1 }, { razorwing: 2 }],
    ]);
    // Each territory settled to its own latest item's end time.
    expect(new Date(rows[0]!.resources_updated_at).getTime()).toBe(new Date(builds[1]!.end_time).getTime());
    const notes = await sql<{ user_id: number; message_type: string }>('select user_id, message_type from notifications where user_id in (?, ?) order by user_id, message_type', [a.actor.id, b.actor.id]);
    expect(notes.map((n) => n.message_type)).toEqual(['BUILDING_CONSTRUCTION_COMPLETED', 'BUILDING_CONSTRUCTION_COMPLETED', 'BUILDING_CONSTRUCTION_COMPLETED', 'UNIT_RECRUITMENT_COMPLETED']);
    await listener.query('select 1');
    // One message per completion, nothing else.
    const heard = events.map((e) => `${e.user_id} ${e.event}`).sort();
    expect(heard).toEqual([`${a.actor.id} CONSTRUCTION_COMPLETED`, `${a.actor.id} CONSTRUCTION_COMPLETED`, `${b.actor.id} CONSTRUCTION_COMPLETED`, `${b.actor.id} UNIT_RECRUITMENT_COMPLETED`].sort());
  });
});

describe('research against the clock', () => {
  it('a researched level counts from its end time, in every territory of the player', async () => {
    const { actor, territory } = await player({ resources: { fiber: 5000, crystal: 5000, biomass: 5000 }, structures: { cortex_nest: 1 } });
    const item = await startResearch(deps(), actor, { tech_key: 'photosynthetic_weave', territory_id_for_cost: territory }, T0);
    const end = new Date(item.end_time);
    expect(await listTechnologies(deps(), actor, new Date(end.getTime() - 1))).toEqual([]);
    expect(await listTechnologies(deps(), actor, end)).toEqual([{ tech_key: 'photosynthetic_weave', level: 1 }]);
    const view = await getTerritory(deps(), actor, territory, end);
    expect(view.all_resources_production_per_hour.fiber).toBeCloseTo(catalogue.universe.base_income_per_hour.fiber! * 1.03, 2);
    expect(await completeQueueItem(deps(), item.id, end)).toBe('completed');
    const notes = await sql<{ message_type: string; content: { item_name: string } }>('select message_type, content from notifications where user_id = ?', [actor.id]);
    expect(notes[0]).toMatchObject({ message_type: 'RESEARCH_PROJECT_COMPLETED', content: { item_name: 'Photosynthetic Weave' } });
  });
});

describe('the sim-worker', () => {
  it('catches up on items that came due while it was down, then completes new ones at their end time', async () => {
    const fast = loadCatalogue({ universe: { universe_speed_factor: 10_000 } });
    const now = new Date();
    const { actor, territory } = await player({ resources: { fiber: 9000, crystal: 9000, biomass: 9000 } }, now);
    const first = await startConstruction(deps(fast), actor, { territory_id: territory, structure_key: 'fiber_tangle' }, now);
    const second = await startConstruction(deps(fast), actor, { territory_id: territory, structure_key: 'crystal_geode' }, now);
    await new Promise((r) => setTimeout(r, new Date(first.end_time).getTime() - Date.now() + 50));
    const workerBoss = createBoss(db.url, 'worker');
    await workerBoss.start();
    try {
      await startWorker({ orm: db.orm, boss: workerBoss, log: pino({ level: 'silent' }), catalogue: fast, jobs: [queueItemDueJob], pollingIntervalSeconds: 0.5 });
      const done = await waitFor(async () => {
        const rows = await sql<{ id: string }>('select id from queue_items where user_id = ? and completed_at is not null', [actor.id]);
        return rows.length === 2 ? rows.map((r) => r.id).sort() : undefined;
      });
      expect(done).toEqual([first.id, second.id].sort());
      const notes = await sql<{ n: string }>('select count(*) as n from notifications where user_id = ?', [actor.id]);
      expect(Number(notes[0]!.n)).toBe(2);
      expect(await dueQueueItemIds({ em: db.orm.em }, new Date())).not.toContain(first.id);
    } finally {
      await workerBoss.stop({ graceful: false });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { costAtLevel } from '@brood/game-core';
import type { TerritoryView } from '@brood/world';
import { call, createPlayer, createTestApi, type TestApi, type TestPlayer } from '@brood/api/testing';

/** The economy over /api/v1: every call of the spec's table, and the refusals a player reads. */

const catalogue = loadCatalogue();
let api: TestApi;
let alice: TestPlayer;
let bob: TestPlayer;
let home: number;
let bobsHome: number;

/** A territory as the api answers it (its dates arrive as JSON strings; no test here reads them). */
type Territory = TerritoryView;

const get = (who: TestPlayer | null, url: string) => call(api, who, { method: 'GET', url: `/api/v1${url}` });
const post = (who: TestPlayer | null, url: string, payload: object) => call(api, who, { method: 'POST', url: `/api/v1${url}`, payload });
const del = (who: TestPlayer | null, url: string) => call(api, who, { method: 'DELETE', url: `/api/v1${url}` });
const sql = <T = unknown>(text: string, params: unknown[] = []) => api.db.orm.em.fork().execute<T[]>(text, params);

/** Sets a territory's stock and levels directly (settled as of now), so a test starts where it needs to. */
async function setTerritory(id: number, values: { resources?: object; structures?: object; units?: object; defenses?: object }) {
  for (const [column, value] of Object.entries(values)) {
    await sql(`update territories set ${column} = ?::jsonb, resources_updated_at = now() where id = ?`, [JSON.stringify(value), id]);
  }
}

async function stock(who: TestPlayer, id: number): Promise<Record<string, number>> {
  const t = (await get(who, `/territories/${id}`)).json<Territory>();
  return Object.fromEntries(t.resources.map((r) => [r.resource_key, r.amount]));
}

beforeAll(async () => {
  api = await createTestApi();
  alice = await createPlayer(api);
  bob = await createPlayer(api);
  home = (await get(alice, '/territories')).json<Territory[]>()[0]!.id;
  bobsHome = (await get(bob, '/territories')).json<Territory[]>()[0]!.id;
});
afterAll(async () => {
  await api?.close();
});

describe('territories', () => {
  it('a new player owns one territory with the starting stock, settled and with its rates', async () => {
    const res = await get(alice, '/territories');
    expect(res.statusCode).toBe(200);
    const list = res.json<Territory[]>();
    expect(list).toHaveLength(1);
    const t = list[0]!;
    expect(t).toMatchObject({ id: home, name: 'Home Hive' });
    expect(t.region).toBeGreaterThanOrEqual(1);
    expect(t.position).toBeGreaterThanOrEqual(1);
    const fiber = t.resources.find((r) => r.resource_key === 'fiber')!;
    expect(fiber.amount).toBeGreaterThanOrEqual(catalogue.universe.starting_stock.fiber!);
    expect(t.resources.map((r) => r.resource_key)).toEqual(catalogue.orderedResourceKeys);
    expect(t.all_resources_production_per_hour.fiber).toBe(catalogue.universe.base_income_per_hour.fiber);
    expect(t.all_resources_storage_capacities.fiber).toBe(catalogue.universe.base_storage_per_tier[0]);
  });

  it('places new players side by side, filling the densest sub-region of the densest region', async () => {
    const [a, b] = [(await get(alice, `/territories/${home}`)).json<Territory>(), (await get(bob, `/territories/${bobsHome}`)).json<Territory>()];
    expect([b.region, b.sub_region]).toEqual([a.region, a.sub_region]);
    expect(b.position).not.toBe(a.position);
  });

  it('answers one territory, 403 for another player\'s, 404 for none, 422 for a bad id, 401 without a token', async () => {
    expect((await get(alice, `/territories/${home}`)).json<Territory>().id).toBe(home);
    const foreign = await get(alice, `/territories/${bobsHome}`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ detail: 'You do not own this territory' });
    expect((await get(alice, '/territories/999999')).json()).toEqual({ detail: 'Territory not found' });
    expect((await get(alice, '/territories/abc')).statusCode).toBe(422);
    expect((await get(alice, '/territories/99999999999')).statusCode).toBe(422);
    expect((await get(null, '/territories')).statusCode).toBe(401);
  });

  it('renames a territory (trimmed, 1 to 12 characters)', async () => {
    const ok = await call(api, alice, { method: 'PUT', url: `/api/v1/territories/${home}/name`, payload: { name: '  Spawn Pit  ' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: home, name: 'Spawn Pit' });
    for (const name of ['   ', 'x'.repeat(13)]) {
      const bad = await call(api, alice, { method: 'PUT', url: `/api/v1/territories/${home}/name`, payload: { name } });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().detail[0].msg).toBe('Territory name must be between 1 and 12 characters.');
    }
    const foreign = await call(api, alice, { method: 'PUT', url: `/api/v1/territories/${bobsHome}/name`, payload: { name: 'Mine' } });
    expect(foreign.statusCode).toBe(403);
  });

  it('lists units and defenses at home', async () => {
    await setTerritory(home, { units: { razorwing: 3 }, defenses: { thorn_pit: 2 } });
    expect((await get(alice, `/territories/${home}/units`)).json()).toEqual([{ unit_key: 'razorwing', quantity: 3 }]);
    expect((await get(alice, `/territories/${home}/defenses`)).json()).toEqual([{ defense_key: 'thorn_pit', quantity: 2 }]);
    expect((await get(alice, `/territories/${bobsHome}/units`)).statusCode).toBe(403);
    await setTerritory(home, { units: {}, defenses: {} });
  });
});

describe('GET /game-data/all', () => {
  it('delivers the whole client catalogue', async () => {
    const res = await get(null, '/game-data/all');
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(Object.keys(data.structures)).toContain('fiber_tangle');
    expect(data.orderedResourceKeys).toEqual(catalogue.orderedResourceKeys);
    expect(data.universe.queue_limits.research).toBe(5);
    // the battle simulator runs the server's resolveBattle in the browser: it needs the same settings
    expect(data.universe.combat).toEqual(catalogue.universe.combat);
    expect(data.universe.hall_of_fame).toEqual(catalogue.universe.hall_of_fame);
  });
});

describe('construction', () => {
  it('queues the next level, pays its cost in full, and runs items one after another', async () => {
    await setTerritory(home, { resources: { fiber: 5000, crystal: 5000, biomass: 5000 }, structures: {} });
    const first = await post(alice, `/territories/${home}/structures`, { structure_key: 'fiber_tangle' });
    expect(first.statusCode).toBe(201);
    const a = first.json();
    expect(a).toMatchObject({ territory_id: home, structure_key: 'fiber_tangle', target_level: 1 });
    const second = (await post(alice, `/territories/${home}/structures`, { structure_key: 'fiber_tangle' })).json();
    expect(second.target_level).toBe(2);
    expect(second.start_time).toBe(a.end_time);
    const paid = [costAtLevel(catalogue.structures.fiber_tangle!, 1), costAtLevel(catalogue.structures.fiber_tangle!, 2)];
    const s = await stock(alice, home);
    expect(s.fiber).toBe(5000 - paid[0]!.fiber! - paid[1]!.fiber!);
    const queue = (await get(alice, `/territories/${home}/build-queue`)).json();
    expect(queue.map((i: { id: string }) => i.id)).toEqual([a.id, second.id]);
  });

  it('refuses unknown structures, unmet prerequisites and what the stock cannot pay', async () => {
    const unknown = await post(alice, `/territories/${home}/structures`, { structure_key: 'no_such_thing' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ detail: [{ loc: ['body', 'structure_key'], msg: "Unknown structure 'no_such_thing'.", type: 'custom' }] });
    const locked = await post(alice, `/territories/${home}/structures`, { structure_key: 'resin_gland' });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().detail).toBe('Prerequisites not met: Builder Hive level 2, Fiber Tangle level 5');
    await setTerritory(home, { resources: { fiber: 1, crystal: 1, biomass: 1 } });
    const poor = await post(alice, `/territories/${home}/structures`, { structure_key: 'crystal_geode' });
    expect(poor.statusCode).toBe(400);
    expect(poor.json()).toEqual({ detail: 'Not enough resources' });
    expect((await post(alice, `/territories/${home}/structures`, {})).statusCode).toBe(422);
  });

  it('refuses a level past the maximum, counting queued levels', async () => {
    const max = catalogue.structures.builder_hive!.max_level_per_territory;
    const queued = (await get(alice, `/territories/${home}/build-queue`)).json();
    await setTerritory(home, { resources: { fiber: 9000, crystal: 9000, biomass: 9000 }, structures: { builder_hive: max, fiber_tangle: 2 } });
    const res = await post(alice, `/territories/${home}/structures`, { structure_key: 'builder_hive' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Builder Hive is already at its maximum level' });
    expect((await get(alice, `/territories/${home}/build-queue`)).json()).toEqual(queued);
    await setTerritory(home, { structures: {} });
  });

  it('holds five items at most: "Build queue is full"', async () => {
    await setTerritory(home, { resources: { fiber: 9000, crystal: 9000, biomass: 9000 } });
    for (const key of ['crystal_geode', 'biomass_vat', 'hoard_sac']) expect((await post(alice, `/territories/${home}/structures`, { structure_key: key })).statusCode).toBe(201);
    const full = await post(alice, `/territories/${home}/structures`, { structure_key: 'builder_hive' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ detail: 'Build queue is full' });
  });

  it('cancelling refunds 30% of what was paid and moves later items forward', async () => {
    const queue = (await get(alice, `/territories/${home}/build-queue`)).json();
    const before = await stock(alice, home);
    const victim = queue[2]; // crystal_geode 1
    const held = Date.parse(victim.end_time) - Date.parse(victim.start_time);
    const res = await del(alice, `/territories/${home}/build-queue/${victim.id}`);
    expect(res.statusCode).toBe(200);
    const paid = costAtLevel(catalogue.structures.crystal_geode!, 1);
    expect(res.json().refunded).toEqual(Object.entries(paid).map(([resource_key, amount]) => ({ resource_key, amount: Math.floor(amount * 0.3) })));
    const after = await stock(alice, home);
    expect(after.crystal! - before.crystal!).toBeGreaterThanOrEqual(Math.floor(paid.crystal! * 0.3));
    const next = (await get(alice, `/territories/${home}/build-queue`)).json();
    expect(next).toHaveLength(4);
    expect(Date.parse(next[2].start_time)).toBe(Date.parse(queue[3].start_time) - held);
  });

  it('refuses to cancel a level another queued upgrade builds on, someone else\'s item, or an unknown one', async () => {
    const queue = (await get(alice, `/territories/${home}/build-queue`)).json();
    const earlier = await del(alice, `/territories/${home}/build-queue/${queue[0].id}`);
    expect(earlier.statusCode).toBe(409);
    expect(earlier.json()).toEqual({ detail: 'Cancel the later upgrade of the same item first' });
    expect((await del(bob, `/territories/${home}/build-queue/${queue[0].id}`)).statusCode).toBe(403);
    expect((await del(alice, `/territories/${home}/build-queue/not-an-item`)).json()).toEqual({ detail: 'Queue item not found' });
  });
});

describe('research', () => {
  it('needs a paying territory, its prerequisites, and then queues in the player\'s one queue', async () => {
    await setTerritory(home, { resources: { fiber: 9000, crystal: 9000, biomass: 9000 }, structures: { builder_hive: 1 } });
    const noTerritory = await post(alice, '/research', { tech_key: 'echo_sensing', territory_id_for_cost: '' });
    expect(noTerritory.statusCode).toBe(400);
    expect(noTerritory.json()).toEqual({ detail: 'Please select a territory to pay for research costs.' });
    const noLab = await post(alice, '/research', { tech_key: 'echo_sensing', territory_id_for_cost: home });
    expect(noLab.json()).toEqual({ detail: 'Prerequisites not met: Cortex Nest level 1' });
    expect((await post(alice, '/research', { tech_key: 'echo_sensing', territory_id_for_cost: bobsHome })).statusCode).toBe(403);
    await setTerritory(home, { structures: { builder_hive: 1, cortex_nest: 1 } });
    const ok = await post(alice, '/research', { tech_key: 'echo_sensing', territory_id_for_cost: home });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ tech_key: 'echo_sensing', target_level: 1, territory_id_for_cost: home });
    const queue = (await get(alice, '/research/queue')).json();
    expect(queue).toHaveLength(1);
    expect((await get(bob, '/research/queue')).json()).toEqual([]);
    expect((await get(alice, '/research/technologies')).json()).toEqual([]);
  });

  it('holds five at most and cancels with a refund to the paying territory', async () => {
    for (const tech_key of ['photosynthetic_weave', 'photosynthetic_weave', 'photosynthetic_weave', 'pheromone_signalling']) {
      expect((await post(alice, '/research', { tech_key, territory_id_for_cost: home })).statusCode).toBe(201);
    }
    const full = await post(alice, '/research', { tech_key: 'genetic_memory', territory_id_for_cost: home });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ detail: 'Research queue is full' });
    const queue = (await get(alice, '/research/queue')).json();
    const last = queue[4];
    const before = await stock(alice, home);
    const res = await del(alice, `/research-queue/${last.id}`);
    expect(res.statusCode).toBe(200);
    const after = await stock(alice, home);
    const paid = costAtLevel(catalogue.technologies.pheromone_signalling!, 1);
    expect(after.crystal! - before.crystal!).toBeGreaterThanOrEqual(Math.floor(paid.crystal! * 0.3));
    expect((await del(bob, `/research-queue/${queue[0].id}`)).statusCode).toBe(404);
    expect((await get(alice, '/research/queue')).json().map((i: { target_level: number }) => i.target_level)).toEqual([1, 1, 2, 3]);
  });
});

describe('recruitment and defenses', () => {
  it('refuses a quantity of 0 or less with the spec\'s sentence', async () => {
    const res = await post(alice, `/territories/${home}/units`, { unit_key: 'razorwing', quantity: 0 });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].msg).toBe('Quantity must be greater than 0.');
    expect((await post(alice, `/territories/${home}/defenses`, { defense_key: 'thorn_pit', quantity: -2 })).json().detail[0].msg).toBe('Quantity must be greater than 0.');
  });

  it('queues a batch paid at cost x quantity, with the per-unit duration', async () => {
    await setTerritory(home, { resources: { fiber: 20000, crystal: 20000, biomass: 20000 }, structures: { builder_hive: 2, cortex_nest: 1, brood_hatchery: 1, carapace_works: 4, resin_gland: 2 } });
    const locked = await post(alice, `/territories/${home}/units`, { unit_key: 'whisper_mite', quantity: 1 });
    expect(locked.json()).toEqual({ detail: 'Prerequisites not met: Echo Sensing level 1' });
    const res = await post(alice, `/territories/${home}/units`, { unit_key: 'razorwing', quantity: 4 });
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({ unit_key: 'razorwing', quantity: 4, territory_id: home });
    expect(Date.parse(item.end_time) - Date.parse(item.start_time)).toBe(4 * item.duration_per_item_s * 1000);
    expect(item.completion_time).toBe(item.end_time);
    expect((await stock(alice, home)).fiber).toBeLessThanOrEqual(20000 - 4 * catalogue.units.razorwing!.cost.fiber! + 1);
    expect((await get(alice, `/territories/${home}/recruitment-queue`)).json()).toHaveLength(1);
    expect((await post(alice, `/territories/${home}/units`, { unit_key: 'feral_drifter', quantity: 1 })).json()).toEqual({ detail: 'Feral Drifter cannot be recruited' });
  });

  it('keeps a defense under its per-territory maximum, built plus queued', async () => {
    await setTerritory(home, { resources: { fiber: 20000, crystal: 20000, biomass: 20000, resin: 2000 } });
    const first = await post(alice, `/territories/${home}/defenses`, { defense_key: 'lesser_membrane', quantity: 1 });
    expect(first.statusCode).toBe(201);
    const again = await post(alice, `/territories/${home}/defenses`, { defense_key: 'lesser_membrane', quantity: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Maximum count for this defense type reached or queued.' });
    const queue = (await get(alice, `/territories/${home}/defense-queue`)).json();
    expect(queue[0]).toMatchObject({ defense_key: 'lesser_membrane', quantity: 1 });
    const cancel = await del(alice, `/territories/${home}/defense-queue/${queue[0].id}`);
    expect(cancel.statusCode).toBe(200);
    expect((await get(alice, `/territories/${home}/defense-queue`)).json()).toEqual([]);
  });

  it('holds five batches at most: "Recruitment queue is full."', async () => {
    for (let i = 0; i < 4; i += 1) expect((await post(alice, `/territories/${home}/units`, { unit_key: 'hauler_grub', quantity: 1 })).statusCode).toBe(201);
    const full = await post(alice, `/territories/${home}/units`, { unit_key: 'hauler_grub', quantity: 1 });
    expect(full.json()).toEqual({ detail: 'Recruitment queue is full.' });
    const queue = (await get(alice, `/territories/${home}/recruitment-queue`)).json();
    expect((await del(alice, `/territories/${home}/recruitment-queue/${queue[4].id}`)).statusCode).toBe(200);
    expect((await get(bob, `/territories/${home}/recruitment-queue`)).statusCode).toBe(403);
  });
});

describe('GET /user_stats/overview', () => {
  it('answers every field of the spec\'s stats response', async () => {
    const res = await get(alice, '/user_stats/overview');
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats.unit_stats.find((u: { unit_key: string }) => u.unit_key === 'razorwing').stats).toMatchObject({
      attack: catalogue.units.razorwing!.stats.attack,
      build_time_seconds_modified: expect.any(Number),
      fuel_consumption_per_hour: expect.any(Number),
    });
    expect(stats.defense_stats.length).toBe(Object.keys(catalogue.defenses).length);
    expect(stats.global_stats).toMatchObject({ universe_speed_factor: 1, research_speed_modifier: 1.1, max_exploration_duration_hours: 24, alliance_max_members: 20 });
    expect(stats.territory_stats[String(home)]).toMatchObject({
      building_construction_speed_modifier: 1.3,
      unit_production_speed_modifier: 1.1,
      defense_production_speed_modifier: 1.4,
      research_speed_modifier_from_lab: 1.1,
      bunker_capacity: 0,
      allied_fleet_slots_max: 0,
      allied_fleet_slots_current: 0,
    });
    expect(stats.territory_stats[String(home)].resources_protected_share_percentage[0]).toEqual({ resource_key: 'fiber', protected_percentage: 10 });
    expect(stats.formatted_general_effects).toContainEqual({ name: 'Construction speed', amount: 30, unit: 'percent', source: 'Builder Hive (Spawn Pit) Lvl 2', category: 'STRUCTURE' });
  });
});

describe('concurrency', () => {
  it('of 50 identical commands at once on a stock that pays for 3, exactly 3 are queued and no stock goes negative', async () => {
    const player = await createPlayer(api);
    const id = (await get(player, '/territories')).json<Territory[]>()[0]!.id;
    const cost = catalogue.units.razorwing!.cost;
    await setTerritory(id, { resources: { fiber: cost.fiber! * 3, crystal: cost.crystal! * 3, biomass: cost.biomass! * 3 }, structures: { brood_hatchery: 1 } });
    const results = await Promise.all(Array.from({ length: 50 }, () => post(player, `/territories/${id}/units`, { unit_key: 'razorwing', quantity: 1 })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 400 && r.json().detail === 'Not enough resources')).toBe(true);
    const rows = await sql<{ resources: Record<string, number> }>('select resources from territories where id = ?', [id]);
    for (const amount of Object.values(rows[0]!.resources)) expect(amount).toBeGreaterThanOrEqual(0);
    expect((await get(player, `/territories/${id}/recruitment-queue`)).json()).toHaveLength(3);
  });
});

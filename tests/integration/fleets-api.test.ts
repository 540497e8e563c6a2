import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCH, type MovementView } from '@brood/world';
import { call, createPlayer, createTestApi, type TestApi, type TestPlayer } from '@brood/api/testing';

/** The movements over /api/v1: the spec's paths, their answers and refusals as {detail}. */

let api: TestApi;
let alice: TestPlayer;
let bob: TestPlayer;
let home: { id: number; region: number; sub_region: number; position: number };
let bobsHome: { id: number; region: number; sub_region: number; position: number };

const get = (who: TestPlayer | null, url: string) => call(api, who, { method: 'GET', url: `/api/v1${url}` });
const post = (who: TestPlayer | null, url: string, payload: object = {}) => call(api, who, { method: 'POST', url: `/api/v1${url}`, payload });
const sql = <T = unknown>(text: string, params: unknown[] = []) => api.db.orm.em.fork().execute<T[]>(text, params);

beforeAll(async () => {
  // A fast universe: flights take seconds, not hours.
  api = await createTestApi({ UNIVERSE_OVERRIDES: JSON.stringify({ universe_speed_factor: 1000 }) });
  alice = await createPlayer(api);
  bob = await createPlayer(api);
  home = (await get(alice, '/territories')).json<(typeof home)[]>()[0]!;
  bobsHome = (await get(bob, '/territories')).json<(typeof home)[]>()[0]!;
  await sql(`update territories set units = '{"hauler_grub": 4}'::jsonb, resources = '{"fiber": 10000, "crystal": 1000, "biomass": 10000}'::jsonb, resources_updated_at = now() where id = ?`, [home.id]);
});
afterAll(async () => {
  await api?.close();
});

const toBob = (extra: object = {}) => ({
  start_territory_id: home.id,
  target_region: bobsHome.region,
  target_sub_region: bobsHome.sub_region,
  target_position: bobsHome.position,
  mission: 'TRANSPORT',
  units: { hauler_grub: 1 },
  resources: { fiber: 500 },
  ...extra,
});

describe('POST /movements', () => {
  it('answers 201 with the id and the start territory; the fleet shows in both players\' active movements', async () => {
    const res = await post(alice, '/movements', toBob());
    expect(res.statusCode).toBe(201);
    const sent = res.json<{ id: string; start_territory_id: number; arrival_time: string }>();
    expect(sent.start_territory_id).toBe(home.id);

    const mine = (await get(alice, '/movements/active')).json<MovementView[]>();
    expect(mine.find((m) => m.id === sent.id)).toMatchObject({ is_own_fleet: true, units: [{ unit_key: 'hauler_grub', quantity: 1 }], resources: [{ resource_key: 'fiber', amount: 500 }] });
    const theirs = (await get(bob, '/movements/active')).json<MovementView[]>();
    expect(theirs.find((m) => m.id === sent.id)).toMatchObject({ is_own_fleet: false, units: [{ unit_key: 'hauler_grub', quantity: null }] });

    const recalled = await post(alice, `/movements/${sent.id}/recall`);
    expect(recalled.statusCode).toBe(200);
    expect(recalled.json()).toMatchObject({ id: sent.id, mission_type: 'RETURN', is_returning: true });
    expect((await post(alice, `/movements/${sent.id}/recall`)).json()).toEqual({ detail: 'This fleet is already returning' });
    expect((await get(bob, '/movements/active')).json<MovementView[]>().find((m) => m.id === sent.id)).toBeUndefined();
  });

  it('refuses missing and negative coordinates with the spec sentences', async () => {
    const missing = await post(alice, '/movements', toBob({ target_region: undefined }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ detail: { msg: string }[] }>().detail[0]!.msg).toBe(DISPATCH.coordinatesMissing);
    const negative = await post(alice, '/movements', toBob({ target_position: -1 }));
    expect(negative.statusCode).toBe(422);
    expect(negative.json<{ detail: { msg: string }[] }>().detail[0]!.msg).toBe(DISPATCH.coordinatesInvalid);
    const text = await post(alice, '/movements', toBob({ target_sub_region: 'abc' }));
    expect(text.json<{ detail: { msg: string }[] }>().detail[0]!.msg).toBe(DISPATCH.coordinatesInvalid);
  });

  it('refuses what the rules refuse as 4xx {detail} sentences', async () => {
    expect((await post(alice, '/movements', toBob({ units: {} }))).json()).toEqual({ detail: DISPATCH.noUnits });
    const cargo = await post(alice, '/movements', toBob({ resources: { fiber: 5_001 } }));
    expect(cargo.statusCode).toBe(400);
    expect(cargo.json()).toEqual({ detail: DISPATCH.cargoExceeded });
    expect((await post(alice, '/movements', toBob({ mission: 'STATION', resources: {} }))).json()).toEqual({ detail: DISPATCH.stationNeedsAlly });
    expect((await post(null, '/movements', toBob())).statusCode).toBe(401);
  });
});

describe('catalogue keys (issue #24: a resource named constructor)', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty'])('refuses a transport carrying a resource named %s with a 422, takes nothing, and the target\'s notifications still load', async (key) => {
    const [before] = await sql<{ resources: object }>('select resources from territories where id = ?', [home.id]);
    const res = await post(alice, '/movements', toBob({ resources: { [key]: 100 } }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: [{ loc: ['body', 'resources', key], msg: `Unknown resource '${key}'.`, type: 'custom' }] });
    expect((await sql<{ resources: object }>('select resources from territories where id = ?', [home.id]))[0]).toEqual(before);

    expect((await get(bob, '/notifications/')).statusCode).toBe(200);
    const trpc = await call(api, bob, { method: 'GET', url: `/trpc/notifications.list?input=${encodeURIComponent(JSON.stringify({ json: {} }))}` });
    expect(trpc.statusCode).toBe(200);
  });

  // Fastify's JSON parser refuses a body with a __proto__ key (onProtoPoisoning) before any procedure runs.
  it('refuses a __proto__ key with a 422 before any procedure runs', async () => {
    const payload = JSON.stringify(toBob()).replace('"resources":{', '"resources":{"__proto__":{"fiber":1},');
    const res = await call(api, alice, { method: 'POST', url: '/api/v1/movements', payload, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: [{ loc: ['body'], msg: 'The body is not valid JSON', type: 'json_invalid' }] });
  });

  it('refuses unknown units in a fleet the same way', async () => {
    const res = await post(alice, '/movements', toBob({ units: { valueOf: 1 } }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: [{ loc: ['body', 'units', 'valueOf'], msg: "Unknown unit 'valueOf'.", type: 'custom' }] });
  });
});

describe('the other movement paths', () => {
  it('gather-station answers per source; recall and cancel-stationing refuse unknown or foreign movements', async () => {
    const empty = await post(alice, '/movements/gather-station', { target_territory_id: home.id, source_operations: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: DISPATCH.gatherEmpty });
    const gather = await post(alice, '/movements/gather-station', { target_territory_id: home.id, source_operations: [{ source_territory_id: bobsHome.id, units: { hauler_grub: 1 } }] });
    expect(gather.statusCode).toBe(200);
    expect(gather.json()).toEqual({ successful_movements: [], failed_operations: [{ source_territory_id: bobsHome.id, error: 'You do not own this territory' }] });

    const sent = (await post(alice, '/movements', toBob())).json<{ id: string }>();
    expect((await post(bob, `/movements/${sent.id}/recall`)).statusCode).toBe(404);
    expect((await post(bob, `/movements/${sent.id}/cancel-stationing`)).statusCode).toBe(404);
    expect((await post(alice, `/movements/${sent.id}/cancel-stationing`)).json()).toEqual({ detail: 'Only the owner of the territory can cancel an allied stationing there' });
    expect((await post(alice, '/movements/not-a-uuid/recall')).statusCode).toBe(422);
  });

  it('the stats count max_fleets from effects', async () => {
    const stats = (await get(alice, '/user_stats/overview')).json<{ global_stats: { max_fleets: number }; territory_stats: Record<string, { allied_fleet_slots_current: number }> }>();
    expect(stats.global_stats.max_fleets).toBe(2);
    expect(stats.territory_stats[String(home.id)]!.allied_fleet_slots_current).toBe(0);
  });
});

import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyArrival, BATTLE_NOT_FOUND, type BattleReplay, type BattleView } from '@brood/world';
import { call, createPlayer, createTestApi, type TestApi, type TestPlayer } from '@brood/api/testing';

/** An attack over /api/v1, and its battle re-run through the battles.replay procedure by a participant only. */

let api: TestApi;
let alice: TestPlayer;
let bob: TestPlayer;
let carol: TestPlayer;
const sql = <T = unknown>(text: string, params: unknown[] = []) => api.db.orm.em.fork().execute<T[]>(text, params);
const battles = (procedure: 'replay' | 'get') => (who: TestPlayer, battleId: unknown) =>
  call(api, who, { method: 'GET', url: `/trpc/battles.${procedure}?input=${encodeURIComponent(JSON.stringify({ json: { battle_id: battleId } }))}` });
const replay = battles('replay');
const read = battles('get');

beforeAll(async () => {
  api = await createTestApi({ UNIVERSE_OVERRIDES: JSON.stringify({ universe_speed_factor: 1000 }) });
  alice = await createPlayer(api);
  bob = await createPlayer(api);
  carol = await createPlayer(api);
});
afterAll(async () => {
  await api?.close();
});

describe('an attack and its replay', () => {
  it('flies over /api/v1, fights on arrival, and a participant re-runs the battle to the same report', async () => {
    const home = (await call(api, alice, { method: 'GET', url: '/api/v1/territories' })).json<{ id: number }[]>()[0]!;
    const target = (await call(api, bob, { method: 'GET', url: '/api/v1/territories' })).json<{ region: number; sub_region: number; position: number }[]>()[0]!;
    await sql(`update territories set units = '{"razorwing": 60}'::jsonb, resources = '{"fiber": 1000, "crystal": 1000, "biomass": 100000}'::jsonb, resources_updated_at = now() where id = ?`, [home.id]);
    const sent = await call(api, alice, {
      method: 'POST',
      url: '/api/v1/movements',
      payload: { start_territory_id: home.id, target_region: target.region, target_sub_region: target.sub_region, target_position: target.position, mission: 'ATTACK', units: { razorwing: 60 } },
    });
    expect(sent.statusCode).toBe(201);
    const { id, arrival_time } = sent.json<{ id: string; arrival_time: string }>();
    const deps = { em: api.db.orm.em.fork(), catalogue: api.deps.catalogue, boss: api.deps.boss };
    expect(await applyArrival(deps, { id, leg: 0 }, new Date(arrival_time))).toBe('applied');
    const [battle] = await sql<{ id: string }>('select id from battles where ? = any(participant_user_ids)', [alice.user.id]);
    const battleId = Number(battle!.id);

    const res = await replay(bob, battleId);
    expect(res.statusCode).toBe(200);
    const answer = superjson.deserialize<BattleReplay>(res.json().result.data);
    expect(answer).toMatchObject({ battle_id: battleId, identical: true });
    expect(answer.replayed_report).toBe(answer.stored_report);

    const stranger = await replay(carol, battleId);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.json.message).toBe(BATTLE_NOT_FOUND);
    expect((await replay(alice, 'x')).statusCode).toBe(400);

    // The page a shared battle link opens: the stored report, for the players who fought only.
    const page = await read(alice, battleId);
    expect(page.statusCode).toBe(200);
    const view = superjson.deserialize<BattleView>(page.json().result.data);
    expect(view.battle_id).toBe(battleId);
    expect(view.report).toMatchObject({ battle_id: battleId, ...JSON.parse(answer.stored_report) });
    expect((await read(carol, battleId)).statusCode).toBe(404);
  });
});

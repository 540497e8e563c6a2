import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyArrival, endVacation, fairPlayStanding, ON_VACATION, operatorEndVacation, settledViews, startVacation, Territory } from '@brood/world';
import { call, createPlayer, createTestApi, type TestApi, type TestPlayer } from '@brood/api/testing';

/**
 * Vacation mode (docs/game-rules.md "Fair play"): over /api/v1 its refusals, and through world's
 * commands at chosen instants that production stands still for its span and resumes exactly.
 */

let api: TestApi;
const HOUR = 3_600_000;
const get = (who: TestPlayer, url: string) => call(api, who, { method: 'GET', url: `/api/v1${url}` });
const post = (who: TestPlayer, url: string, payload: object = {}) => call(api, who, { method: 'POST', url: `/api/v1${url}`, payload });
const del = (who: TestPlayer, url: string) => call(api, who, { method: 'DELETE', url: `/api/v1${url}` });
const sql = <T = unknown>(text: string, params: unknown[] = []) => api.db.orm.em.fork().execute<T[]>(text, params);
const detail = (res: { json: <T>() => T }) => res.json<{ detail: string }>().detail;
const deps = () => ({ em: api.db.orm.em.fork(), catalogue: api.deps.catalogue, boss: api.deps.boss });

interface Home { id: number; region: number; sub_region: number; position: number }

async function player(): Promise<{ player: TestPlayer; home: Home }> {
  const p = await createPlayer(api);
  const home = (await get(p, '/territories')).json<Home[]>()[0]!;
  await sql(`update territories set units = '{"razorwing": 10}'::jsonb, resources = '{"fiber": 3000, "crystal": 2500, "biomass": 50000}'::jsonb, resources_updated_at = now() where id = ?`, [home.id]);
  return { player: p, home };
}

/** The stock of a territory as a read at `at` settles it. */
async function stockAt(id: number, at: Date): Promise<Record<string, number>> {
  const em = api.db.orm.em.fork();
  const territory = await em.findOneOrFail(Territory, { id });
  return (await settledViews(em, api.deps.catalogue, [territory], at)).get(id)!.state.resources;
}

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('vacation over /api/v1', () => {
  it('is refused while a queue item is running, listing it; then starts, shows on /users/me, refuses queues and cannot end early', async () => {
    const { player: p, home } = await player();
    expect((await post(p, `/territories/${home.id}/structures`, { structure_key: 'fiber_tangle' })).statusCode).toBe(201);
    const busy = await post(p, '/users/me/vacation');
    expect(busy.statusCode).toBe(409);
    expect(detail(busy)).toMatch(/^A vacation can start only when nothing is running: .+ level 1 \(until .+ UTC\)\. Wait for them to finish, or cancel or recall them\.$/);

    await sql('update queue_items set start_time = now() - interval \'2 hours\', end_time = now() - interval \'1 hour\' where user_id = ?', [p.user.id]);
    const started = await post(p, '/users/me/vacation');
    expect(started.statusCode).toBe(200);
    const { since, earliest_end } = started.json<{ since: string; earliest_end: string }>();
    expect(new Date(earliest_end).getTime() - new Date(since).getTime()).toBe(48 * HOUR);
    expect((await get(p, '/users/me')).json()).toMatchObject({ vacation: { since, earliest_end } });

    const queue = await post(p, `/territories/${home.id}/structures`, { structure_key: 'fiber_tangle' });
    expect(queue.statusCode).toBe(409);
    expect(detail(queue)).toBe(ON_VACATION);
    // Every queue, whether the vacation is read with a paying territory's settle or alone (research paid by none).
    for (const [url, payload] of [
      [`/territories/${home.id}/units`, { unit_key: 'razorwing', quantity: 1 }],
      [`/territories/${home.id}/defenses`, { defense_key: 'lesser_membrane', quantity: 1 }],
      ['/research', { tech_key: 'echo_sensing', territory_id_for_cost: home.id }],
      ['/research', { tech_key: 'echo_sensing', territory_id_for_cost: null }],
    ] as const) {
      const refused = await post(p, url, payload);
      expect([url, refused.statusCode, detail(refused)]).toEqual([url, 409, ON_VACATION]);
    }
    const early = await del(p, '/users/me/vacation');
    expect(early.statusCode).toBe(409);
    expect(detail(early)).toBe(`A vacation lasts at least 48 hours: yours can end from ${earliest_end.replace('T', ' ').slice(0, 16)} UTC.`);
  });

  it('a fleet already flying at a vacationer arrives; a new attack or spy at them is refused', async () => {
    const raider = await player();
    const away = await player();
    const sent = await post(raider.player, '/movements', {
      start_territory_id: raider.home.id, target_region: away.home.region, target_sub_region: away.home.sub_region, target_position: away.home.position, mission: 'ATTACK', units: { razorwing: 2 },
    });
    expect(sent.statusCode).toBe(201);
    expect((await post(away.player, '/users/me/vacation')).statusCode).toBe(200);
    const again = await post(raider.player, '/movements', {
      start_territory_id: raider.home.id, target_region: away.home.region, target_sub_region: away.home.sub_region, target_position: away.home.position, mission: 'ATTACK', units: { razorwing: 2 },
    });
    expect(again.statusCode).toBe(403);
    expect(detail(again)).toBe(`${away.player.user.username} is on vacation: nobody can attack or spy on them until it ends.`);
    const { id, arrival_time } = sent.json<{ id: string; arrival_time: string }>();
    expect(await applyArrival(deps(), { id, leg: 0 }, new Date(arrival_time))).toBe('applied');
    expect(await sql('select id from battles where ? = any(participant_user_ids)', [away.player.user.id])).toHaveLength(1);
  });
});

describe('production during a vacation', () => {
  it('stands still for its span (the stock is kept) and resumes exactly where it stopped', async () => {
    const onLeave = await player();
    const control = await player();
    // Both territories alike, settled at the same instant.
    const base = new Date(Date.now() + HOUR);
    await sql('update territories set resources = \'{"fiber": 1000, "crystal": 1000, "biomass": 1000}\'::jsonb, resources_updated_at = ? where id in (?, ?)', [base, onLeave.home.id, control.home.id]);
    const t0 = new Date(base.getTime() + HOUR);
    await startVacation(deps(), { id: onLeave.player.user.id }, t0);
    const atStart = await stockAt(onLeave.home.id, t0);
    expect(await stockAt(onLeave.home.id, new Date(t0.getTime() + 30 * HOUR))).toEqual(atStart);

    const t2 = new Date(t0.getTime() + 50 * HOUR);
    await expect(endVacation(deps(), { id: onLeave.player.user.id }, new Date(t0.getTime() + 47 * HOUR))).rejects.toThrow(/yours can end from/);
    await endVacation(deps(), { id: onLeave.player.user.id }, t2);
    const [row] = await sql<{ resources: Record<string, number> }>('select resources from territories where id = ?', [onLeave.home.id]);
    expect(row!.resources).toEqual(atStart);
    // Three hours after the end it holds what the control holds three hours after t0: one hour plus three of production.
    const resumed = await stockAt(onLeave.home.id, new Date(t2.getTime() + 3 * HOUR));
    const expected = await stockAt(control.home.id, new Date(t0.getTime() + 3 * HOUR));
    for (const key of Object.keys(expected)) expect(resumed[key]).toBeCloseTo(expected[key]!, 6);
    expect(resumed.fiber).toBeGreaterThan(atStart.fiber!);
  });
});

describe('moderation', () => {
  it('the console shows a player\'s vacation, activity and protection, and an operator ends a vacation early, audited', async () => {
    const { player: p } = await player();
    const t0 = new Date(Date.now() + HOUR);
    await startVacation(deps(), { id: p.user.id }, t0);
    const standing = await fairPlayStanding(api.db.orm.em.fork(), api.deps.catalogue, p.user.id, t0);
    expect(standing).toMatchObject({ activity: null, vacation: { since: t0.toISOString() }, points: 0, protected_by: api.deps.catalogue.universe.fair_play.protection_tiers[0] });
    await expect(operatorEndVacation(deps(), { id: null, username: 'command line' }, { user_id: p.user.id, reason: ' ' }, t0)).rejects.toThrow(/reason/);
    await operatorEndVacation(deps(), { id: null, username: 'command line' }, { user_id: p.user.id, reason: 'asked by mail' }, new Date(t0.getTime() + HOUR));
    expect((await get(p, '/users/me')).json()).toMatchObject({ vacation: null });
    expect(await sql('select action, target_label, reason from moderation_audit where target_id = ?', [String(p.user.id)])).toEqual([
      { action: 'END_VACATION', target_label: p.user.username, reason: 'asked by mail' },
    ]);
  });
});

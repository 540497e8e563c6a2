import { beforeAll, describe, expect, it } from 'vitest';
import { addNotification, applyArrival, type PlayerDetail } from '@brood/world';
import { useTestApi } from './support/test-api';
import { makeOperator, signUp, trpc, type SignedUp } from './support/moderation';

/** What the console reads: the universe, player search, a player's page with its multi-account signals and pushing, fleets, battle reports. */

const ctx = useTestApi();
let op: SignedUp;
let main: SignedUp;
let twin: SignedUp;
let stranger: SignedUp;
let transportId: string;

const deps = () => ({ em: ctx.api.deps.orm.em.fork(), catalogue: ctx.api.deps.catalogue, boss: ctx.api.deps.boss });

async function transport(from: SignedUp, to: SignedUp, fiber: number): Promise<{ id: string; arrival_time: string }> {
  await ctx.sql.query(`update territories set units = '{"hauler_grub": 4}', resources = '{"fiber": 50000, "crystal": 50000, "biomass": 50000}' where id = $1`, [from.territory]);
  const sent = await ctx.api.app.inject({
    method: 'POST', url: '/api/v1/movements', headers: from.headers,
    payload: { start_territory_id: from.territory, target_region: to.coords[0], target_sub_region: to.coords[1], target_position: to.coords[2], mission: 'TRANSPORT', units: { hauler_grub: 2 }, resources: { fiber } },
  });
  if (sent.statusCode !== 201) throw new Error(sent.body);
  return sent.json() as { id: string; arrival_time: string };
}

beforeAll(async () => {
  op = await signUp(ctx, 'con_operator', '10.9.0.1');
  await makeOperator(ctx, op);
  // main and twin signed up from different addresses, but twin signed in from main's: a signal.
  main = await signUp(ctx, 'con_main', '10.9.0.2');
  twin = await signUp(ctx, 'con_twin', '10.9.0.3', '10.9.0.2');
  stranger = await signUp(ctx, 'con_stranger', '10.9.0.4');
  // twin pushes resources to main; a transport to the stranger is no signal; a recalled one delivers nothing.
  const pushed = await transport(twin, main, 7000);
  transportId = pushed.id;
  expect(await applyArrival(deps(), { id: pushed.id, leg: 0 }, new Date(pushed.arrival_time))).toBe('applied');
  const other = await transport(stranger, main, 100);
  expect(await applyArrival(deps(), { id: other.id, leg: 0 }, new Date(other.arrival_time))).toBe('applied');
  await transport(main, twin, 5);
});

describe('Universe', () => {
  it('shows the effective settings, the overrides and live counts', async () => {
    const res = await trpc<{ settings: { moderation: { job_late_seconds: number } }; overrides: object; counts: Record<string, number>; late_after_seconds: number }>(ctx, op, 'admin.universe');
    expect(res.status).toBe(200);
    expect(res.data.settings).toEqual(ctx.api.deps.catalogue.universe);
    expect(res.data.overrides).toEqual(ctx.api.deps.env.UNIVERSE_OVERRIDES ?? {});
    const { rows: [truth] } = await ctx.sql.query<Record<string, number>>(
      `select (select count(*)::int from users where not is_test_account) as players, (select count(*)::int from users where is_test_account) as guests,
              (select count(*)::int from territories where owner_id is not null) as territories, (select count(*)::int from movements where arrival_time is not null) as fleets_in_flight`,
    );
    expect(res.data.counts).toMatchObject({ ...truth, operators: 1, suspended: 0 });
    expect(res.data.counts.fleets_in_flight).toBe(3);
    expect(res.data.late_after_seconds).toBe(30);
    // The arrival jobs of the three legs still to fly are in the future: not due, not late. A job overdue by a minute is both.
    const before = res.data.counts;
    await ctx.sql.query(`insert into pgboss.job (name, data, start_after) select name, '{}'::jsonb, now() - interval '1 minute' from pgboss.queue where name = 'movement-arrival'`);
    const after = (await trpc<{ counts: Record<string, number> }>(ctx, op, 'admin.universe')).data.counts;
    expect([after.jobs_due! - before.jobs_due!, after.jobs_late! - before.jobs_late!]).toEqual([1, 1]);
    await ctx.sql.query(`delete from pgboss.job where name = 'movement-arrival' and data = '{}'::jsonb`);
  });
});

describe('Players', () => {
  it('finds players by part of the name, by email and by id, exact match first', async () => {
    const names = async (query: string) => (await trpc<{ username: string }[]>(ctx, op, 'admin.searchPlayers', { query })).data.map((p) => p.username);
    expect(await names('CON_')).toEqual(['con_main', 'con_operator', 'con_stranger', 'con_twin']);
    expect(await names('con_twin@hive.test')).toEqual(['con_twin']);
    expect((await names(String(stranger.id)))[0]).toBe('con_stranger');
    expect(await names('%')).toEqual([]);
    expect(await names('   ')).toEqual([]);
  });

  it("shows a player's page: addresses and times, territories, fleets, scores, alliance, shared addresses and pushing", async () => {
    const res = await trpc<PlayerDetail>(ctx, op, 'admin.player', { user_id: main.id });
    expect(res.status).toBe(200);
    const page = res.data;
    expect(page).toMatchObject({ id: main.id, username: 'con_main', email: 'con_main@hive.test', signup_ip: '10.9.0.2', last_login_ip: '10.9.0.2', suspended: false, alliance: null });
    expect(page.last_login_at).not.toBeNull();
    expect(page.territories).toEqual([{ id: main.territory, name: expect.any(String), coords: main.coords.join(':') }]);
    expect(page.fleets).toEqual([expect.objectContaining({ mission: 'TRANSPORT', from: main.coords.join(':'), to: twin.coords.join(':'), units: 2 })]);
    expect(page.scores).toMatchObject({ total: expect.any(Number), rank: expect.any(Number) });
    expect(page.shared_address_accounts).toEqual([{ id: twin.id, username: 'con_twin', is_test_account: false, suspended: false, addresses: ['10.9.0.2'] }]);
    expect(page.transports).toEqual([
      expect.objectContaining({ movement_id: transportId, sender_id: twin.id, sender: 'con_twin', receiver_id: main.id, receiver: 'con_main', resources: { fiber: 7000 }, territory_id: main.territory }),
    ]);
    expect((await trpc(ctx, op, 'admin.player', { user_id: 999_999 })).status).toBe(404);
  });
});

describe('Fleets in flight', () => {
  it('lists fleets soonest first, filtered by mission, player and arrival', async () => {
    const all = await trpc<{ username: string; mission: string }[]>(ctx, op, 'admin.fleets', {});
    expect(all.data.map((f) => f.username).sort()).toEqual(['con_main', 'con_stranger', 'con_twin']);
    expect((await trpc<{ username: string }[]>(ctx, op, 'admin.fleets', { mission: 'TRANSPORT' })).data.map((f) => f.username)).toEqual(['con_main']);
    expect((await trpc<{ username: string }[]>(ctx, op, 'admin.fleets', { player: 'TWIN' })).data).toMatchObject([{ username: 'con_twin', mission: 'RETURN' }]);
    expect((await trpc<{ username: string }[]>(ctx, op, 'admin.fleets', { player: String(stranger.id) })).data).toMatchObject([{ username: 'con_stranger' }]);
    expect((await trpc(ctx, op, 'admin.fleets', { arriving_within_minutes: 0 })).data).toEqual([]);
    expect((await trpc(ctx, op, 'admin.fleets', { mission: 'WARP' })).status).toBe(400);
  });

  it("opens a battle's report from its id", async () => {
    const battle = 'battle-0001';
    const content = { outcome: 'ATTACKER_WIN', rounds_fought: 2, participant_results: [] };
    await ctx.api.deps.orm.em.fork().transactional(async (em) => {
      await addNotification({ em, boss: ctx.api.deps.boss }, main.id, { message_type: 'DEFENSE_REPORT', title: 'Defended', content, related_object_id: battle });
      await addNotification({ em, boss: ctx.api.deps.boss }, twin.id, { message_type: 'COMBAT_REPORT', title: 'Victory', content, related_object_id: battle });
    });
    const res = await trpc<{ received_by: { username: string; message_type: string }[]; content: object }>(ctx, op, 'admin.battleReport', { battle_id: battle });
    expect(res.status).toBe(200);
    expect(res.data.received_by.map((r) => [r.username, r.message_type])).toEqual([['con_twin', 'COMBAT_REPORT'], ['con_main', 'DEFENSE_REPORT']]);
    expect(res.data.content).toMatchObject(content);
    expect(await trpc(ctx, op, 'admin.battleReport', { battle_id: 'nope' })).toMatchObject({ status: 404, message: 'No battle report has this id.' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createPlayer, createTestApi, type TestApi, type TestPlayer } from '@brood/api/testing';

/**
 * Fair play over /api/v1 (docs/game-rules.md "Fair play"): newcomer protection at each tier and both
 * ways, an inactive target, a multi-party attack with one protected participant, the bash limit, and
 * the markers the map gives. Points are set in player_scores, as the scores would be.
 */

let api: TestApi;
const get = (who: TestPlayer, url: string) => call(api, who, { method: 'GET', url: `/api/v1${url}` });
const post = (who: TestPlayer, url: string, payload: object = {}) => call(api, who, { method: 'POST', url: `/api/v1${url}`, payload });
const sql = <T = unknown>(text: string, params: unknown[] = []) => api.db.orm.em.fork().execute<T[]>(text, params);
const detail = (res: { json: <T>() => T }) => res.json<{ detail: string }>().detail;
/** The tiers' thresholds, as universe.json sets them (one point under each is still protected). */
const tier = (i: number) => api.deps.catalogue.universe.fair_play.protection_tiers[i]!.below_points;
const grouped = (n: number) => n.toLocaleString('en-US');

interface Home { id: number; region: number; sub_region: number; position: number }
interface Player { player: TestPlayer; name: string; home: Home }

async function player(points: number): Promise<Player> {
  const p = await createPlayer(api);
  const home = (await get(p, '/territories')).json<Home[]>()[0]!;
  await sql(`update territories set units = '{"razorwing": 100}'::jsonb, resources = '{"fiber": 1000, "crystal": 1000, "biomass": 500000}'::jsonb, resources_updated_at = now() where id = ?`, [home.id]);
  await setPoints(p.user.id, points);
  return { player: p, name: p.user.username, home };
}
const setPoints = (userId: number, points: number) => sql('update player_scores set total_score = ? where user_id = ?', [points, userId]);
const idle = (who: Player, days: number) => sql(`update users set last_active_at = now() - make_interval(days => ?) where id = ?`, [days, who.player.user.id]);
const attack = (from: Player, at: Player, mission = 'ATTACK', units: Record<string, number> = { razorwing: 1 }) => post(from.player, '/movements', {
  start_territory_id: from.home.id, target_region: at.home.region, target_sub_region: at.home.sub_region, target_position: at.home.position, mission, units,
});

beforeAll(async () => {
  api = await createTestApi({ UNIVERSE_OVERRIDES: JSON.stringify({ universe_speed_factor: 10, base_effects: { max_fleets: 30 } }) });
});
afterAll(async () => {
  await api?.close();
});

describe('newcomer protection', () => {
  it('refuses an attack on a player under a fifth of the attacker\'s points below the first tier, and allows it at exactly a fifth', async () => {
    const under = tier(0) - 1;
    const weak = await player(under);
    const strong = await player(under * 5 + 1);
    const refused = await attack(strong, weak);
    expect(refused.statusCode).toBe(403);
    expect(detail(refused)).toMatch(new RegExp(`^Newcomer protection: ${weak.name} has ${grouped(under)} points, under a fifth of yours\\.`));
    // Both ways: the weak player cannot attack the strong one either.
    const back = await attack(weak, strong);
    expect(back.statusCode).toBe(403);
    expect(detail(back)).toMatch(new RegExp(`^Newcomer protection: you have ${grouped(under)} points, under a fifth of`));
    await setPoints(strong.player.user.id, under * 5);
    expect((await attack(strong, weak)).statusCode).toBe(201);
  });

  it('protects below the second tier from players with more than ten times the points', async () => {
    const under = tier(1) - 1;
    const weak = await player(under);
    const strong = await player(under * 10 + 1);
    const refused = await attack(strong, weak);
    expect(refused.statusCode).toBe(403);
    expect(detail(refused)).toContain('under a tenth of yours');
    await setPoints(strong.player.user.id, under * 10);
    expect((await attack(strong, weak)).statusCode).toBe(201);
    // At the tier's points, no protection at all.
    await setPoints(weak.player.user.id, tier(1));
    await setPoints(strong.player.user.id, tier(1) * 100);
    expect((await attack(strong, weak)).statusCode).toBe(201);
  });

  it('refuses spying the same way, and lets transport through', async () => {
    const weak = await player(10);
    const strong = await player(100_000);
    await sql(`update territories set units = '{"razorwing": 10, "hauler_grub": 2, "whisper_mite": 2}'::jsonb where id = ?`, [strong.home.id]);
    const spy = await attack(strong, weak, 'SPY', { whisper_mite: 1 });
    expect(spy.statusCode).toBe(403);
    expect(detail(spy)).toMatch(/^Newcomer protection/);
    const transport = await post(strong.player, '/movements', {
      start_territory_id: strong.home.id, target_region: weak.home.region, target_sub_region: weak.home.sub_region, target_position: weak.home.position, mission: 'TRANSPORT', units: { hauler_grub: 1 }, resources: { fiber: 10 },
    });
    expect(transport.statusCode).toBe(201);
  });

  it('an inactive target loses its protection', async () => {
    const weak = await player(10);
    const strong = await player(100_000);
    expect((await attack(strong, weak)).statusCode).toBe(403);
    await idle(weak, 8);
    expect((await attack(strong, weak)).statusCode).toBe(201);
  });
});

describe('a multi-party attack', () => {
  it('needs every participant to be allowed to attack the target: one protected from them is refused at invitation and at joining', async () => {
    const target = await player(1000);
    const lead = await player(2000);
    const ally = await player(2000);
    const sent = await attack(lead, target);
    expect(sent.statusCode).toBe(201);
    const id = sent.json<{ id: string }>().id;
    expect((await post(lead.player, `/movements/${id}/invite`, { invited_user_username: ally.name })).statusCode).toBe(200);
    const [invitation] = await sql<{ id: number }>('select id from attack_invitations where invited_user_id = ?', [ally.player.user.id]);
    // The ally grows too strong for the target before answering: joining is refused, with the rule.
    await setPoints(ally.player.user.id, 100_000);
    const join = await post(ally.player, `/movements/invitations/${invitation!.id}/accept`, { joining_fleet_territory_id: ally.home.id, units: { razorwing: 1 } });
    expect(join.statusCode).toBe(403);
    expect(detail(join)).toMatch(/^Newcomer protection: .* has 1,000 points, under a fifth of yours/);
    const strong = await player(100_000);
    const invite = await post(lead.player, `/movements/${id}/invite`, { invited_user_username: strong.name });
    expect(invite.statusCode).toBe(403);
    expect(detail(invite)).toContain(`${strong.name} cannot join an attack on ${target.name}`);
  });
});

describe('the bash limit', () => {
  it('allows six attacks at one territory in 24 hours and refuses the seventh, saying when the next is allowed', async () => {
    const target = await player(5000);
    const raider = await player(5000);
    for (let i = 0; i < 6; i += 1) expect((await attack(raider, target)).statusCode).toBe(201);
    const seventh = await attack(raider, target);
    expect(seventh.statusCode).toBe(403);
    expect(detail(seventh)).toMatch(/^Bash limit: you have launched 6 attacks at this territory within 24 hours\. Your next attack on it is allowed from \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    // The refused attack is not recorded: its record went back with the refusal.
    expect(await sql('select count(*)::int as n from attack_launches where territory_id = ? and user_id = ?', [target.home.id, raider.player.user.id])).toEqual([{ n: 6 }]);
    // Spying is not counted; another attacker has a limit of their own.
    const other = await player(5000);
    expect((await attack(other, target)).statusCode).toBe(201);
  });

  it('does not count attacks on an inactive player', async () => {
    const target = await player(5000);
    const raider = await player(5000);
    await idle(target, 8);
    for (let i = 0; i < 7; i += 1) expect((await attack(raider, target)).statusCode).toBe(201);
    expect(await sql('select 1 from attack_launches where territory_id = ?', [target.home.id])).toEqual([]);
  });
});

describe('markers', () => {
  it('the region territories call gives each owned territory its owner_status as the viewer reads it', async () => {
    const weak = await player(5);
    const strong = await player(100_000);
    const region = (await get(strong.player, `/map/region/${weak.home.region}/territories`)).json<{ id: number; owner_status: string[] }[]>();
    expect(region.find((t) => t.id === weak.home.id)?.owner_status).toEqual(['n']);
    expect(region.find((t) => t.id === strong.home.id)?.owner_status ?? []).toEqual([]);
    const back = (await get(weak.player, `/map/region/${strong.home.region}/territories`)).json<{ id: number; owner_status: string[] }[]>();
    expect(back.find((t) => t.id === strong.home.id)?.owner_status).toEqual(['s']);
  });

  it('the fair-play view of players refuses an id no player can have with a 400, not a 500', async () => {
    const viewer = await player(5);
    const input = encodeURIComponent(JSON.stringify({ json: { user_ids: [viewer.player.user.id, 2 ** 53 - 1] } }));
    const res = await call(api, viewer.player, { method: 'GET', url: `/trpc/fairPlay.players?input=${input}` });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Player not found.');
  });

  it('a sign-in records activity; other calls at most once every few minutes', async () => {
    // No signed-in call yet (the api records the first one it sees).
    const fresh = await createPlayer(api);
    const p = { player: fresh, name: fresh.user.username } as Player;
    await idle(p, 30);
    await get(p.player, '/users/me');
    const [first] = await sql<{ days: number }>('select extract(epoch from now() - last_active_at) / 86400 as days from users where id = ?', [p.player.user.id]);
    expect(Number(first!.days)).toBeLessThan(1);
    // Written a moment ago: the next calls write nothing, so an old value stays until the minutes pass.
    await idle(p, 30);
    await get(p.player, '/users/me');
    const [second] = await sql<{ days: number }>('select extract(epoch from now() - last_active_at) / 86400 as days from users where id = ?', [p.player.user.id]);
    expect(Number(second!.days)).toBeGreaterThan(29);
    // A sign-in always writes it.
    const login = await api.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: new URLSearchParams({ username: p.name, password: 'correct horse battery' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(login.statusCode).toBe(200);
    const [third] = await sql<{ days: number }>('select extract(epoch from now() - last_active_at) / 86400 as days from users where id = ?', [p.player.user.id]);
    expect(Number(third!.days)).toBeLessThan(1);
  });
});

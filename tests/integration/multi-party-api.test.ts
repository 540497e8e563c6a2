import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_NOT_FOUND, ONLY_INITIATOR, USERNAME_REQUIRED, type MovementView } from '@brood/world';
import { call, createPlayer, createTestApi, type TestApi, type TestPlayer } from '@brood/api/testing';

/**
 * Multi-party attacks over /api/v1 (social spec 7): invite, accept, decline, recall, with who may do
 * what, the group's limit, and every bad input answered as a 4xx {detail}. A universe with room for
 * two participants per group.
 */

let api: TestApi;
const MAX = 2;
const get = (who: TestPlayer | null, url: string) => call(api, who, { method: 'GET', url: `/api/v1${url}` });
const post = (who: TestPlayer | null, url: string, payload: object = {}) => call(api, who, { method: 'POST', url: `/api/v1${url}`, payload });
const sql = <T = unknown>(text: string, params: unknown[] = []) => api.db.orm.em.fork().execute<T[]>(text, params);

interface Home { id: number; region: number; sub_region: number; position: number }
interface Raider { player: TestPlayer; name: string; home: Home }

async function raider(units: Record<string, number> = { razorwing: 10 }): Promise<Raider> {
  const player = await createPlayer(api);
  const home = (await get(player, '/territories')).json<Home[]>()[0]!;
  await sql(`update territories set units = ?::jsonb, resources = '{"fiber": 1000, "crystal": 1000, "biomass": 50000}'::jsonb, resources_updated_at = now() where id = ?`, [JSON.stringify(units), home.id]);
  return { player, name: (player.user as { username: string }).username, home };
}

let alice: Raider, bob: Raider, carol: Raider, dave: Raider, erin: Raider;
let attackId: string;

beforeAll(async () => {
  api = await createTestApi({ UNIVERSE_OVERRIDES: JSON.stringify({ universe_speed_factor: 10, max_participants: MAX }) });
  [alice, bob, carol, dave, erin] = await Promise.all([raider(), raider({ hauler_grub: 2 }), raider(), raider(), raider()]);
  const sent = await post(alice.player, '/movements', {
    start_territory_id: alice.home.id, target_region: bob.home.region, target_sub_region: bob.home.sub_region, target_position: bob.home.position, mission: 'ATTACK', units: { razorwing: 5 },
  });
  expect(sent.statusCode).toBe(201);
  attackId = sent.json<{ id: string }>().id;
});
afterAll(async () => {
  await api?.close();
});

const invite = (who: Raider | null, username: unknown, id = attackId) => post(who?.player ?? null, `/movements/${id}/invite`, username === undefined ? {} : { invited_user_username: username });
const detail = (res: { json: <T>() => T }) => res.json<{ detail: unknown }>().detail;

describe('POST /movements/{id}/invite', () => {
  it('refuses bad usernames with a sentence', async () => {
    expect((await invite(alice, '')).statusCode).toBe(400);
    expect(detail(await invite(alice, '   '))).toBe(USERNAME_REQUIRED);
    const missing = await invite(alice, undefined);
    expect(missing.statusCode).toBe(422);
    expect(detail(missing)).toEqual([expect.objectContaining({ msg: USERNAME_REQUIRED })]);
    const unknown = await invite(alice, 'nobody_by_that_name');
    expect(unknown.statusCode).toBe(404);
    expect(detail(unknown)).toBe("There is no player named 'nobody_by_that_name'.");
    expect(detail(await invite(alice, alice.name))).toBe('You cannot invite yourself to your own attack.');
    expect(detail(await invite(alice, bob.name.toUpperCase()))).toBe(`${bob.name} owns ${'Home Hive'} and cannot join an attack on it.`);
  });

  it('lets only the owner of an attack invite, up to max_participants, and a participant of the group is refused with a sentence', async () => {
    expect((await invite(null, carol.name)).statusCode).toBe(401);
    const stranger = await invite(dave, carol.name);
    expect(stranger.statusCode).toBe(404);
    expect(detail(stranger)).toBe('Movement not found');
    expect(detail(await invite(alice, carol.name, '00000000-0000-4000-8000-000000000000'))).toBe('Movement not found');
    expect((await invite(alice, carol.name, 'not-a-uuid')).statusCode).toBe(422);

    const ok = await invite(alice, carol.name.toLowerCase());
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ invited_username: carol.name, attack_group_id: attackId, mission_type: 'MULTI_PARTY_ATTACK_INITIATOR' });
    const again = await invite(alice, carol.name);
    expect(again.statusCode).toBe(409);
    expect(detail(again)).toBe(`${carol.name} has already been invited to this attack.`);
    expect((await invite(alice, dave.name)).statusCode).toBe(200);
    const full = await invite(alice, erin.name);
    expect(full.statusCode).toBe(409);
    expect(detail(full)).toBe(`This attack is full: at most ${MAX} players can join it (0 joined, 2 invited and not answered yet).`);

    // Carol joins; as a participant she may not invite to the group, neither through her fleet nor the initiator's.
    const [invitation] = await sql<{ id: number }>('select id from attack_invitations where attack_group_id = ? and invited_user_id = ?', [attackId, carol.player.user.id]);
    const joined = await post(carol.player, `/movements/invitations/${invitation!.id}/accept`, { invitationId: invitation!.id, joining_fleet_territory_id: carol.home.id, units: { razorwing: 3 } });
    expect(joined.statusCode).toBe(200);
    const joinedId = joined.json<{ id: string }>().id;
    for (const id of [attackId, joinedId]) {
      const res = await invite(carol, erin.name, id);
      expect(res.statusCode).toBe(403);
      expect(detail(res)).toBe(ONLY_INITIATOR);
    }
    const view = (await get(alice.player, '/movements/active')).json<MovementView[]>().find((m) => m.id === attackId);
    expect(view).toMatchObject({ mission_type: 'MULTI_PARTY_ATTACK_INITIATOR', current_participants: 1, max_participants: MAX, is_multi_party_initiator: true });
    // The defender sees both fleets of the group coming, quantities hidden.
    const seen = (await get(bob.player, '/movements/active')).json<MovementView[]>().filter((m) => m.attack_group_id === attackId);
    expect(seen.map((m) => m.id).sort()).toEqual([attackId, joinedId].sort());
    expect(seen.every((m) => m.is_attacking_player && m.units.every((u) => u.quantity === null))).toBe(true);
  });

  it('refuses fleets that are not attacks on their way', async () => {
    const transport = await post(bob.player, '/movements', {
      start_territory_id: bob.home.id, target_region: alice.home.region, target_sub_region: alice.home.sub_region, target_position: alice.home.position, mission: 'TRANSPORT', units: { hauler_grub: 1 },
    });
    expect(transport.statusCode).toBe(201);
    const res = await invite(bob, carol.name, transport.json<{ id: string }>().id);
    expect(res.statusCode).toBe(400);
    expect(detail(res)).toBe('Only an attack can take invitations: send an Attack first, then invite players to it.');
  });
});

describe('POST /movements/invitations/{id}/accept and /decline', () => {
  it('answers only the invited player, checks the join payload, and declines once', async () => {
    const [invitation] = await sql<{ id: number }>(`select id from attack_invitations where attack_group_id = ? and invited_user_id = ? and status = 'PENDING'`, [attackId, dave.player.user.id]);
    const id = invitation!.id;
    const join = (who: Raider, payload: object) => post(who.player, `/movements/invitations/${id}/accept`, payload);
    const other = await join(erin, { joining_fleet_territory_id: erin.home.id, units: { razorwing: 1 } });
    expect(other.statusCode).toBe(404);
    expect(detail(other)).toBe(INVITATION_NOT_FOUND);
    expect((await post(dave.player, '/movements/invitations/999999999/accept', { joining_fleet_territory_id: dave.home.id, units: { razorwing: 1 } })).statusCode).toBe(404);
    expect((await post(dave.player, '/movements/invitations/abc/decline')).statusCode).toBe(422);
    const mismatch = await join(dave, { invitationId: id + 1, joining_fleet_territory_id: dave.home.id, units: { razorwing: 1 } });
    expect(mismatch.statusCode).toBe(422);
    expect(detail(mismatch)).toEqual([expect.objectContaining({ msg: 'The invitationId in the body is not the invitation of the path.' })]);
    const notMine = await join(dave, { joining_fleet_territory_id: erin.home.id, units: { razorwing: 1 } });
    expect(notMine.statusCode).toBe(403);
    const tooMany = await join(dave, { joining_fleet_territory_id: dave.home.id, units: { razorwing: 11 } });
    expect(tooMany.statusCode).toBe(400);
    expect(detail(tooMany)).toMatch(/^Not enough Razorwing at .*: 11 selected, 10 there\.$/);
    const unfit = await join(dave, { joining_fleet_territory_id: dave.home.id, units: {} });
    expect(detail(unfit)).toBe('Please select at least one unit to send.');

    const declined = await post(dave.player, `/movements/invitations/${id}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ invitation_id: id, status: 'DECLINED' });
    const twice = await post(dave.player, `/movements/invitations/${id}/decline`);
    expect(twice.statusCode).toBe(409);
    expect(detail(twice)).toBe('You have already declined this invitation.');
    // The seat is free again.
    expect((await invite(alice, erin.name)).statusCode).toBe(200);
  });

  it('the initiator\'s recall over /recall sends every fleet of the group home', async () => {
    const recalled = await post(alice.player, `/movements/${attackId}/recall`);
    expect(recalled.statusCode).toBe(200);
    const rows = await sql<{ mission: string; attack_group_id: string | null }>('select mission, attack_group_id from movements where original_mission like ?', ['MULTI_PARTY%']);
    const group = rows.filter((r) => r.mission === 'RETURN');
    expect(group.length).toBeGreaterThanOrEqual(2);
    expect((await sql<{ n: string }>('select count(*) as n from movements where attack_group_id = ?', [attackId]))[0]!.n).toBe('0');
    expect((await sql<{ status: string }>(`select status from attack_invitations where attack_group_id = ? and invited_user_id = ?`, [attackId, erin.player.user.id]))[0]!.status).toBe('EXPIRED');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyArrival, DELETE_MESSAGES, sendFleet, type AccountExport } from '@brood/world';
import { call, createPlayer, createTestApi, type TestApi, type TestPlayer } from '@brood/api/testing';

/**
 * GET /api/v1/users/me/export and DELETE /api/v1/users/me over REST (docs/privacy.md): the export
 * holds the player's own data and nothing of another player's account; deletion asks for the password.
 */

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

const deps = () => ({ em: api.db.orm.em.fork(), catalogue: api.deps.catalogue, boss: api.deps.boss });
const sql = <T>(text: string, params: unknown[] = []) => api.db.orm.em.fork().execute<T[]>(text, params);
const home = async (p: TestPlayer) => (await sql<{ id: number; region: number; sub_region: number; position: number }>('select id, region, sub_region, position from territories where owner_id = ?', [p.user.id]))[0]!;

describe('the export of a player\'s data', () => {
  it('holds the account, territories, fleets, notifications, alliance and scores of the player, and no other player\'s account data', async () => {
    const alice = await createPlayer(api);
    const bob = await createPlayer(api);
    const [bobs] = await sql<{ email: string; signup_ip: string; password_hash: string }>('select email, signup_ip, password_hash from users where id = ?', [bob.user.id]);
    const [alices] = await sql<{ signup_ip: string; password_hash: string }>('select signup_ip, password_hash from users where id = ?', [alice.user.id]);
    const [alliance] = await sql<{ id: number }>(`insert into alliances (name, tag) values ('Exporters', 'EXP') returning id`);
    await sql(`insert into alliance_members (user_id, alliance_id, rank) values (?, ?, 'LEADER'), (?, ?, 'MEMBER')`, [alice.user.id, alliance!.id, bob.user.id, alliance!.id]);

    // Bob raids Alice (both keep a report; his fleet flies home from her territory); Alice has a fleet of her own.
    const [a, b] = [await home(alice), await home(bob)];
    await sql(`update territories set units = '{"razorwing": 30, "hauler_grub": 2}' where id in (?, ?)`, [a.id, b.id]);
    const now = new Date();
    const to = (t: typeof a) => ({ target_region: t.region, target_sub_region: t.sub_region, target_position: t.position });
    const raid = await sendFleet(deps(), { id: bob.user.id }, { start_territory_id: b.id, ...to(a), mission: 'ATTACK', units: { razorwing: 2 } }, now);
    expect(await applyArrival(deps(), { id: raid.id, leg: 0 }, new Date(raid.arrival_time))).toBe('applied');
    const later = new Date(raid.arrival_time);
    const own = await sendFleet(deps(), { id: alice.user.id }, { start_territory_id: a.id, ...to(b), mission: 'TRANSPORT', units: { hauler_grub: 1 } }, later);

    const res = await call(api, alice, { method: 'GET', url: '/api/v1/users/me/export' });
    expect(res.statusCode).toBe(200);
    const data = res.json<AccountExport>();
    expect(data.account).toMatchObject({ id: alice.user.id, username: alice.user.username, email: alice.user.email, signup_ip: alices!.signup_ip });
    expect(data.territories.map((t) => t.id)).toEqual([a.id]);
    expect(data.fleets.map((f) => f.id)).toEqual([own.id]);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.notifications.every((n) => n.user_id === alice.user.id)).toBe(true);
    expect(data.notifications.map((n) => n.message_type)).toContain('DEFENSE_REPORT');
    expect(data.alliance).toMatchObject({ alliance_id: alliance!.id, rank: 'LEADER' });
    expect(data.scores).toMatchObject({ total_score: expect.any(Number) });

    // Nothing of Bob's account: his email, address, password hash nowhere; his name only where Alice
    // legitimately read it (the report of his raid), never in her account's sections.
    const text = res.body;
    for (const secret of [bobs!.email, bobs!.signup_ip, bobs!.password_hash, alices!.password_hash]) expect(text).not.toContain(secret);
    const { notifications, ...rest } = data;
    expect(JSON.stringify(rest)).not.toContain(bob.user.username);
    expect(JSON.stringify(rest)).not.toMatch(new RegExp(`"(user_id|owner_id|target_owner_id)":${bob.user.id}\\b`));
    expect(notifications.length).toBeGreaterThan(0);

    const signedOut = await call(api, null, { method: 'GET', url: '/api/v1/users/me/export' });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('the export\'s private messages', () => {
  it('holds the player\'s own copies, received and sent, not those they deleted, and nothing between other players', async () => {
    const [ann, ben, cat] = [await createPlayer(api), await createPlayer(api), await createPlayer(api)];
    const send = async (from: TestPlayer, to: TestPlayer, subject: string) => {
      const res = await call(api, from, { method: 'POST', url: '/api/v1/messages', payload: { recipient_username: to.user.username, subject, body: `${subject} body` } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: number }>().id;
    };
    await send(ben, ann, 'ben to ann');
    const binned = await send(ben, ann, 'ann deleted this');
    await send(ann, ben, 'ann to ben');
    const unsent = await send(ann, cat, 'ann deleted her sent copy');
    await send(ben, cat, 'ben to cat');
    await send(cat, ben, 'cat to ben');
    expect((await call(api, ann, { method: 'DELETE', url: `/api/v1/messages/${binned}` })).statusCode).toBe(200);
    expect((await call(api, ann, { method: 'DELETE', url: `/api/v1/messages/${unsent}` })).statusCode).toBe(200);

    const res = await call(api, ann, { method: 'GET', url: '/api/v1/users/me/export' });
    const { messages } = res.json<AccountExport>();
    expect(messages.inbox.map((m) => [m.sender_username, m.subject, m.body])).toEqual([[ben.user.username, 'ben to ann', 'ben to ann body']]);
    expect(messages.sent.map((m) => [m.recipient_username, m.subject])).toEqual([[ben.user.username, 'ann to ben']]);
    for (const other of ['ben to cat', 'cat to ben', 'ann deleted this', 'ann deleted her sent copy']) expect(res.body).not.toContain(other);
    const [cats] = await sql<{ email: string }>('select email from users where id = ?', [cat.user.id]);
    expect(res.body).not.toContain(cats!.email);
  });
});

describe('DELETE /users/me', () => {
  it('refuses a wrong or missing password with a sentence, then deletes the account: its token and its password stop working', async () => {
    const carol = await createPlayer(api);
    const wrong = await call(api, carol, { method: 'DELETE', url: '/api/v1/users/me', payload: { password: 'not it' } });
    expect([wrong.statusCode, wrong.json()]).toEqual([403, { detail: DELETE_MESSAGES.wrongPassword }]);
    const missing = await call(api, carol, { method: 'DELETE', url: '/api/v1/users/me', payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0]).toMatchObject({ loc: ['body', 'password'] });
    expect((await call(api, carol, { method: 'GET', url: '/api/v1/users/me' })).statusCode).toBe(200);

    const gone = await call(api, carol, { method: 'DELETE', url: '/api/v1/users/me', payload: { password: 'correct horse battery' } });
    expect([gone.statusCode, gone.json()]).toEqual([200, { deleted: true }]);
    expect((await call(api, carol, { method: 'GET', url: '/api/v1/users/me' })).statusCode).toBe(401);
    const signIn = await api.app.inject({
      method: 'POST', url: '/api/v1/auth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: carol.user.username, password: 'correct horse battery' }).toString(),
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('both routes are in the OpenAPI document, with the tRPC procedures they call', async () => {
    const doc = (await api.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{ paths: Record<string, Record<string, { 'x-trpc-procedure'?: string; requestBody?: unknown }>> }>();
    expect(doc.paths['/users/me/export']?.get?.['x-trpc-procedure']).toBe('users.export');
    expect(doc.paths['/users/me']?.delete).toMatchObject({ 'x-trpc-procedure': 'users.delete', requestBody: expect.anything() });
  });
});

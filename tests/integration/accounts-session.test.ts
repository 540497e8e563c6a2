import { SignJWT } from 'jose';
import pino from 'pino';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartingTerritory } from '@brood/world';
import { createPlayer, createTestApi, type TestApi, type TestPlayer } from '@brood/api/testing';
import { guestExpiryJob } from '../../apps/sim-worker/src/jobs/guest-expiry.job';
import { runJob } from '../../apps/sim-worker/src/worker';

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

const me = (authorization?: string) => api.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: authorization ? { authorization } : {} });
const guest = async () => {
  const res = await api.app.inject({ method: 'POST', url: '/api/v1/auth/register-test' });
  expect(res.statusCode).toBe(201);
  return res.json<{ token: { access_token: string; token_type: string }; user: { id: number; username: string; email: string; expires_at: string } }>();
};
const bearer = (token: string) => `Bearer ${token}`;

async function signedToken(secret: string, claims: { sub: string; username: string }, expiresAt: number): Promise<string> {
  return new SignJWT({ username: claims.username }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub).setIssuedAt(expiresAt - 60).setExpirationTime(expiresAt).sign(new TextEncoder().encode(secret));
}

describe('tokens', () => {
  let player: TestPlayer;
  beforeAll(async () => {
    player = await createPlayer(api, 'tokenholder');
  });

  it('401 without a token', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Not authenticated' });
  });

  it('401 for a forged token (another secret) and for garbage', async () => {
    const forged = await signedToken('someone-elses-secret-0123456789', { sub: String(player.user.id), username: 'tokenholder' }, Math.floor(Date.now() / 1000) + 3600);
    for (const token of [forged, 'not.a.jwt', `${player.token}x`]) {
      const res = await me(bearer(token));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Could not validate credentials' });
    }
  });

  it('401 for an expired token', async () => {
    const expired = await signedToken(api.deps.env.JWT_SECRET, { sub: String(player.user.id), username: 'tokenholder' }, Math.floor(Date.now() / 1000) - 10);
    const res = await me(bearer(expired));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Token has expired' });
  });

  it('401 for a valid token whose account no longer exists', async () => {
    const gone = await createPlayer(api, 'ephemeral');
    await api.db.orm.em.fork().execute('delete from users where id = ?', [gone.user.id]);
    const res = await me(gone.headers.authorization);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Could not validate credentials' });
  });
});

describe('GET /users/me', () => {
  it('answers every user field of the spec', async () => {
    const player = await createPlayer(api, 'profiled');
    const res = await me(player.headers.authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: player.user.id,
      username: 'profiled',
      email: 'profiled@example.com',
      avatar_id: 1,
      score: 0,
      is_test_account: false,
      expires_at: null,
      alliance_membership: null,
      vacation: null,
    });
  });

  it('answers the same snake_case shape over tRPC', async () => {
    const player = await createPlayer(api, 'trpcuser');
    const res = await api.app.inject({ method: 'GET', url: '/trpc/users.me', headers: player.headers });
    expect(res.statusCode).toBe(200);
    const data = superjson.deserialize<Record<string, unknown>>(res.json().result.data);
    expect(data).toMatchObject({ id: player.user.id, username: 'trpcuser', avatar_id: 1, is_test_account: false, expires_at: null, alliance_membership: null });
  });
});

describe('PUT /users/me/avatar', () => {
  let player: TestPlayer;
  beforeAll(async () => {
    player = await createPlayer(api, 'avatarist');
  });
  const put = (payload: unknown) => api.app.inject({ method: 'PUT', url: '/api/v1/users/me/avatar', headers: player.headers, payload: payload as Record<string, unknown> });

  it.each([1, 27, 51])('accepts avatar %i and answers the updated user', async (avatar) => {
    const res = await put({ avatar_id: avatar });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: player.user.id, avatar_id: avatar });
    expect((await me(player.headers.authorization)).json().avatar_id).toBe(avatar);
  });

  it.each([
    [{ avatar_id: 0 }, 'Avatar must be between 1 and 51'],
    [{ avatar_id: 52 }, 'Avatar must be between 1 and 51'],
    [{ avatar_id: 2.5 }, 'Avatar must be a whole number'],
    [{ avatar_id: 'three' }, 'Avatar must be a number'],
    [{}, 'Field required'],
  ])('answers 422 for %j', async (payload, msg) => {
    const res = await put(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContainEqual({ loc: ['body', 'avatar_id'], msg, type: expect.any(String) });
  });

  it('needs a token', async () => {
    expect((await api.app.inject({ method: 'PUT', url: '/api/v1/users/me/avatar', payload: { avatar_id: 3 } })).statusCode).toBe(401);
  });
});

describe('POST /auth/register-test (guest)', () => {
  it('creates a signed-in guest: guest_<random>, <name>@guest.local, expiring in 7 days', async () => {
    const before = Date.now();
    const { token, user } = await guest();
    expect(token).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
    expect(user.username).toMatch(/^guest_[a-z0-9]{10}$/);
    expect(user.email).toBe(`${user.username}@guest.local`);
    expect(user).toMatchObject({ is_test_account: true, avatar_id: 1, score: 0, alliance_membership: null });
    const week = 7 * 24 * 3600 * 1000;
    expect(new Date(user.expires_at).getTime()).toBeGreaterThanOrEqual(before + week - 1000);
    expect(new Date(user.expires_at).getTime()).toBeLessThanOrEqual(Date.now() + week + 1000);
    const profile = await me(bearer(token.access_token));
    expect(profile.json()).toEqual(user);
  });

  it('gives every guest its own name, also for a guest asking again', async () => {
    const first = await guest();
    const again = await api.app.inject({ method: 'POST', url: '/api/v1/auth/register-test', headers: { authorization: bearer(first.token.access_token) } });
    expect(again.statusCode).toBe(201);
    expect(again.json().user.username).not.toBe(first.user.username);
  });
});

describe('a universe with other settings (UNIVERSE_OVERRIDES)', () => {
  let wide: TestApi;
  let player: TestPlayer;
  beforeAll(async () => {
    wide = await createTestApi({ UNIVERSE_OVERRIDES: JSON.stringify({ avatars: 60, territory_name_max_length: 16 }) });
    player = await createPlayer(wide, 'widepalette');
  });
  afterAll(async () => {
    await wide?.close();
  });

  it('takes the avatar count from it', async () => {
    const put = (avatar_id: number) => wide.app.inject({ method: 'PUT', url: '/api/v1/users/me/avatar', headers: player.headers, payload: { avatar_id } });
    expect((await put(60)).json()).toMatchObject({ avatar_id: 60 });
    const refused = await put(61);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toContainEqual({ loc: ['body', 'avatar_id'], msg: 'Avatar must be between 1 and 60', type: expect.any(String) });
  });

  it('takes the longest territory name from it', async () => {
    const [territory] = (await wide.app.inject({ method: 'GET', url: '/api/v1/territories', headers: player.headers })).json<{ id: number }[]>();
    const rename = (name: string) => wide.app.inject({ method: 'PUT', url: `/api/v1/territories/${territory!.id}/name`, headers: player.headers, payload: { name } });
    expect((await rename('Sixteen letters!')).json()).toEqual({ id: territory!.id, name: 'Sixteen letters!' });
    const refused = await rename('Seventeen letters');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail[0].msg).toBe('Territory name must be between 1 and 16 characters.');
  });
});

describe('POST /auth/register-test allowance per address', () => {
  it('refuses a third guest in an hour from one address when the universe allows two, and counts each address apart', async () => {
    const strict = await createTestApi({ UNIVERSE_OVERRIDES: JSON.stringify({ guest_signups_per_ip_per_hour: 2 }) });
    try {
      const from = (remoteAddress: string) => strict.app.inject({ method: 'POST', url: '/api/v1/auth/register-test', remoteAddress });
      expect((await from('203.0.113.7')).statusCode).toBe(201);
      expect((await from('203.0.113.7')).statusCode).toBe(201);
      const refused = await from('203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ detail: 'Too many guest accounts from your address. Try again in 60 minutes.' });
      expect((await from('198.51.100.4')).statusCode).toBe(201);
      const guests = await strict.db.orm.em.fork().execute<{ id: number }[]>('select id from users where is_test_account');
      expect(guests).toHaveLength(3);
    } finally {
      await strict.close();
    }
  });
});

describe('POST /users/me/claim', () => {
  const claim = (authorization: string, payload: Record<string, unknown>) => api.app.inject({ method: 'POST', url: '/api/v1/users/me/claim', headers: { authorization }, payload });

  it('turns a guest into a permanent account that keeps its id and territory', async () => {
    const { token, user } = await guest();
    const auth = bearer(token.access_token);
    const territories = () => api.db.orm.em.fork().execute<{ id: number }[]>('select id from territories where owner_id = ?', [user.id]);
    const owned = await territories();
    expect(owned).toHaveLength(1);
    const res = await claim(auth, { username: 'Claimed_One', email: 'claimed@hive.test', password: 'spawning-pools' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...user, username: 'Claimed_One', email: 'claimed@hive.test', is_test_account: false, expires_at: null });
    expect(await territories()).toEqual(owned);
    expect((await me(auth)).json().username).toBe('Claimed_One'); // the guest's token goes on working
    const login = await api.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: 'username=claimed%40hive.test&password=spawning-pools', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(login.statusCode).toBe(200);
    const again = await claim(auth, { username: 'Claimed_Two', email: 'claimed2@hive.test', password: 'spawning-pools' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Only guest accounts can be claimed' });
  });

  it('refuses a full account (400), a taken name (409) and invalid fields (422)', async () => {
    const full = await createPlayer(api, 'fullmember');
    expect((await claim(full.headers.authorization, { username: 'fullmember2', email: 'f2@hive.test', password: 'spawning-pools' })).statusCode).toBe(400);
    const { token } = await guest();
    const taken = await claim(bearer(token.access_token), { username: 'FULLMEMBER', email: 'new@hive.test', password: 'spawning-pools' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: 'Username already registered' });
    const invalid = await claim(bearer(token.access_token), { username: 'fine_name', email: 'nope', password: 'short' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().detail.map((d: { loc: string[] }) => d.loc[1]).sort()).toEqual(['email', 'password']);
  });

  it('needs a token', async () => {
    expect((await api.app.inject({ method: 'POST', url: '/api/v1/users/me/claim', payload: {} })).statusCode).toBe(401);
  });
});

describe('expired guests', () => {
  it('are refused at once, and the worker job removes them with everything they own', async () => {
    const expired = await guest();
    const alive = await guest();
    const claimedLater = await guest();
    const em = api.db.orm.em.fork();
    await em.transactional((tem) => createStartingTerritory(tem, { id: expired.user.id }, new Date(), api.deps.catalogue)); // a second territory
    await em.execute(`update users set expires_at = now() - interval '1 minute' where id in (?, ?)`, [expired.user.id, claimedLater.user.id]);
    await em.execute(`update users set is_test_account = false, expires_at = null where id = ?`, [claimedLater.user.id]);

    const refused = await me(bearer(expired.token.access_token));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: 'Your guest account has expired' });

    const log = pino({ level: 'silent' });
    const job = { id: 'test', name: guestExpiryJob.contract.name, data: {}, retryCount: 0 };
    const base = { orm: api.db.orm, boss: api.deps.boss, log, catalogue: api.deps.catalogue, now: () => new Date() };
    await runJob(guestExpiryJob, base, job);
    await runJob(guestExpiryJob, base, job); // a second run finds nothing more to do

    const users = await em.execute<{ id: number }[]>('select id from users where id in (?, ?, ?) order by id', [expired.user.id, alive.user.id, claimedLater.user.id]);
    expect(users.map((u) => u.id)).toEqual([alive.user.id, claimedLater.user.id]);
    const left = await em.execute<{ n: string }[]>('select count(*) as n from territories where owner_id = ?', [expired.user.id]);
    expect(Number(left[0]?.n)).toBe(0);
    expect((await me(bearer(alive.token.access_token))).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '@brood/api/testing';

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

// Each registration from an address of its own: registrations are limited per address (accounts-limits.test.ts).
let registrations = 0;
const register = (payload: Record<string, unknown>) =>
  api.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload, remoteAddress: `10.100.0.${(registrations += 1)}` });
const login = (fields: Record<string, string>, remoteAddress = '10.0.0.1') =>
  api.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress });

describe('POST /auth/register', () => {
  it('creates a full account and answers the user (201), never the password', async () => {
    const res = await register({ username: 'Drone_Queen', email: 'queen@hive.test', password: 'spawning-pools' });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toEqual({
      id: expect.any(Number),
      username: 'Drone_Queen',
      email: 'queen@hive.test',
      avatar_id: 1,
      score: 0,
      is_test_account: false,
      expires_at: null,
      alliance_membership: null,
      vacation: null,
    });
    expect(res.body).not.toMatch(/password|argon/i);
  });

  it('gives the new player a starting territory in the same step', async () => {
    const res = await register({ username: 'settler', email: 'settler@hive.test', password: 'spawning-pools' });
    const rows = await api.db.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from territories where owner_id = ?', [res.json().id]);
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it('refuses a taken username or email, whatever the case (409)', async () => {
    await register({ username: 'Taken', email: 'taken@hive.test', password: 'spawning-pools' });
    const sameName = await register({ username: 'tAKEN', email: 'other@hive.test', password: 'spawning-pools' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ detail: 'Username already registered' });
    const sameEmail = await register({ username: 'other', email: 'TAKEN@hive.test', password: 'spawning-pools' });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ detail: 'Email already registered' });
  });

  it('lets only one of two simultaneous registrations of a name through', async () => {
    const results = await Promise.all([1, 2, 3].map((i) => register({ username: 'racer', email: `racer${i}@hive.test`, password: 'spawning-pools' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it.each([
    [{ username: 'ok_name', email: 'not-an-email', password: 'spawning-pools' }, 'email', 'Enter a valid email address'],
    [{ username: 'ok_name', email: 'ok@hive.test', password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ username: 'ab', email: 'ok@hive.test', password: 'spawning-pools' }, 'username', 'Username must be at least 3 characters'],
    [{ username: 'a'.repeat(21), email: 'ok@hive.test', password: 'spawning-pools' }, 'username', 'Username must be at most 20 characters'],
    [{ username: 'spaced name', email: 'ok@hive.test', password: 'spawning-pools' }, 'username', 'Username may contain only letters, digits, _ and -'],
    [{ username: 'guest_fake', email: 'ok@hive.test', password: 'spawning-pools' }, 'username', 'Usernames starting with guest_ are reserved for guest accounts'],
    [{ username: 'ok_name', email: 'x@guest.local', password: 'spawning-pools' }, 'email', 'Addresses @guest.local are reserved for guest accounts'],
    [{ email: 'ok@hive.test', password: 'spawning-pools' }, 'username', 'Field required'],
  ])('answers 422 with {loc, msg, type} for invalid input (%j)', async (payload, field, msg) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContainEqual({ loc: ['body', field], msg, type: expect.any(String) });
  });

  it('answers 422 {detail} for a body that is not JSON at all', async () => {
    const res = await api.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: '{"username": ', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: [{ loc: ['body'], msg: 'The body is not valid JSON', type: 'json_invalid' }] });
  });

  it('answers 415 {detail} for a content type it does not read', async () => {
    const res = await api.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: 'hello', headers: { 'content-type': 'text/csv' } });
    expect(res.statusCode).toBe(415);
    expect(typeof res.json().detail).toBe('string');
  });

  it('answers 422 for a body that is not an object', async () => {
    const res = await api.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(422);
    expect(Array.isArray(res.json().detail)).toBe(true);
  });
});

describe('POST /auth/token', () => {
  beforeAll(async () => {
    await register({ username: 'Signer', email: 'Signer@Hive.test', password: 'spawning-pools' });
  });

  it('signs in by username or by email, case-insensitively, with a form-encoded body', async () => {
    for (const name of ['Signer', 'signer', 'signer@hive.test', 'SIGNER@HIVE.TEST']) {
      const res = await login({ username: name, password: 'spawning-pools' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
    }
  });

  it('issues a token that opens /users/me', async () => {
    const token = (await login({ username: 'signer', password: 'spawning-pools' })).json().access_token;
    const me = await api.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'Signer', email: 'Signer@Hive.test' });
  });

  it('answers 401 for a wrong password or an unknown user, with the same sentence', async () => {
    const wrong = await login({ username: 'signer', password: 'not-the-password' }, '10.0.0.2');
    const unknown = await login({ username: 'nobody', password: 'spawning-pools' }, '10.0.0.3');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Incorrect username or password' });
    }
  });

  it("does not treat '_' in a name as a wildcard", async () => {
    await register({ username: 'a_b', email: 'ab@hive.test', password: 'spawning-pools' });
    expect((await login({ username: 'axb', password: 'spawning-pools' }, '10.0.0.4')).statusCode).toBe(401);
  });

  it('answers 422 when a field is missing', async () => {
    const res = await login({ username: 'signer' }, '10.0.0.5');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContainEqual({ loc: ['body', 'password'], msg: 'Field required', type: expect.any(String) });
  });
});

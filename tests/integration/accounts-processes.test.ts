import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '@brood/api/testing';

// Two apis on one database, as two processes behind a load balancer: nothing that matters is in memory.
let first: TestApi;
let second: TestApi;

beforeAll(async () => {
  first = await createTestApi();
  second = await createTestApi({}, { sameDatabaseAs: first });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const login = (api: TestApi, username: string, password: string) =>
  api.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: new URLSearchParams({ username, password }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: '10.9.0.1' });

describe('several api processes on one database', () => {
  it('an account registered on one is signed in on the other, and its token works on both', async () => {
    const registered = await first.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { username: 'roamer', email: 'roamer@hive.test', password: 'spawning-pools' } });
    expect(registered.statusCode).toBe(201);
    const signedIn = await login(second, 'roamer', 'spawning-pools');
    expect(signedIn.statusCode).toBe(200);
    const authorization = `Bearer ${signedIn.json().access_token}`;
    for (const api of [first, second]) {
      const me = await api.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization } });
      expect(me.json()).toMatchObject({ username: 'roamer' });
    }
  });

  it('failed sign-ins on one count on the other', async () => {
    for (let i = 0; i < 3; i += 1) expect((await login(first, 'roamer', 'wrong-one')).statusCode).toBe(401);
    for (let i = 0; i < 2; i += 1) expect((await login(second, 'roamer', 'wrong-two')).statusCode).toBe(401);
    expect((await login(first, 'roamer', 'spawning-pools')).statusCode).toBe(429);
    expect((await login(second, 'roamer', 'spawning-pools')).statusCode).toBe(429);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '@brood/api/testing';

/**
 * Every wait on the database ends (issue #24, item 2): with each connection of the api's pool held,
 * /healthz still answers within a second (503 with a detail an operator can act on), and a request
 * that needs a connection fails after DB_CONNECT_TIMEOUT_MS instead of waiting forever.
 */
let api: TestApi;
let release: () => void = () => undefined;
let held: Promise<unknown> = Promise.resolve();

beforeAll(async () => {
  api = await createTestApi({ DB_POOL_MAX: '1', DB_CONNECT_TIMEOUT_MS: '2000' });
});

afterAll(async () => {
  release();
  await held.catch(() => undefined);
  await api?.close();
});

/** Holds the pool's one connection in an open transaction until `release()`. */
async function holdThePool(): Promise<void> {
  let begun: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (begun = resolve));
  held = api.deps.orm.em.fork().transactional(async (em) => {
    await em.execute('select 1');
    begun();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await started;
}

describe('/healthz and requests when the database does not answer', () => {
  it('/healthz answers 503 with a detail within a second while no connection is free', async () => {
    await holdThePool();
    const startedAt = Date.now();
    const res = await api.app.inject({ method: 'GET', url: '/healthz' });
    const took = Date.now() - startedAt;
    expect(res.statusCode).toBe(503);
    const body = res.json<{ status: string; detail: string }>();
    expect(body).toEqual({ status: 'database unreachable', detail: expect.stringMatching(/database/), release: expect.any(Object) });
    // The api gives up on the database early enough that its answer arrives within the second:
    // 300 ms are left for its event loop and the network.
    const deadline = Number(/within (\d+) ms/.exec(body.detail)?.[1]);
    expect(deadline).toBeLessThanOrEqual(700);
    expect(took).toBeGreaterThanOrEqual(deadline - 50);
    expect(took).toBeLessThan(1_900);
  });

  it('a request that needs a connection fails once DB_CONNECT_TIMEOUT_MS has passed, and the api serves again once one is free', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/v1/game-data/all' });
    expect(res.statusCode).toBe(200); // needs no database
    const registered = await api.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { username: 'patient', email: 'patient@example.com', password: 'correct horse battery' } });
    expect(registered.statusCode).toBeGreaterThanOrEqual(500);
    expect(JSON.stringify(registered.json())).not.toMatch(/\.ts|node_modules|at /);
    release();
    await held;
    const again = await api.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { username: 'patient', email: 'patient@example.com', password: 'correct horse battery' } });
    expect(again.statusCode).toBe(201);
    expect((await api.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'no sim-worker heartbeat', workers: 0, release: expect.any(Object) });
  });
});

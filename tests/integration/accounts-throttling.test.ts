import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '@brood/api/testing';

/**
 * Sign-in throttling and the registration allowance (issue #10, docs/security.md): tries are checked
 * and counted in one step, failures lock an account and address pair, an address only far above one
 * household's use, and an account tried from everywhere is slowed, never locked.
 */
let api: TestApi;
/** Small limits, so a test reaches them quickly. */
let strict: TestApi;

beforeAll(async () => {
  [api, strict] = await Promise.all([
    createTestApi(),
    createTestApi({ UNIVERSE_OVERRIDES: JSON.stringify({ account_signups_per_ip_per_hour: 3, login_throttle: { failures_per_address: 8 } }) }),
  ]);
});
afterAll(async () => {
  await Promise.all([api?.close(), strict?.close()]);
});

const PASSWORD = 'spawning-pools';
let registrations = 0;
const register = (on: TestApi, username: string, remoteAddress = `10.100.1.${(registrations += 1)}`) =>
  on.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { username, email: `${username}@hive.test`, password: PASSWORD }, remoteAddress });
const login = (on: TestApi, username: string, password: string, remoteAddress: string) =>
  on.app.inject({
    method: 'POST',
    url: '/api/v1/auth/token',
    payload: new URLSearchParams({ username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress,
  });
const sql = (on: TestApi, text: string) => on.db.orm.em.fork().execute(text);

describe('login throttling', () => {
  beforeAll(async () => {
    for (const name of ['target', 'twofaced', 'burst', 'spread', 'besieged']) expect((await register(api, name)).statusCode).toBe(201);
    expect((await register(strict, 'household')).statusCode).toBe(201);
  });

  it('locks an account and address pair after 5 failures, the right password included, while the account still signs in from elsewhere', async () => {
    for (let i = 0; i < 5; i += 1) expect((await login(api, 'target', `guess-${i}`, '10.1.0.1')).statusCode).toBe(401);
    const locked = await login(api, 'TARGET', PASSWORD, '10.1.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ detail: 'Too many failed login attempts. Try again in 15 minutes.' });
    expect((await login(api, 'target', PASSWORD, '10.1.0.2')).statusCode).toBe(200);
  });

  it('counts failures per account, whether it is named by username or by email', async () => {
    for (let i = 0; i < 5; i += 1) {
      const name = i % 2 === 0 ? 'twofaced' : 'TwoFaced@hive.test';
      expect((await login(api, name, 'guess', '10.3.0.1')).statusCode).toBe(401);
    }
    expect((await login(api, 'twofaced@hive.test', PASSWORD, '10.3.0.1')).statusCode).toBe(429);
  });

  it('lets the pair in again once its failures are 15 minutes old', async () => {
    await sql(api, `update login_attempts set attempted_at = attempted_at - interval '15 minutes' where identifier = 'target'`);
    expect((await login(api, 'target', PASSWORD, '10.1.0.1')).statusCode).toBe(200);
  });

  it('checks and counts parallel tries one at a time: a burst of 40 from one address gets at most 5 password checks', async () => {
    const burst = Array.from({ length: 41 }, (_, i) => login(api, 'burst', i === 20 ? PASSWORD : `guess-${i}`, '10.4.0.1'));
    const statuses = (await Promise.all(burst)).map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(36);
  });

  it('slows an account tried from many addresses at once: a burst of 40 from 40 addresses gets at most 11 checks', async () => {
    const burst = Array.from({ length: 40 }, (_, i) => login(api, 'spread', `guess-${i}`, `10.5.1.${i}`));
    const statuses = (await Promise.all(burst)).map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(11);
  });

  it('never locks an account tried from many addresses: the right password gets in at once from a known address, and after seconds from a new one', async () => {
    expect((await login(api, 'besieged', PASSWORD, '10.6.0.1')).statusCode).toBe(200); // the owner's usual address
    for (let i = 0; i < 10; i += 1) expect((await login(api, 'besieged', 'guess', `10.6.1.${i}`)).statusCode).toBe(401);
    const slowed = await login(api, 'besieged', PASSWORD, '10.6.2.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().detail).toMatch(/^Too many failed login attempts for this account\. Try again in [1-5] seconds?\.$/);
    expect((await login(api, 'besieged', PASSWORD, '10.6.0.1')).statusCode).toBe(200);
    await sql(api, `update login_attempts set attempted_at = attempted_at - interval '5 seconds' where identifier = 'besieged'`);
    expect((await login(api, 'besieged', PASSWORD, '10.6.2.1')).statusCode).toBe(200);
  });

  it("does not lock an address for a household's mistakes on several accounts", async () => {
    for (let i = 0; i < 5; i += 1) expect((await login(api, `ghost${i}`, 'x', '10.2.0.1')).statusCode).toBe(401);
    expect((await login(api, 'target', PASSWORD, '10.2.0.1')).statusCode).toBe(200);
  });

  it('locks an address out past failures_per_address, whatever the accounts, and only that address', async () => {
    for (let i = 0; i < 8; i += 1) expect((await login(strict, `ghost${i}`, 'x', '10.7.0.1')).statusCode).toBe(401);
    const locked = await login(strict, 'household', PASSWORD, '10.7.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ detail: 'Too many failed login attempts. Try again in 15 minutes.' });
    expect((await login(strict, 'household', PASSWORD, '10.7.0.2')).statusCode).toBe(200);
  });

  it('counts failures in the database, so another api process sees them', async () => {
    const rows = await api.db.orm.em.fork().execute<{ n: string }[]>(`select count(*) as n from login_attempts where ip = '10.3.0.1'`);
    expect(Number(rows[0]?.n)).toBe(5);
  });
});

describe('registration allowance per address', () => {
  it('refuses a registration past account_signups_per_ip_per_hour from one address (429), not from another', async () => {
    for (let i = 0; i < 3; i += 1) expect((await register(strict, `settler${i}`, '10.8.0.1')).statusCode).toBe(201);
    const refused = await register(strict, 'settler3', '10.8.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: 'Too many accounts registered from your address. Try again in 60 minutes.' });
    expect((await register(strict, 'settler4', '10.8.0.2')).statusCode).toBe(201);
  });

  it('counts a burst of parallel registrations one after another, in the database', async () => {
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => register(strict, `flood${i}`, '10.8.0.3')));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429, 429, 429]);
    const rows = await strict.db.orm.em.fork().execute<{ n: number }[]>(
      `select count(*)::int as n from territories t join users u on u.id = t.owner_id where u.username like 'flood%'`,
    );
    expect(rows[0]?.n).toBe(3);
  });

  it('allows 10 an hour by default (universe.json)', () => {
    expect(api.deps.catalogue.universe.account_signups_per_ip_per_hour).toBe(10);
  });
});

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createPlayer, createTestApi, type TestApi, type TestPlayer } from '@brood/api/testing';
import { attachRealtime, type Realtime } from '../../apps/api/src/realtime/hub';
import { openSocket, type TestSocket } from './realtime-helpers';

/** Security headers, body size, write rate and socket limits (numbers from UNIVERSE_OVERRIDES.api_limits). */
let api: TestApi;
let realtime: Realtime;
let base: string;
const sockets: TestSocket[] = [];
const LIMITS = { body_max_bytes: 4096, writes_per_player_per_minute: 5, sockets_per_player: 2 };

beforeAll(async () => {
  api = await createTestApi({ UNIVERSE_OVERRIDES: JSON.stringify({ api_limits: LIMITS }), WS_ALLOWED_ORIGINS: 'https://play.example.com' });
  realtime = await attachRealtime(api.app, api.deps);
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await realtime?.close();
  await api?.close();
});

describe('security headers', () => {
  it('go out on every answer: api calls, errors, health', async () => {
    for (const url of ['/healthz', '/api/v1/users/me', '/api/v1/no-such-path', '/trpc/users.me']) {
      const res = await api.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' ws: wss:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });
});

describe('request bodies', () => {
  it('answers 413 with {detail} for a body over the limit, JSON or form', async () => {
    const big = 'x'.repeat(LIMITS.body_max_bytes);
    const json = await api.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { username: 'big', email: 'big@example.com', password: big } });
    expect(json.statusCode).toBe(413);
    expect(json.json()).toEqual({ detail: expect.stringMatching(/too large/i) });
    const form = await api.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      payload: new URLSearchParams({ username: 'big', password: big }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(413);
    expect(form.json()).toHaveProperty('detail');
  });
});

describe('writes per player', () => {
  let ana: TestPlayer;
  let bob: TestPlayer;
  beforeAll(async () => {
    ana = await createPlayer(api);
    bob = await createPlayer(api);
  });

  it('admits the allowance in a minute, then answers 429 with {detail} and Retry-After; reads and other players go on', async () => {
    const write = (who: TestPlayer) => api.app.inject({ method: 'DELETE', url: '/api/v1/territories/1/build-queue/none', headers: who.headers });
    for (let i = 0; i < LIMITS.writes_per_player_per_minute; i++) expect((await write(ana)).statusCode).not.toBe(429);
    const refused = await write(ana);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: expect.stringMatching(/^Too many changes: at most 5 a minute per player\. Try again in \d+ seconds\.$/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    expect((await api.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: ana.headers })).statusCode).toBe(200);
    expect((await write(bob)).statusCode).not.toBe(429);
  });

  it('counts each procedure of a tRPC mutation batch', async () => {
    const carl = await createPlayer(api);
    const batch = (n: number) =>
      api.app.inject({
        method: 'POST',
        url: `/trpc/${Array.from({ length: n }, () => 'notifications.markAllRead').join(',')}?batch=1`,
        payload: Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), {}])),
        headers: carl.headers,
      });
    expect((await batch(4)).statusCode).not.toBe(429);
    const refused = await batch(2);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toHaveProperty('detail');
  });
});

function upgrade(token: string, origin?: string): Promise<number> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(token)}`, origin ? { origin } : {});
  return new Promise((resolve) => {
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('error', () => undefined);
  });
}

describe('/ws', () => {
  it("refuses a page of another origin (403) and admits the server's own and the listed ones", async () => {
    const dee = await createPlayer(api);
    expect(await upgrade(dee.token, 'https://evil.example.net')).toBe(403);
    expect(await upgrade(dee.token, 'null')).toBe(403);
    expect(await upgrade(dee.token, base)).toBe(101);
    expect(await upgrade(dee.token, 'https://play.example.com')).toBe(101);
  });

  it('caps the sockets one player holds open, and admits another once one closes', async () => {
    const eve = await createPlayer(api);
    for (let i = 0; i < LIMITS.sockets_per_player; i++) sockets.push(await openSocket(base, eve.token));
    expect(await upgrade(eve.token)).toBe(429);
    const fay = await createPlayer(api);
    expect(await upgrade(fay.token)).toBe(101);
    const first = sockets.shift()!;
    first.close();
    await first.closed;
    await new Promise((r) => setTimeout(r, 50));
    expect(await upgrade(eve.token)).toBe(101);
  });
});

import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { allProcedures, createPlayer, type TestApi, type TestPlayer } from '@brood/api/testing';
import { useTestApi } from './support/test-api';

/**
 * Bad bytes and bad requests (issue #10): control characters are refused with a 422 for every
 * procedure, and every answer under /api/v1 is `{detail}`, errors raised before any route runs included.
 */
const ctx = useTestApi();
let api: TestApi;
let player: TestPlayer;
let territoryId: number;
let base: string;

beforeAll(async () => {
  api = ctx.api;
  player = await createPlayer(api);
  territoryId = (await api.app.inject({ method: 'GET', url: '/api/v1/territories', headers: player.headers })).json()[0].id;
  base = await api.app.listen({ port: 0, host: '127.0.0.1' });
});

const CONTROL = 'Text must not contain control characters';
const refusedAt = (loc: (string | number)[]) => ({ loc: ['body', ...loc], msg: CONTROL, type: 'custom' });

describe('control characters', () => {
  it.each([
    ['username', { username: 'drone\u0000queen', email: 'nul@hive.test', password: 'spawning-pools' }],
    ['email', { username: 'nulmail', email: 'nul\u0000@hive.test', password: 'spawning-pools' }],
    ['password', { username: 'nulpass', email: 'nulpass@hive.test', password: 'spawning\u0000pools' }],
  ])('are refused in a registration %s with a 422 naming the field', async (field, payload) => {
    const res = await api.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload, remoteAddress: '10.60.0.1' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: [refusedAt([field])] });
  });

  it('are refused in a login name (422), not a 500 from PostgreSQL', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      payload: new URLSearchParams({ username: 'drone\u0000', password: 'spawning-pools' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: [refusedAt(['username'])] });
  });

  it.each([['\u0000'], ['\n'], ['\t'], ['\u001b[31m'], ['\u0085']])('are refused in a territory name (%j)', async (bad) => {
    const res = await api.app.inject({ method: 'PUT', url: `/api/v1/territories/${territoryId}/name`, headers: player.headers, payload: { name: `Hive${bad}` } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: [refusedAt(['name'])] });
  });

  it('are refused in object keys and nested values too', async () => {
    const res = await api.app.inject({ method: 'POST', url: '/api/v1/auth/register', remoteAddress: '10.60.0.2', payload: { username: 'keyed', email: 'keyed@hive.test', password: 'spawning-pools', 'x\u0000': { deep: ['ok', 'b\u0007d'] } } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual(expect.arrayContaining([refusedAt([]), refusedAt(['x\u0000', 'deep', 1])]));
  });

  it('are refused by every procedure of the router over /trpc, signed in or not, before anything else runs', async () => {
    const procedures = allProcedures().filter((p) => p.type !== 'subscription');
    expect(procedures.length).toBeGreaterThan(30);
    for (const { path, type } of procedures) {
      const input = encodeURIComponent(JSON.stringify({ json: { probe: 'nul\u0000' } }));
      const res =
        type === 'query'
          ? await api.app.inject({ method: 'GET', url: `/trpc/${path}?input=${input}` })
          : await api.app.inject({ method: 'POST', url: `/trpc/${path}`, payload: { json: { probe: 'nul\u0000' } } });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.json.data.validation, path).toEqual([refusedAt(['probe'])]);
    }
  });

  it('leave ordinary text alone, accents and emoji included', async () => {
    const res = await api.app.inject({ method: 'PUT', url: `/api/v1/territories/${territoryId}/name`, headers: player.headers, payload: { name: 'Ruche été 🐝' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('422 items name where the field was sent (FastAPI loc: path, query or body)', () => {
  const loc = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await api.app.inject({ method, url: `/api/v1${url}`, headers: player.headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, url).toBe(422);
    return (res.json() as { detail: { loc: (string | number)[] }[] }).detail.map((item) => item.loc);
  };

  it('a query parameter is in the query', async () => {
    expect(await loc('GET', '/alliances?limit=500')).toEqual([['query', 'limit']]);
    expect(await loc('GET', '/notifications/?limit=0')).toEqual([['query', 'limit']]);
    expect(await loc('GET', '/halloffame/entries/1/comments?limit=abc')).toEqual([['query', 'limit']]);
  });

  it('a path parameter is in the path', async () => {
    expect(await loc('GET', '/territories/abc')).toEqual([['path', 'id']]);
    expect(await loc('POST', '/movements/not-a-uuid/recall')).toEqual([['path', 'movement_id']]);
    expect(await loc('PUT', `/territories/0/name`, { name: 'Hive' })).toEqual([['path', 'id']]);
  });

  it('a body field, sent or missing, is in the body', async () => {
    expect(await loc('PUT', `/territories/${territoryId}/name`, { name: '' })).toEqual([['body', 'name']]);
    expect(await loc('POST', `/territories/${territoryId}/structures`, {})).toEqual([['body', 'structure_key']]);
  });
});

/** A raw HTTP exchange over a socket, for requests no client library would send. */
function rawRequest(request: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: Number(text.split(' ')[1]), body: text.slice(text.indexOf('\r\n\r\n') + 4) }));
  });
}

describe('every answer under /api/v1 is {detail}', () => {
  it('a bad percent-escape in the path (400)', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/api/v1/territories/%ff', headers: player.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'The path is not a valid URL' });
  });

  it('an over-long path parameter (414)', async () => {
    const res = await api.app.inject({ method: 'GET', url: `/api/v1/territories/${'9'.repeat(6000)}`, headers: player.headers });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ detail: 'The path is too long' });
  });

  it('headers too large for the HTTP parser (431), over a real socket', async () => {
    const res = await fetch(`${base}/api/v1/territories`, { headers: { ...player.headers, 'x-filler': 'a'.repeat(20_000) } });
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({ detail: 'The request headers are too large' });
  });

  it('a request that is not HTTP (400)', async () => {
    const res = await rawRequest('GET /api/v1/territories HTTP/1.1\r\nHost: x\r\nbroken header line\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ detail: 'The request is not valid HTTP' });
  });

  it('an unknown path (404), a body that is not JSON (422), an unknown content type (415)', async () => {
    expect((await api.app.inject({ method: 'GET', url: '/api/v1/nowhere' })).json()).toEqual({ detail: 'Not Found' });
    const broken = await api.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: '{"x": ', headers: { 'content-type': 'application/json' } });
    expect(broken.json()).toEqual({ detail: [{ loc: ['body'], msg: 'The body is not valid JSON', type: 'json_invalid' }] });
    const csv = await api.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: 'a,b', headers: { 'content-type': 'text/csv' } });
    expect(csv.statusCode).toBe(415);
    expect(Object.keys(csv.json())).toEqual(['detail']);
  });
});


import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createPlayer, createTestApi, type TestApi, type TestPlayer } from '@brood/api/testing';

/**
 * /trpc as httpBatchLink speaks it, served by the api's own endpoint (apps/api/src/http/trpc-endpoint.ts)
 * rather than tRPC's fetch adapter: the same answers, statuses and refusals a client of tRPC expects.
 */

let api: TestApi;
let alice: TestPlayer;
let home: number;

beforeAll(async () => {
  api = await createTestApi();
  alice = await createPlayer(api);
  const listed = await call(api, alice, { method: 'GET', url: '/trpc/territories.list' });
  home = listed.json<{ result: { data: { json: { id: number }[] } } }>().result.data.json[0]!.id;
});

afterAll(async () => {
  await api.close();
});

type Answer = { result?: { data: { json: unknown } }; error?: { json: { message: string; code: number; data: { code: string; httpStatus: number; path?: string } } } };

const batchUrl = (paths: string[], inputs: Record<number, unknown> = {}) =>
  `/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(Object.entries(inputs).map(([i, v]) => [i, { json: v }]))))}`;

describe('the /trpc endpoint', () => {
  it('answers a batch of queries in order, each with its data or its own error, with 207 when they differ', async () => {
    const res = await call(api, alice, { method: 'GET', url: batchUrl(['users.me', 'territories.get', 'no.such'], { 1: { id: -5 } }) });
    expect(res.statusCode).toBe(207);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const [me, territory, missing] = res.json<Answer[]>();
    expect(me!.result!.data.json).toMatchObject({ username: alice.user.username });
    expect(territory!.error!.json.data.httpStatus).toBe(400);
    expect(territory!.error!.json.data.path).toBe('territories.get');
    expect(missing!.error!.json).toMatchObject({ message: 'No procedure found on path "no.such"', data: { code: 'NOT_FOUND', httpStatus: 404 } });
  });

  it('answers a single call (no batch) with one object, and a batch of one with an array', async () => {
    const single = await call(api, alice, { method: 'GET', url: '/trpc/users.me' });
    expect(single.statusCode).toBe(200);
    expect(single.json<Answer>().result!.data.json).toMatchObject({ username: alice.user.username });
    const one = await call(api, alice, { method: 'GET', url: batchUrl(['users.me']) });
    expect(one.json<Answer[]>()).toHaveLength(1);
  });

  it('runs a mutation by POST with its JSON body, and refuses one asked by GET or a query asked by POST with 405', async () => {
    const renamed = await call(api, alice, {
      method: 'POST',
      url: '/trpc/territories.rename?batch=1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ 0: { json: { id: home, name: 'Endpoint' } } }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const listed = await call(api, alice, { method: 'GET', url: batchUrl(['territories.get'], { 0: { id: home } }) });
    expect(listed.json<Answer[]>()[0]!.result!.data.json).toMatchObject({ name: 'Endpoint' });

    const byGet = await call(api, alice, { method: 'GET', url: batchUrl(['territories.rename'], { 0: { id: home, name: 'Nope' } }) });
    expect(byGet.statusCode).toBe(405);
    expect(byGet.json<Answer[]>()[0]!.error!.json.message).toBe('Unsupported GET-request to mutation procedure at path "territories.rename"');
    const byPost = await call(api, alice, { method: 'POST', url: '/trpc/users.me?batch=1', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(byPost.statusCode).toBe(405);
  });

  it('refuses input that is not JSON, a batch input that is not an object, a body of another type and a batch that mixes kinds, with 4xx and a message', async () => {
    const broken = await call(api, alice, { method: 'GET', url: '/trpc/territories.get?batch=1&input=%7Bnot-json' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json<Answer[]>()[0]!.error!.json.data.code).toBe('BAD_REQUEST');

    const notObject = await call(api, alice, { method: 'GET', url: `/trpc/territories.get?batch=1&input=${encodeURIComponent('[1]')}` });
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json<Answer[]>()[0]!.error!.json.message).toBe('"input" needs to be an object when doing a batch call');

    const text = await call(api, alice, { method: 'POST', url: '/trpc/territories.rename?batch=1', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(415);
    expect(text.json<Answer>().error!.json.message).toBe('Unsupported content-type "text/plain"');

    const mixed = await call(api, alice, { method: 'GET', url: batchUrl(['users.me', 'territories.rename']) });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json<Answer>().error!.json.message).toBe('Cannot mix procedure types in call: query, mutation');
  });

  it('answers HEAD with 204 and no body, and an unknown token with 401 on every call of the batch', async () => {
    const head = await call(api, null, { method: 'HEAD', url: '/trpc/users.me' });
    expect(head.statusCode).toBe(204);
    expect(head.body).toBe('');
    const refused = await call(api, null, { method: 'GET', url: batchUrl(['users.me', 'stats.overview']), headers: { authorization: 'Bearer nonsense' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json<Answer[]>().map((a) => a.error!.json.data.code)).toEqual(['UNAUTHORIZED', 'UNAUTHORIZED']);
  });

  it('compresses a large answer for a client that asks, and the answer decodes to the same JSON', async () => {
    const plain = await call(api, alice, { method: 'GET', url: batchUrl(['gameData.all']) });
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(4096);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await call(api, alice, { method: 'GET', url: batchUrl(['gameData.all']), headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });
});

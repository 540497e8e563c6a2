import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgBoss } from 'pg-boss';
import { createBoss } from '@brood/world';
import { call, createPlayer, createTestApi, type TestApi, type TestPlayer } from '@brood/api/testing';
import { startWorker } from '../../apps/sim-worker/src/worker';
import { pushDeliveryJob } from '../../apps/sim-worker/src/jobs/push-delivery.job';
import { generateVapidKeys } from '../../scripts/lib/vapid';
import { eventually } from './support/fleet-world';
import { browserKeys, checkVapid, decryptPush, startPushService, type BrowserKeys, type TestPushService } from './support/push-service';

/**
 * Web Push end to end (issue 29): a browser subscribes with an endpoint this test serves (listed in
 * PUSH_ALLOWED_ORIGINS) and keys it made; a real attack launched at it is pushed by the sim-worker,
 * signed with VAPID and readable only with the subscription's private key.
 */

const vapid = { ...generateVapidKeys(), subject: 'mailto:ops@broodspace.test' };
let service: TestPushService;
let api: TestApi;
let workerBoss: PgBoss;
let worker: { stop(): Promise<void> };
const sql = <T = unknown>(text: string, params: unknown[] = []) => api.db.orm.em.fork().execute<T[]>(text, params);

beforeAll(async () => {
  service = await startPushService();
  api = await createTestApi({ PUSH_ALLOWED_ORIGINS: service.origin, VAPID_PUBLIC_KEY: vapid.publicKey });
  workerBoss = createBoss(api.url, 'worker');
  await workerBoss.start();
  worker = await startWorker({
    orm: api.db.orm, boss: workerBoss, log: pino({ level: 'silent' }), catalogue: api.deps.catalogue,
    jobs: [pushDeliveryJob({ vapid, allowedOrigins: [service.origin] })], pollingIntervalSeconds: 0.5,
  });
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await service?.close();
});

const subscribe = (who: TestPlayer, endpoint: string, keys: BrowserKeys['json']) => call(api, who, { method: 'POST', url: '/api/v1/push/subscriptions', payload: { endpoint, keys } });

/** Launches an attack of `attacker`'s razorwings at `defender`'s home. */
async function attack(attacker: TestPlayer, defender: TestPlayer): Promise<void> {
  const home = (await call(api, attacker, { method: 'GET', url: '/api/v1/territories' })).json<{ id: number }[]>()[0]!;
  const target = (await call(api, defender, { method: 'GET', url: '/api/v1/territories' })).json<{ region: number; sub_region: number; position: number }[]>()[0]!;
  await sql(`update territories set units = '{"razorwing": 5}'::jsonb, resources = '{"fiber": 1000, "crystal": 1000, "biomass": 100000}'::jsonb, resources_updated_at = now() where id = ?`, [home.id]);
  const sent = await call(api, attacker, {
    method: 'POST', url: '/api/v1/movements',
    payload: { start_territory_id: home.id, target_region: target.region, target_sub_region: target.sub_region, target_position: target.position, mission: 'ATTACK', units: { razorwing: 5 } },
  });
  expect(sent.statusCode, sent.body).toBe(201);
}

const subscriptionsOf = async (who: TestPlayer) => Number((await sql<{ n: string }>('select count(*) as n from push_subscriptions where user_id = ?', [who.user.id]))[0]!.n);

describe('Web Push', () => {
  it('pushes an incoming attack at launch, signed with VAPID, encrypted for the subscription alone, after a 503 tried again', async () => {
    expect((await call(api, null, { method: 'GET', url: '/api/v1/push/public-key' })).json()).toEqual({ public_key: vapid.publicKey });
    const defender = await createPlayer(api);
    const attacker = await createPlayer(api);
    const keys = browserKeys();
    const endpoint = `${service.origin}/push/${defender.user.id}`;
    const subscribed = await subscribe(defender, endpoint, keys.json);
    expect(subscribed.statusCode, subscribed.body).toBe(201);

    service.answers.push(503);
    const before = service.received.length;
    await attack(attacker, defender);
    // The first try is answered 503; the job is tried again (pg-boss back-off) and then taken.
    await eventually(() => (service.received.length >= before + 2 ? true : undefined), 25_000);
    const push = service.received[before + 1]!;
    expect(push.path).toBe(`/push/${defender.user.id}`);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    const claims = checkVapid(push.headers.authorization, vapid.publicKey, service.origin);
    expect(claims.sub).toBe(vapid.subject);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    const payload = JSON.parse(decryptPush(push.body, keys)) as Record<string, unknown>;
    expect(Object.keys(payload).sort()).toEqual(['body', 'title', 'url']);
    expect(payload.title).toMatch(/^Incoming attack on /);
    expect(payload.body).toContain(attacker.user.username);
    expect(payload.url).toBe('/dashboard');
    // Someone else's keys cannot read it.
    expect(() => decryptPush(push.body, browserKeys())).toThrow();
  }, 30_000);

  it('deletes a subscription its push service answers 410 Gone', async () => {
    const defender = await createPlayer(api);
    const attacker = await createPlayer(api);
    expect((await subscribe(defender, `${service.origin}/gone/${defender.user.id}`, browserKeys().json)).statusCode).toBe(201);
    expect(await subscriptionsOf(defender)).toBe(1);
    service.answers.push(410);
    await attack(attacker, defender);
    await eventually(async () => ((await subscriptionsOf(defender)) === 0 ? true : undefined), 20_000);
  });

  it('pushes nothing for a kind the player switched off', async () => {
    const defender = await createPlayer(api);
    const attacker = await createPlayer(api);
    expect((await subscribe(defender, `${service.origin}/off/${defender.user.id}`, browserKeys().json)).statusCode).toBe(201);
    const put = await call(api, defender, { method: 'PUT', url: '/api/v1/push/preferences', payload: { incoming_attack: false } });
    expect(put.json()).toMatchObject({ incoming_attack: false, queue_completion: false, spy_detected: true, subscriptions: 1 });
    const before = service.received.length;
    await attack(attacker, defender);
    // A delivery job is deleted once it ran: no job waiting, and none delivered in the time one takes (milliseconds).
    expect(Number((await sql<{ n: string }>(`select count(*) as n from pgboss.job where name = 'push-delivery' and (data->>'subscription_id')::int in (select id from push_subscriptions where user_id = ?)`, [defender.user.id]))[0]!.n)).toBe(0);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(service.received.slice(before).filter((r) => r.path === `/off/${defender.user.id}`)).toEqual([]);
  });

  it('pushes a private message to its recipient (sender and subject, never the body); a blocked sender pushes nothing', async () => {
    const [ann, bob, cid] = [await createPlayer(api), await createPlayer(api), await createPlayer(api)];
    await sql(`update users set created_at = now() - interval '30 days' where id in (?, ?, ?)`, [ann.user.id, bob.user.id, cid.user.id]);
    const keys = browserKeys();
    expect((await subscribe(bob, `${service.origin}/pm/${bob.user.id}`, keys.json)).statusCode).toBe(201);
    const message = (from: TestPlayer, subject: string) =>
      call(api, from, { method: 'POST', url: '/api/v1/messages', payload: { recipient_username: bob.user.username, subject, body: 'the secret body' } });
    const before = service.received.length;
    expect((await message(ann, 'Trade?')).statusCode).toBe(201);
    const push = await eventually(() => service.received.slice(before).find((r) => r.path === `/pm/${bob.user.id}`), 20_000);
    const payload = JSON.parse(decryptPush(push.body, keys)) as Record<string, unknown>;
    expect(payload).toEqual({ title: 'Private message', body: `${ann.user.username}: Trade?`, url: '/messages' });

    expect((await call(api, bob, { method: 'POST', url: `/api/v1/players/${cid.user.id}/block` })).statusCode).toBe(200);
    const afterFirst = service.received.length;
    const sent = await message(cid, 'Spam');
    expect(sent.statusCode, sent.body).toBe(201);
    // A delivery job is deleted once it ran: no job waiting, and none delivered in the time one takes (milliseconds).
    const jobs = await sql<{ data: Record<string, unknown> }>(
      `select data from pgboss.job where name = 'push-delivery' and (data->>'subscription_id')::int in (select id from push_subscriptions where user_id = ?)`, [bob.user.id]);
    expect(jobs).toEqual([]);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(service.received.slice(afterFirst).filter((r) => r.path === `/pm/${bob.user.id}`)).toEqual([]);
  }, 30_000);

  it('refuses endpoints outside the push services with a detail: loopback, the metadata address, an unknown host', async () => {
    const player = await createPlayer(api);
    const keys = browserKeys().json;
    const refusals = {
      'http://127.0.0.1:9/push': /private or loopback/,
      'https://169.254.169.254/latest/meta-data': /private or loopback/,
      'https://push.example.com/x': /not a known push service/,
      'http://updates.push.services.mozilla.com/wpush/v2/x': /must use https/,
    };
    for (const [endpoint, detail] of Object.entries(refusals)) {
      const res = await subscribe(player, endpoint, keys);
      expect(res.statusCode, endpoint).toBe(422);
      expect(res.json<{ detail: string }>().detail, endpoint).toMatch(detail);
    }
    expect((await subscribe(player, 'https://updates.push.services.mozilla.com/wpush/v2/abc', keys)).statusCode).toBe(201);
    expect((await subscribe(player, 'https://wns2-by3p.notify.windows.com/w/?token=x', keys)).statusCode).toBe(201);
    const removed = await call(api, player, { method: 'DELETE', url: '/api/v1/push/subscriptions', payload: { endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/abc' } });
    expect(removed.json()).toEqual({ removed: true });
    expect(await subscriptionsOf(player)).toBe(1);
    expect((await call(api, null, { method: 'POST', url: '/api/v1/push/subscriptions', payload: { endpoint: 'https://fcm.googleapis.com/x', keys } })).statusCode).toBe(401);
  });
});

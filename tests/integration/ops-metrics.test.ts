import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createPlayer, createTestApi, type TestApi, type TestPlayer } from '@brood/api/testing';
import { publishEvent } from '@brood/world';
import { buildApp } from '../../apps/api/src/app';
import { attachRealtime, type Realtime } from '../../apps/api/src/realtime/hub';
import { openSocket, waitFor, type TestSocket } from './realtime-helpers';
import { logLinesInto } from './support/log-lines';

/** GET /metrics (Prometheus text) and the request and user ids on log lines. */
let api: TestApi;
let realtime: Realtime;
let base: string;
let player: TestPlayer;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  api = await createTestApi({ METRICS_TOKEN: 'scrape-token-0123456789' });
  realtime = await attachRealtime(api.app, api.deps);
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  player = await createPlayer(api);
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await realtime?.close();
  await api?.close();
});

async function scrape(): Promise<string> {
  const res = await api.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-token-0123456789' } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** The value of one sample line, e.g. value(text, 'ws_sockets_open'), or undefined when absent. */
function value(text: string, sample: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
}

describe('/metrics', () => {
  it('answers only the scraper holding METRICS_TOKEN', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('detail');
  });

  it('counts requests and their latency by route pattern and status', async () => {
    for (let i = 0; i < 3; i++) await api.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: player.headers });
    await api.app.inject({ method: 'GET', url: '/api/v1/territories/77777', headers: player.headers });
    const text = await scrape();
    expect(value(text, 'http_requests_total{method="GET",route="/api/v1/users/me",status="200"}')).toBe(3);
    expect(value(text, 'http_requests_total{method="GET",route="/api/v1/territories/:id",status="404"}')).toBe(1);
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="/api/v1/users/me"}')).toBe(3);
    expect(value(text, 'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/v1/users/me"}')).toBe(3);
  });

  it('shows the database pool and the process', async () => {
    const text = await scrape();
    expect(value(text, 'db_pool_max')).toBe(5);
    expect(value(text, 'db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'db_pool_waiting')).toBe(0);
    expect(value(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts open sockets and the events pushed to them', async () => {
    const before = await scrape();
    const socket = await openSocket(base, player.token);
    sockets.push(socket);
    expect(value(await scrape(), 'ws_sockets_open')).toBe((value(before, 'ws_sockets_open') ?? 0) + 1);
    await api.db.orm.em.fork().transactional((tem) => publishEvent(tem, player.user.id, 'RESOURCE_UPDATE', { territory_id: 1 }));
    await waitFor('the event', () => socket.events().length === 1);
    expect(value(await scrape(), 'ws_events_pushed_total')).toBe((value(before, 'ws_events_pushed_total') ?? 0) + 1);
    socket.close();
    await socket.closed;
    let open = -1;
    for (let i = 0; i < 100 && open !== (value(before, 'ws_sockets_open') ?? 0); i++) {
      await new Promise((r) => setTimeout(r, 20));
      open = value(await scrape(), 'ws_sockets_open') ?? -1;
    }
    expect(open).toBe(value(before, 'ws_sockets_open') ?? 0);
  });

  it("shows each queue's due, applied and failed jobs and how late the oldest due one is", async () => {
    const boss = api.deps.boss;
    await boss.createQueue('ops-metrics-probe');
    await boss.send('ops-metrics-probe', { n: 1 });
    await boss.send('ops-metrics-probe', { n: 2 });
    await boss.send('ops-metrics-probe', { n: 3 }, { startAfter: new Date(Date.now() + 3_600_000) });
    const sql = new pg.Client({ connectionString: api.url });
    await sql.connect();
    await sql.query(`update pgboss.job set start_after = now() - interval '90 seconds' where name = 'ops-metrics-probe' and data->>'n' = '1'`);
    await sql.query(`update pgboss.job set state = 'failed' where name = 'ops-metrics-probe' and data->>'n' = '2'`);
    await sql.end();
    const text = await scrape();
    expect(value(text, 'jobs_due{queue="ops-metrics-probe"}')).toBe(1);
    expect(value(text, 'jobs_failed{queue="ops-metrics-probe"}')).toBe(1);
    expect(value(text, 'jobs_applied{queue="ops-metrics-probe"}')).toBe(0);
    expect(value(text, 'jobs_lag_seconds{queue="ops-metrics-probe"}')).toBeGreaterThanOrEqual(90);
    expect(value(text, 'jobs_lag_seconds{queue="ops-metrics-probe"}')).toBeLessThan(200);
  });
});

describe('log lines', () => {
  it("are one a request, carrying the request, its status, the request's id (also sent back as X-Request-Id) and the signed-in player's id", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await buildApp({ ...api.deps, env: { ...api.deps.env, LOG_LEVEL: 'info' } }, { logStream: logLinesInto(lines) });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: player.headers });
      expect(res.statusCode).toBe(200);
      const id = res.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const ofRequest = lines.filter((l) => l.reqId === id);
      expect(ofRequest).toHaveLength(1);
      expect(ofRequest[0]).toMatchObject({ msg: 'request completed', reqId: id, userId: player.user.id, req: { method: 'GET', url: '/api/v1/users/me' }, res: { statusCode: 200 } });
      expect(ofRequest[0]!.responseTime).toEqual(expect.any(Number));
    } finally {
      await app.close();
    }
  });
});

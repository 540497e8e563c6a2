import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@brood/world/testing';
import { createTestDatabase, type TestDatabase } from '@brood/world/testing';
import { startService, type Service } from '../../scripts/lib/processes';
import { openSocket, sleep, waitFor, type TestSocket } from './realtime-helpers';
import { build, guest, healthy } from './support/game-processes';

/**
 * The real-time path across processes, as production runs it: two api processes and a sim-worker on
 * one database. A construction queued through one api is completed by the worker; its events travel
 * through PostgreSQL NOTIFY to the owner's sockets on both apis, and to nobody else's.
 */

const SECRET = 'realtime-processes-secret-0123456789';
let db: TestDatabase;
const services: Service[] = [];
const sockets: TestSocket[] = [];
let apiA: string;
let apiB: string;

async function startApi(name: string): Promise<string> {
  const port = await freePort();
  const env = { DATABASE_URL: db.url, JWT_SECRET: SECRET, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', UNIVERSE_OVERRIDES: '{"universe_speed_factor": 30}' };
  const service = startService(name, 'apps/api/src/main.ts', env, 'inherit');
  services.push(service);
  const base = `http://127.0.0.1:${port}`;
  await healthy(base, service);
  return base;
}

async function connect(base: string, token: string): Promise<TestSocket> {
  const socket = await openSocket(base, token);
  sockets.push(socket);
  return socket;
}

const names = (s: TestSocket) => s.events().map((e) => e.event);

beforeAll(async () => {
  db = await createTestDatabase({ poolMax: 2 });
  // The worker first: an api's /healthz answers 200 only once a sim-worker's heartbeat is there.
  services.push(
    startService('sim-worker', 'apps/sim-worker/src/main.ts', { DATABASE_URL: db.url, LOG_LEVEL: 'warn', WORKER_POLL_SECONDS: '0.5', UNIVERSE_OVERRIDES: '{"universe_speed_factor": 30}' }, 'inherit'),
  );
  [apiA, apiB] = await Promise.all([startApi('api-a'), startApi('api-b')]);
}, 180_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all(services.map((s) => s.stop()));
  await db?.stop();
});

describe('events across api processes and the sim-worker', () => {
  it("a completion raised by the worker reaches its owner's sockets on both apis, and no other player's", async () => {
    const ana = await guest(apiA);
    const bo = await guest(apiB);
    const anaOnA = await connect(apiA, ana.token);
    const anaOnB = await connect(apiB, ana.token);
    const boOnA = await connect(apiA, bo.token);
    const boOnB = await connect(apiB, bo.token);

    await build(apiA, ana);
    // The worker completes it about a second later (30 s at universe speed 30).
    for (const socket of [anaOnA, anaOnB]) {
      await waitFor('the completion on both of ana\'s sockets', () => names(socket).includes('CONSTRUCTION_COMPLETED'), 20_000);
    }
    const completed = anaOnB.events().find((e) => e.event === 'CONSTRUCTION_COMPLETED');
    expect(completed?.data).toMatchObject({ territory_id: ana.territoryId, structure_key: 'fiber_tangle', level: 1 });
    // One completion, one message: the notification rides on the completion event.
    const notice = anaOnA.events().find((e) => e.event === 'CONSTRUCTION_COMPLETED')?.data as { notification?: { id: string; message_type: string } } | undefined;
    expect(notice?.notification).toMatchObject({ message_type: 'BUILDING_CONSTRUCTION_COMPLETED' });
    expect(names(anaOnA)).not.toContain('NEW_NOTIFICATION_RECEIVED');

    // The notification it announced is there, on either api.
    const listed = (await (await fetch(`${apiB}/api/v1/notifications/`, { headers: { authorization: `Bearer ${ana.token}` } })).json()) as { id: string }[];
    expect(listed.map((n) => n.id)).toContain(notice?.notification?.id);

    // Bo's own completion, through the other api, arrives on bo's sockets alone; by then anything of ana's would have too.
    await build(apiB, bo);
    for (const socket of [boOnA, boOnB]) {
      await waitFor('bo\'s completion on his sockets', () => names(socket).includes('CONSTRUCTION_COMPLETED'), 20_000);
    }
    await sleep(300);
    for (const socket of [boOnA, boOnB]) {
      expect(socket.events().every((e) => (e.data as { territory_id?: number }).territory_id !== ana.territoryId)).toBe(true);
      expect(socket.events().filter((e) => e.event === 'CONSTRUCTION_COMPLETED')).toHaveLength(1);
    }
    for (const socket of [anaOnA, anaOnB]) {
      expect(socket.events().filter((e) => e.event === 'CONSTRUCTION_COMPLETED')).toHaveLength(1);
      expect(socket.events().some((e) => (e.data as { territory_id?: number }).territory_id === bo.territoryId)).toBe(false);
    }
  });
});

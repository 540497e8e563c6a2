import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, freePort, type TestDatabase } from '@brood/world/testing';
import { startService, type Service } from '../../scripts/lib/processes';
import { openSocket, waitFor, type TestSocket } from './realtime-helpers';
import { build, guest, healthy, type Guest } from './support/game-processes';
import { PGBOUNCER_MISSING, pgbouncerBinary, startPgbouncer, type Pgbouncer } from './support/pgbouncer';

/**
 * Past one machine (docs/scaling.md): two api processes and two sim-workers reach PostgreSQL only
 * through PgBouncer in transaction mode (each transaction may get another server connection: no
 * named prepared statements, no session state), except each api's one LISTEN, which needs a session
 * of its own (DATABASE_LISTEN_URL, direct). Players sign up and build through either api; the
 * workers complete the builds; the events reach the players' sockets on the other api.
 */
const SECRET = 'scale-pgbouncer-secret-0123456789';
const UNIVERSE = '{"universe_speed_factor": 30}';
let db: TestDatabase;
let bouncer: Pgbouncer;
const services: Service[] = [];
const sockets: TestSocket[] = [];
const apis: string[] = [];

beforeAll(async () => {
  const binary = pgbouncerBinary();
  if (!binary) throw new Error(PGBOUNCER_MISSING);
  db = await createTestDatabase({ poolMax: 1 });
  bouncer = await startPgbouncer(binary, db.url);
  const pooled = bouncer.pooled(db.url);
  for (const name of ['sim-worker-1', 'sim-worker-2']) {
    services.push(startService(name, 'apps/sim-worker/src/main.ts', { DATABASE_URL: pooled, DB_PREPARED_STATEMENTS: 'off', LOG_LEVEL: 'warn', DB_POOL_MAX: '4', UNIVERSE_OVERRIDES: UNIVERSE }, 'inherit'));
  }
  for (const name of ['api-1', 'api-2']) {
    const port = await freePort();
    const env = { DATABASE_URL: pooled, DB_PREPARED_STATEMENTS: 'off', DATABASE_LISTEN_URL: db.url, JWT_SECRET: SECRET, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DB_POOL_MAX: '4', UNIVERSE_OVERRIDES: UNIVERSE };
    const service = startService(name, 'apps/api/src/main.ts', env, 'inherit');
    services.push(service);
    apis.push(`http://127.0.0.1:${port}`);
  }
  await Promise.all(apis.map((base, i) => healthy(base, services[2 + i]!)));
}, 180_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all(services.map((s) => s.stop()));
  await bouncer?.stop();
  await db?.stop();
});

describe('two apis and two workers through PgBouncer in transaction mode', () => {
  it('serve players, complete their builds and push the events across apis', async () => {
    const health = (await (await fetch(`${apis[0]}/healthz`)).json()) as { workers: number };
    expect(health.workers).toBe(2);
    const players: Guest[] = [];
    for (let i = 0; i < 6; i += 1) players.push(await guest(apis[i % 2]!));
    for (const [i, player] of players.entries()) {
      const socket = await openSocket(apis[(i + 1) % 2]!, player.token);
      sockets.push(socket);
      await build(apis[i % 2]!, player);
    }
    for (const socket of sockets) {
      await waitFor('the completion on the socket of the other api', () => socket.events().some((e) => e.event === 'CONSTRUCTION_COMPLETED'), 30_000);
    }
    const pools = await bouncer.admin<{ database: string; pool_mode: string }>('SHOW POOLS');
    expect(pools.find((p) => p.database === db.name)?.pool_mode).toBe('transaction');
    const stats = await bouncer.admin<{ database: string; total_xact_count: string }>('SHOW STATS');
    const transactions = Number(stats.find((s) => s.database === db.name)?.total_xact_count ?? 0);
    console.log(`PgBouncer carried ${transactions} transactions of two apis and two workers`);
    expect(transactions).toBeGreaterThan(100);
  });
});

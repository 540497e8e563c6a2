import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@brood/world/testing';
import { buildApp } from '../src/app';
import { closeApiDeps, createApiDeps, type ApiDeps } from '../src/deps';
import { EnvSchema } from '../src/env';
import { appRouter } from '../src/root';

export interface TestApi {
  /** The whole HTTP surface; call it with `app.inject(...)` (no port). */
  app: FastifyInstance;
  deps: ApiDeps;
  /** This test file's own database (already migrated), with an ORM for direct checks. */
  db: TestDatabase;
  /** Connection URL of that database. */
  url: string;
  close(): Promise<void>;
}

/**
 * An api on a fresh database of its own: real PostgreSQL, real pg-boss, real tokens and hashes.
 * `sameDatabaseAs` starts a second api process's worth of state (ORM, pg-boss, services) on another
 * api's database and secret, as a second process behind a load balancer would be; close it first.
 * `overrides` are env values (e.g. `{ JWT_TTL_SECONDS: '1', UNIVERSE_OVERRIDES: '{"universe_speed_factor":100}' }`).
 * Call in `beforeAll`, `close()` in `afterAll`.
 */
export async function createTestApi(overrides: Record<string, string> = {}, options: { sameDatabaseAs?: TestApi } = {}): Promise<TestApi> {
  const shared = options.sameDatabaseAs;
  const db = shared ? shared.db : await createTestDatabase({ poolMax: 2 });
  const secret = shared ? shared.deps.env.JWT_SECRET : randomBytes(24).toString('hex');
  try {
    const env = EnvSchema.parse({ DATABASE_URL: db.url, JWT_SECRET: secret, LOG_LEVEL: 'silent', DB_POOL_MAX: '5', ...overrides });
    const deps = await createApiDeps(env);
    const app = await buildApp(deps);
    await app.ready();
    return {
      app,
      deps,
      db,
      url: db.url,
      async close() {
        await app.close();
        await closeApiDeps(deps);
        if (!shared) await db.stop(); // the first api owns the database
      },
    };
  } catch (error) {
    if (!shared) await db.stop();
    throw error;
  }
}

export interface TestPlayer {
  token: string;
  user: { id: number; username: string; email: string };
  /** Headers for `app.inject({ headers: player.headers })`. */
  headers: { authorization: string };
}

let players = 0;

/** Registers a full account over REST and signs it in: the quickest way to a player for a test. */
export async function createPlayer(api: TestApi, name?: string): Promise<TestPlayer> {
  players += 1;
  const username = name ?? `player${players}_${randomBytes(3).toString('hex')}`;
  const password = 'correct horse battery';
  // Each test player is someone else, at an address of their own (registrations are limited per address).
  const remoteAddress = `10.200.${(players >> 8) & 255}.${players & 255}`;
  const registered = await api.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { username, email: `${username}@example.com`, password }, remoteAddress });
  if (registered.statusCode !== 201) throw new Error(`register ${username}: ${registered.statusCode} ${registered.body}`);
  const login = await api.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: new URLSearchParams({ username, password }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress });
  if (login.statusCode !== 200) throw new Error(`login ${username}: ${login.statusCode} ${login.body}`);
  const token = login.json<{ access_token: string }>().access_token;
  return { token, user: registered.json(), headers: { authorization: `Bearer ${token}` } };
}

/** `app.inject` with a player's token (or none). */
export function call(api: TestApi, player: TestPlayer | null, options: InjectOptions): Promise<LightMyRequestResponse> {
  return api.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(player ? player.headers : {}) } });
}

/** Every procedure of the router, by its /trpc path, with its kind: for checks that must hold for all of them. */
export function allProcedures(): { path: string; type: 'query' | 'mutation' | 'subscription' }[] {
  return Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: 'query' | 'mutation' | 'subscription' } }>).map(([path, procedure]) => ({
    path,
    type: procedure._def.type,
  }));
}

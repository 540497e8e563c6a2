import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@brood/world/testing';
import { startService, type Service } from '../../scripts/lib/processes';
import { until } from './support/fault-runs';
import { useTestApi } from './support/test-api';

/**
 * No error answer carries a stack or a server path, in any mode a player can reach (issue #24, item 3):
 * tRPC adds `data.stack` whenever NODE_ENV is not 'production', and `npm start` sets none. The api
 * runs as `npm start` starts it (scripts/lib/stack.ts), once per NODE_ENV; an unexpected error (a
 * lock wait past DB_LOCK_TIMEOUT_MS) answers the generic sentence, not the database's message.
 */
const ctx = useTestApi();
const MODES = ['', 'development', 'production'] as const;
const started: Service[] = [];
const bases = new Map<string, string>();

beforeAll(async () => {
  await Promise.all(
    MODES.map(async (mode) => {
      const port = await freePort();
      const env = { DATABASE_URL: ctx.api.url, JWT_SECRET: ctx.api.deps.env.JWT_SECRET, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'fatal', NODE_ENV: mode, DB_LOCK_TIMEOUT_MS: '300' };
      started.push(startService(`api-${mode || 'unset'}`, 'apps/api/src/main.ts', env, 'inherit'));
      const base = `http://127.0.0.1:${port}`;
      await until(`the api (NODE_ENV ${mode || 'unset'}) to listen`, async () => (await fetch(`${base}/healthz`)).status > 0, 60_000);
      bases.set(mode, base);
    }),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
});

const LEAK = /"stack"|\.ts\b|\.js\b|node_modules|\bat \S+ \(/;
const json = { 'content-type': 'application/json' };
const register = { username: 'stackless', email: 'stackless@example.com', password: 'correct horse battery' };

async function answer(base: string, path: string, init: RequestInit = {}): Promise<{ status: number; text: string }> {
  const res = await fetch(`${base}${path}`, init);
  return { status: res.status, text: await res.text() };
}

describe.each(MODES)('error answers with NODE_ENV %j', (mode) => {
  it('tRPC refusals (401, 400, 404) carry their message and no stack', async () => {
    const base = bases.get(mode)!;
    const answers = [
      await answer(base, '/trpc/users.me'),
      await answer(base, '/trpc/auth.register', { method: 'POST', headers: json, body: JSON.stringify({ json: { username: 1 } }) }),
      await answer(base, '/trpc/no.such.procedure'),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 400, 404]);
    for (const a of answers) expect(a.text).not.toMatch(LEAK);
    expect(answers[0]!.text).toContain('Not authenticated');
  });

  it('an unexpected error answers "Internal server error" over tRPC and REST, without the database\'s words', async () => {
    const base = bases.get(mode)!;
    await ctx.sql.query('begin');
    try {
      await ctx.sql.query('lock table users in access exclusive mode');
      const trpc = await answer(base, '/trpc/auth.register', { method: 'POST', headers: json, body: JSON.stringify({ json: register }) });
      const rest = await answer(base, '/api/v1/auth/register', { method: 'POST', headers: json, body: JSON.stringify(register) });
      expect([trpc.status, rest.status]).toEqual([500, 500]);
      expect(JSON.parse(trpc.text)).toMatchObject({ error: { json: { message: 'Internal server error', data: { code: 'INTERNAL_SERVER_ERROR' } } } });
      expect(JSON.parse(rest.text)).toEqual({ detail: 'Internal server error' });
      for (const a of [trpc, rest]) expect(a.text).not.toMatch(/lock|relation|users/);
      for (const a of [trpc, rest]) expect(a.text).not.toMatch(LEAK);
    } finally {
      await ctx.sql.query('rollback');
    }
  });
});

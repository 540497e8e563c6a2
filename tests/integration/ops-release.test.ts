import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestApi } from '@brood/api/testing';
import { currentRelease } from '@brood/world';
import { NODE_FLAGS } from '../../scripts/lib/processes';
import { makeOperator, signUp, trpc } from './support/moderation';
import type { ApiWithSql } from './support/test-api';

/** The running release (package version and commit) in /healthz, /metrics and the moderation console (docs/operations.md, "Upgrades"). */
const root = new URL('../../', import.meta.url);
const version = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version: string }).version;
const COMMIT = '0123456789ab';
const ctx = {} as ApiWithSql;

beforeAll(async () => {
  ctx.api = await createTestApi({ RELEASE_COMMIT: COMMIT });
  ctx.sql = new pg.Client({ connectionString: ctx.api.url });
  await ctx.sql.connect();
});

afterAll(async () => {
  await ctx.sql?.end();
  await ctx.api?.close();
});

describe('the running release', () => {
  it('is the root package version and RELEASE_COMMIT in /healthz, /metrics and the console', async () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    const { api } = ctx;
    const health = await api.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toMatchObject({ status: 'no sim-worker heartbeat', release: { version, commit: COMMIT } });
    const metrics = await api.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body.split('\n')).toContain(`broodspace_build_info{version="${version}",commit="${COMMIT}"} 1`);
    const op = await signUp(ctx, 'release_op', '10.31.0.1');
    await makeOperator(ctx, op);
    const universe = await trpc<{ release: { version: string; commit: string } }>(ctx, op, 'admin.universe');
    expect(universe.data.release).toEqual({ version, commit: COMMIT });
  });

  it("is the checkout's HEAD when no RELEASE_COMMIT is set", () => {
    const head = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    expect(currentRelease()).toEqual({ version, commit: head });
  });

  it('runs in its container with the Node flags npm start gives every process of the game', () => {
    const dockerfile = readFileSync(new URL('Dockerfile', root), 'utf8');
    const entrypoint = JSON.parse(/^ENTRYPOINT (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]') as string[];
    expect(entrypoint).toEqual(['node', ...NODE_FLAGS, '--import', 'tsx']);
  });
});

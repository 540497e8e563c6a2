import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createTestApi, type TestApi } from '@brood/api/testing';

/** The api on this file's own migrated database, and a plain SQL client on it for seeding and checks. */
export interface ApiWithSql {
  api: TestApi;
  sql: pg.Client;
}

/** Registers the hooks that start both for the calling test file; the fields are set once `beforeAll` has run. */
export function useTestApi(): ApiWithSql {
  const ctx = {} as ApiWithSql;
  beforeAll(async () => {
    ctx.api = await createTestApi();
    ctx.sql = new pg.Client({ connectionString: ctx.api.url });
    await ctx.sql.connect();
  });
  afterAll(async () => {
    await ctx.sql?.end();
    await ctx.api?.close();
  });
  return ctx;
}

import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './index';

describe('createTestDatabase', () => {
  const opened: TestDatabase[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.stop()));
  });

  it('gives each caller its own migrated database, game tables and pg-boss schema included', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    opened.push(a, b);
    expect(a.url).not.toBe(b.url);
    const conn = a.orm.em.getConnection();
    await conn.execute(`insert into users (username, email, password_hash) values ('isolated', 'i@x.io', 'h')`);
    const inA = await a.orm.em.getConnection().execute<{ n: string }[]>(`select count(*) as n from users`);
    const inB = await b.orm.em.getConnection().execute<{ n: string }[]>(`select count(*) as n from users`);
    expect(Number(inA[0]?.n)).toBe(1);
    expect(Number(inB[0]?.n)).toBe(0);
    const boss = await b.orm.em.getConnection().execute<{ n: string }[]>(`select count(*) as n from information_schema.tables where table_schema = 'pgboss'`);
    expect(Number(boss[0]?.n)).toBeGreaterThan(0);
  });

  it('drops the database on stop', async () => {
    const db = await createTestDatabase();
    await db.stop();
    const other = await createTestDatabase();
    opened.push(other);
    const rows = await other.orm.em.getConnection().execute<{ n: string }[]>(`select count(*) as n from pg_database where datname = ?`, [db.name]);
    expect(Number(rows[0]?.n)).toBe(0);
  });
});

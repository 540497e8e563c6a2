import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing';
import { createOrm, type Orm } from './orm';

/**
 * A connection the server ends in the middle of a transaction (a restart, a failover, an operator's
 * pg_terminate_backend) must give its pool slot back: the api once kept every slot of its pool on
 * dead connections after a PostgreSQL restart under fleet dispatches, and waited for one forever.
 */
let db: TestDatabase;
let orm: Orm;
let operator: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await createOrm(db.url, { poolMax: 1 });
  operator = new pg.Client({ connectionString: db.url });
  await operator.connect();
});

afterAll(async () => {
  await operator?.end();
  await orm?.close(true);
  await db?.stop();
});

const terminate = async (em: Orm['em']) => {
  const [row] = await em.execute<{ pid: number }[]>('select pg_backend_pid() as pid');
  await operator.query('select pg_terminate_backend($1)', [row!.pid]);
};

describe('the pool after a connection dies in a transaction', () => {
  it('serves the next query when the transaction fails on the dead connection', async () => {
    await expect(
      orm.em.fork().transactional(async (em) => {
        await terminate(em);
        await em.execute('select 1');
      }),
    ).rejects.toThrow();
    expect(await orm.em.fork().execute('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('serves the next query when the commit is what meets the dead connection', async () => {
    await expect(orm.em.fork().transactional((em) => terminate(em))).rejects.toThrow();
    expect(await orm.em.fork().execute('select 2 as two')).toEqual([{ two: 2 }]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@brood/world/testing';
import { DATABASE_AWAY, DATABASE_AWAY_WHILE_SAVING, databaseAwayError, watchCommits, withCommitWatch } from './outage';

/**
 * Which sentence a call that met a database outage may say, on real PostgreSQL: "nothing was changed"
 * only while no transaction of the call sent its COMMIT. The outage is the call's own connection
 * ended by the server (pg_terminate_backend of itself: 57P01), as a restart ends every connection.
 */
let db: TestDatabase;
const ENDED = 'select pg_terminate_backend(pg_backend_pid())';

beforeAll(async () => {
  db = await createTestDatabase({ poolMax: 2 });
  watchCommits(db.orm);
});

afterAll(async () => {
  await db?.stop();
});

/** The sentence a call would answer with, or null when its failure is not an outage (or it did not fail). */
async function answer(call: () => Promise<unknown>): Promise<string | null> {
  const { result, committing } = await withCommitWatch(() => call().then(() => null, (error: unknown) => error));
  return result === null ? null : (databaseAwayError(result, committing)?.message ?? null);
}

describe('the sentence of a call that lost the database', () => {
  it('says nothing was changed when the connection ended before any commit', async () => {
    const em = db.orm.em.fork();
    expect(await answer(() => em.execute(ENDED))).toBe(DATABASE_AWAY);
    expect(await answer(() => em.fork().transactional(async (tx) => tx.execute(ENDED)))).toBe(DATABASE_AWAY);
    // A savepoint released inside a transaction that never committed is not a commit.
    const nested = () =>
      em.fork().transactional(async (tx) => {
        await tx.transactional((inner) => inner.execute('select 1'));
        await tx.execute(ENDED);
      });
    expect(await answer(nested)).toBe(DATABASE_AWAY);
  });

  it('says the change may have been saved once a commit was sent', async () => {
    const em = db.orm.em.fork();
    const afterCommit = async () => {
      await em.fork().transactional((tx) => tx.execute('select 1'));
      await em.execute(ENDED); // a read-back after the commit
    };
    expect(await answer(afterCommit)).toBe(DATABASE_AWAY_WHILE_SAVING);
    // Each call is watched on its own: the next one starts with no commit.
    expect(await answer(() => em.execute(ENDED))).toBe(DATABASE_AWAY);
  });

  it('is no outage when the server answered about the statement', async () => {
    const em = db.orm.em.fork();
    expect(await answer(() => em.execute('select * from no_such_table'))).toBeNull();
    expect(await answer(() => em.execute('select 1'))).toBeNull();
  });
});

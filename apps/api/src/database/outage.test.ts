import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@brood/world/testing';
import { DATABASE_AWAY, DATABASE_AWAY_WHILE_SAVING, databaseAwayError, unwatched, watchWrites, withWriteWatch } from './outage';

/**
 * Which sentence a call that met a database outage may say, on real PostgreSQL: "nothing was changed"
 * only while the call sent no COMMIT and no writing statement outside a transaction. The outage is
 * the call's own connection ended by the server (pg_terminate_backend of itself: 57P01), as a
 * restart ends every connection.
 */
let db: TestDatabase;
const ENDED = 'select pg_terminate_backend(pg_backend_pid())';
const WRITE = "create temporary table if not exists scratch (id int); insert into scratch values (1)";

beforeAll(async () => {
  db = await createTestDatabase({ poolMax: 1 });
  watchWrites(db.orm);
  watchWrites(db.orm); // a second app on the same ORM: still one hook, one subscriber
});

afterAll(async () => {
  await db?.stop();
});

/** The pool's one connection alive again: the one a call ended may be handed out once more before its close is seen. */
async function live(): Promise<void> {
  for (let tries = 0; ; tries += 1) {
    try {
      await db.orm.em.fork().execute('select 1');
      return;
    } catch (error) {
      if (tries >= 5) throw error;
    }
  }
}

/** The sentence a call would answer with, or null when its failure is not an outage (or it did not fail). */
async function answer(call: () => Promise<unknown>): Promise<string | null> {
  await live();
  const { result, wrote } = await withWriteWatch(() => call().then(() => null, (error: unknown) => error));
  return result === null ? null : (databaseAwayError(result, wrote)?.message ?? null);
}

describe('the sentence of a call that lost the database', () => {
  it('says nothing was changed when the connection ended before any commit or write', async () => {
    const em = db.orm.em.fork();
    expect(await answer(() => em.execute(ENDED))).toBe(DATABASE_AWAY);
    // Writes inside a transaction that never committed, and a savepoint released in it, change nothing.
    const uncommitted = () =>
      em.fork().transactional(async (tx) => {
        await tx.transactional((inner) => inner.execute(WRITE));
        await tx.execute(ENDED);
      });
    expect(await answer(uncommitted)).toBe(DATABASE_AWAY);
    // The last-active time is bookkeeping, not the player's change.
    expect(await answer(async () => (await unwatched(() => em.execute(WRITE)), em.execute(ENDED)))).toBe(DATABASE_AWAY);
  });

  it('says the change may have been saved once a commit or a write outside a transaction was sent', async () => {
    const em = db.orm.em.fork();
    const afterCommit = async () => {
      await em.fork().transactional((tx) => tx.execute('select 1'));
      await em.execute(ENDED); // a read-back after the commit
    };
    expect(await answer(afterCommit)).toBe(DATABASE_AWAY_WHILE_SAVING);
    expect(await answer(async () => (await em.execute(WRITE), em.execute(ENDED)))).toBe(DATABASE_AWAY_WHILE_SAVING);
    // Each call is watched on its own: the next one starts with nothing sent.
    expect(await answer(() => em.execute(ENDED))).toBe(DATABASE_AWAY);
  });

  it('is no outage when the server answered about the statement', async () => {
    const em = db.orm.em.fork();
    expect(await answer(() => em.execute('select * from no_such_table'))).toBeNull();
    expect(await answer(() => em.execute('select 1'))).toBeNull();
  });
});

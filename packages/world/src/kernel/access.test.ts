import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { createTestDatabase, type TestDatabase } from '../testing';
import { createStartingTerritory } from '../commands/territories/found-territory';
import { lockTerritories } from './access';

/**
 * The lock order that keeps multi-territory commands (dispatch, arrival, battle) free of deadlocks:
 * lockTerritories takes every row in id order, whatever order the command names them in.
 */

let db: TestDatabase;
let ids: number[] = [];

beforeAll(async () => {
  db = await createTestDatabase({ poolMax: 30 });
  const em = db.orm.em.fork();
  const users = await em.execute<{ id: number }[]>(
    `insert into users (username, email, password_hash, is_test_account, avatar_id, created_at)
     select 'lock' || g, 'lock' || g || '@example.com', 'x', false, 1, now() from generate_series(1, 4) g returning id`,
  );
  for (const user of users) ids.push((await em.transactional((tem) => createStartingTerritory(tem, user, new Date(), loadCatalogue()))).id);
  ids = ids.sort((a, b) => a - b);
});
afterAll(async () => {
  await db?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A two-territory command: lock both (in the order given), hold them a moment, write both. */
async function moveStock(lock: (em: Parameters<typeof lockTerritories>[0], pair: [number, number]) => Promise<void>, pair: [number, number]): Promise<void> {
  await db.orm.em.fork().transactional(async (tem) => {
    await lock(tem, pair);
    await tem.execute('select pg_sleep(0.02)');
    await tem.execute(`update territories set name = name where id in (?, ?)`, pair);
  });
}

const inIdOrder = async (em: Parameters<typeof lockTerritories>[0], pair: [number, number]) => {
  const locked = await lockTerritories(em, pair);
  expect([...locked.keys()]).toEqual([...pair].sort((a, b) => a - b));
};
const oneByOne = async (em: Parameters<typeof lockTerritories>[0], pair: [number, number]) => {
  for (const id of pair) {
    await em.execute('select id from territories where id = ? for update', [id]);
    await sleep(50); // both transactions hold their first row before asking for the second
  }
};

describe('lockTerritories', () => {
  it('answers the rows by id, and nothing for ids that do not exist', async () => {
    const locked = await db.orm.em.fork().transactional((tem) => lockTerritories(tem, [ids[1]!, ids[0]!, ids[1]!, 99_999_999]));
    expect([...locked.keys()]).toEqual([ids[0], ids[1]]);
  });

  it('lets crossing two-territory commands run concurrently without a deadlock', async () => {
    const [a, b, c, d] = ids as [number, number, number, number];
    const pairs: [number, number][] = [];
    for (let i = 0; i < 10; i += 1) pairs.push([a, b], [b, a], [c, d], [d, c], [a, d], [d, a], [b, c], [c, b]);
    const results = await Promise.allSettled(pairs.map((pair) => moveStock(inIdOrder, pair)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
  });

  it('is what prevents the deadlock: locking one row at a time in the order named does deadlock', async () => {
    const [a, b] = ids as [number, number];
    const results = await Promise.allSettled([moveStock(oneByOne, [a, b]), moveStock(oneByOne, [b, a])]);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failures).toHaveLength(1);
    expect(String(failures[0]!.reason)).toMatch(/deadlock/i);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AbstractSqlDriver } from '@mikro-orm/postgresql';
import { createTestDatabase, type TestDatabase } from '../testing';
import { BUILTIN_KEYS, Migration0140BuiltinKeys } from './0140-builtin-keys';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase({ poolMax: 1 });
});
afterAll(async () => {
  await db?.stop();
});

/** Runs the repair again on the migrated database, as `npm start` would on one holding poisoned rows. */
async function repair(): Promise<void> {
  const migration = new Migration0140BuiltinKeys(db.orm.em.getDriver() as AbstractSqlDriver, db.orm.config);
  await migration.up();
  const em = db.orm.em.fork();
  for (const sql of migration.getQueries()) await em.execute(sql as string);
}

describe('0140-builtin-keys', () => {
  it('names every property a plain object inherits', () => {
    expect(BUILTIN_KEYS).toEqual(expect.arrayContaining(Object.getOwnPropertyNames(Object.prototype)));
  });

  it('removes inherited property names as keys from every jsonb column, at any depth, and leaves the rest alone', async () => {
    const em = db.orm.em.fork();
    await em.execute(`create table poisoned_rows (id integer primary key, stock jsonb, content jsonb)`);
    await em.execute(`insert into poisoned_rows values
      (1, '{"fiber": 10, "constructor": "function Object() { [native code] }100"}', '{"resources": {"toString": 5, "crystal": 2}, "list": [{"valueOf": 1, "a": 1}]}'),
      (2, '{"fiber": 3}', '{"message": "a \\"constructor\\": in a text stays"}'),
      (3, null, '"constructor"')`);
    await repair();
    const rows = await em.execute<{ id: number; stock: unknown; content: unknown }[]>('select id, stock, content from poisoned_rows order by id');
    expect(rows).toEqual([
      { id: 1, stock: { fiber: 10 }, content: { resources: { crystal: 2 }, list: [{ a: 1 }] } },
      { id: 2, stock: { fiber: 3 }, content: { message: 'a "constructor": in a text stays' } },
      { id: 3, stock: null, content: 'constructor' },
    ]);
  });
});

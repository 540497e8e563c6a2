import fc from 'fast-check';
import { PostgreSqlPlatform } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Territory } from '../entities/territory.entity';
import { User } from '../entities/user.entity';
import { sqlRows } from '../kernel/bulk-write';
import { createTestDatabase, type TestDatabase } from '../testing';
import { bindValues } from './bound-statements';
import { createOrm, type Orm } from './orm';

const platform = new PostgreSqlPlatform();

describe('bindValues', () => {
  it('binds each value where its `?` stood, a number cast to the type its literal has', () => {
    expect(bindValues(platform, 'select * from t where a = ? and b in (?) and c = ? and d = ? and e = ?', [7, [1, 2], 3_000_000_000, 1.5, 'x'])).toEqual({
      text: 'select * from t where a = $1::int4 and b in ($2::int4, $3::int4) and c = $4::int8 and d = $5::numeric and e = $6',
      values: [7, 1, 2, 3_000_000_000, 1.5, 'x'],
    });
  });

  it('writes identifiers (`??`), escaped question marks, booleans and nulls as MikroORM did', () => {
    expect(bindValues(platform, 'select ?? from t where a = ? and b is ? and c \\? ?', ['name', true, null, 'k'])).toEqual({
      text: 'select "name" from t where a = true and b is null and c ? $1',
      values: ['k'],
    });
  });

  it('binds a JSON value as its text and a date as the platform writes it', () => {
    const at = new Date(Date.UTC(2026, 10, 27, 12, 0, 0, 5));
    const p = new PostgreSqlPlatform();
    const { text, values } = bindValues(p, 'insert into t (j, at) values (?, ?)', [{ a: [1, "it's"] }, at]);
    expect(text).toBe('insert into t (j, at) values ($1, $2)');
    expect(values).toEqual(['{"a":[1,"it\'s"]}', p.formatDate(at)]);
  });
});

describe('MikroORM statements on a real connection', () => {
  let db: TestDatabase;
  let orm: Orm;

  beforeAll(async () => {
    db = await createTestDatabase();
    orm = await createOrm(db.url, { poolMax: 1 });
    await orm.em.fork().execute(`create table bound_probe (id serial primary key, i int4, b int8, n numeric, f float8, s text, at timestamptz, j jsonb, flag boolean)`);
  });

  afterAll(async () => {
    await orm?.close(true);
    await db?.stop();
  });

  it("sends an entity read with its values bound: a repeated one is prepared once, whatever the id", async () => {
    for (const id of [1, 2, 3]) expect(await orm.em.fork().findOne(Territory, { id })).toBeNull();
    const prepared = await sqlRows<{ statement: string }>(orm.em.fork(), `select statement from pg_prepared_statements where name like $1`, ['brood_%']);
    expect(prepared.map((p) => p.statement)).toContainEqual(expect.stringMatching(/from "territories" as "t0" where "t0"."id" = \$1::int4/));
  });

  it('keeps writing the values of em.execute into its text', async () => {
    for (const name of ['a', 'b', 'c']) await orm.em.fork().execute('select count(*) from users where username = ?', [name]);
    const prepared = await sqlRows<{ statement: string }>(orm.em.fork(), `select statement from pg_prepared_statements`);
    expect(prepared.some((p) => p.statement.includes('from users where username'))).toBe(false);
  });

  it('stores and finds what the written statement stored and found, for any values', async () => {
    const row = fc.record({
      i: fc.integer(),
      b: fc.maxSafeInteger().map((n) => n - Math.floor(Number.MAX_SAFE_INTEGER / 2)),
      n: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }),
      f: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e300, max: 1e300 }),
      s: fc.string({ unit: 'binary' }).map((t) => t.replaceAll('\u0000', '')),
      at: fc.date({ min: new Date('1970-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }),
      j: fc.dictionary(fc.string(), fc.oneof(fc.integer(), fc.string(), fc.boolean())),
      flag: fc.boolean(),
    });
    const connection = orm.em.getConnection();
    const columns = ['i', 'b', 'n', 'f', 's', 'at', 'j', 'flag'] as const;
    const insert = `insert into bound_probe (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')}) returning id`;
    const read = `select i, b::text, n::text, f, s, at, j, flag from bound_probe where id in (?) and i = ? and s = ? and at = ?`;
    await fc.assert(
      fc.asyncProperty(row, async (r) => {
        const values = columns.map((c) => r[c]);
        const [written] = await connection.execute<{ id: number }[]>(platform.formatQuery(insert, values));
        const [bound] = await connection.execute<{ id: number }[]>(insert, values);
        const find = (id: number) => connection.execute(read, [[id, -1], r.i, r.s, r.at]);
        const [a] = await find(written!.id);
        const [b] = await find(bound!.id);
        expect(a).toBeDefined();
        expect(b).toEqual(a);
      }),
      { numRuns: 60 },
    );
  });

  it('finds a user by name through the ORM, as before', async () => {
    const em = orm.em.fork();
    const user = em.create(User, { username: "O'Brien\\x", email: 'ob@example.test', passwordHash: 'x' });
    await em.flush();
    const found = await orm.em.fork().findOne(User, { username: "O'Brien\\x" });
    expect(found?.id).toBe(user.id);
  });
});

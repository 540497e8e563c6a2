import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundRows, sqlRows } from '../kernel/bulk-write';
import { lockPlayers } from '../kernel/locks';
import { nextCompletionIn } from '../queries/due-work.query';
import { createTestDatabase, type TestDatabase } from '../testing';
import { createOrm, type Orm } from './orm';
import { MAX_PER_CONNECTION, MAX_REMEMBERED, StatementNames } from './prepared';

/** The statements the one connection of `orm`'s pool has prepared, by text. */
async function preparedOn(orm: Orm): Promise<Map<string, string>> {
  const rows = await sqlRows<{ name: string; statement: string }>(orm.em.fork(), `select name, statement from pg_prepared_statements where name like $1`, ['brood_%']);
  return new Map(rows.map((r) => [r.statement, r.name]));
}

describe('statement names', () => {
  it('names a text the second time it is seen, and the same name ever after', () => {
    const names = new StatementNames();
    expect(names.nameOf('select $1')).toBeNull();
    const name = names.nameOf('select $1');
    expect(name).toMatch(/^brood_/);
    expect(names.nameOf('select $1')).toBe(name);
    expect(names.nameOf('select $1::int')).toBeNull();
    expect(names.nameOf('select $1::int')).not.toBe(name);
  });

  it('forgets what it remembers past its bound, and never gives a name twice', () => {
    const names = new StatementNames();
    names.nameOf('kept');
    const first = names.nameOf('kept');
    for (let i = 0; i < MAX_REMEMBERED; i++) names.nameOf(`once ${i}`);
    expect(names.nameOf('kept')).toBeNull(); // forgotten: seen once more
    const again = names.nameOf('kept');
    expect(again).toMatch(/^brood_/);
    expect(again).not.toBe(first);
  });
});

describe('prepared statements on a real connection', () => {
  let db: TestDatabase;
  let on: Orm;
  let off: Orm;

  beforeAll(async () => {
    db = await createTestDatabase();
    on = await createOrm(db.url, { poolMax: 1 });
    off = await createOrm(db.url, { poolMax: 1, preparedStatements: 'off' });
  });

  afterAll(async () => {
    await on?.close(true);
    await off?.close(true);
    await db?.stop();
  });

  const text = 'select id, username from users where id = $1 or username = $2';

  it('prepares a statement the process repeats, and answers as an unnamed one does', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await sqlRows(on.em.fork(), text, [i, `nobody ${i}`]));
    expect(answers).toEqual([[], [], []]);
    expect((await preparedOn(on)).get(text)).toMatch(/^brood_/);
    expect(await sqlRows(on.em.fork(), text, [1, 'x'])).toEqual(await sqlRows(off.em.fork(), text, [1, 'x']));
  });

  it("leaves statements without parameters unnamed (one text may hold several), and prepares nothing when 'off'", async () => {
    for (let i = 0; i < 3; i++) expect(await sqlRows(on.em.fork(), 'select 2 as two')).toEqual([{ two: 2 }]);
    for (let i = 0; i < 3; i++) await sqlRows(off.em.fork(), text, [i, 'y']);
    expect([...(await preparedOn(on)).keys()].some((t) => t === 'select 2 as two')).toBe(false);
    expect(await preparedOn(off)).toEqual(new Map());
  });

  it("boundRows sends em.execute's `?` values as bind parameters: a repeated one is prepared, where em.execute's never is", async () => {
    const question = 'select count(*)::int as n from users where id = ? or username = ?';
    for (let i = 0; i < 3; i++) {
      expect(await boundRows(on.em.fork(), question, [i, `nobody ${i}`])).toEqual(await on.em.fork().execute(question, [i, `nobody ${i}`]));
    }
    const prepared = [...(await preparedOn(on)).keys()];
    expect(prepared).toContain('select count(*)::int as n from users where id = $1 or username = $2');
    expect(prepared.some((t) => t.includes('nobody'))).toBe(false); // em.execute wrote the values into a text of their own each time
    await expect(boundRows(on.em.fork(), question, [1])).rejects.toThrow('boundRows: 2 placeholders for 1 values');
  });

  it("keeps a plan for a command's lock of its player and the worker's look at the next due time, the frequent statements that were planned at every run", async () => {
    for (let i = 0; i < 8; i++) {
      expect(await lockPlayers(on.em.fork(), [1_000_000 + i])).toEqual([]);
      expect(await nextCompletionIn({ em: on.em.fork() })).toBeNull();
    }
    const plans = await sqlRows<{ statement: string; generic_plans: number; custom_plans: number }>(
      on.em.fork(),
      `select statement, generic_plans::int, custom_plans::int from pg_prepared_statements where statement like $1 or statement like $2`,
      ['%from users where id%for no key update', '%min(end_time)%'],
    );
    // Prepared, and after PostgreSQL's five custom plans it runs the one it keeps.
    expect(plans).toHaveLength(2);
    for (const p of plans) expect({ statement: p.statement, custom: p.custom_plans, generic: p.generic_plans }).toEqual({ statement: p.statement, custom: 5, generic: 2 });
  });

  it(`keeps at most ${MAX_PER_CONNECTION} statements on a connection, and serves the rest unnamed`, async () => {
    for (let i = 0; i < MAX_PER_CONNECTION + 20; i++) {
      const many = `select $1::int + ${i} as n`;
      for (let k = 0; k < 2; k++) expect(await sqlRows(on.em.fork(), many, [k])).toEqual([{ n: k + i }]);
    }
    expect((await preparedOn(on)).size).toBe(MAX_PER_CONNECTION);
  });
});

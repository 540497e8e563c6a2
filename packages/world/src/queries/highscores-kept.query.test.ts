import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../testing';
import { HIGHSCORE_PAGE_KEPT_MS, keptHighscorePage, keptOwnHighscore } from './highscores-kept.query';
import { listHighscores } from './highscores.query';

/** Kept pages: a page is at most HIGHSCORE_PAGE_KEPT_MS old, the own rank always fresh, the JSON the same answer. */
let db: TestDatabase;
let sql: pg.Client;
beforeAll(async () => {
  db = await createTestDatabase();
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  await sql.query(`insert into users (id, username, email, password_hash) select g, 'k' || g, 'k' || g || '@x.test', 'x' from generate_series(1, 5) g`);
  await sql.query('update player_scores set total_score = user_id * 10, unit_score = user_id');
});
afterAll(async () => {
  await sql?.end();
  await db?.stop();
});

const ids = (entries: { user_id: number }[]) => entries.map((e) => e.user_id);

describe('kept highscore pages', () => {
  it('answer a page read within the last second, then read it again; the own rank is always fresh', async () => {
    const t = 1_000_000;
    const first = await keptHighscorePage(db.orm.em.fork(), { skip: 0, limit: 3, sort_by: 'rank' }, t);
    expect(ids(first.entries)).toEqual([5, 4, 3]);
    expect(JSON.parse(first.json.toString('utf8'))).toEqual(first.entries);

    await sql.query('update player_scores set total_score = 100 where user_id = 1');
    // 'rank' and 'total_score' are one ordering: the same kept page, until it is a second old.
    expect(ids((await keptHighscorePage(db.orm.em.fork(), { skip: 0, limit: 3, sort_by: 'total_score' }, t + HIGHSCORE_PAGE_KEPT_MS - 1)).entries)).toEqual([5, 4, 3]);
    const own = await keptOwnHighscore(db.orm.em.fork(), 1, { sort_by: 'rank', limit: 3 }, t + 1);
    expect(own.view).toMatchObject({ rankWithinCategory: 1, pageNumber: 1, userEntry: { user_id: 1, total_score: 100 } });
    expect(ids(own.view.entriesOnPage)).toEqual([1, 5, 4]);
    expect(JSON.parse(own.json.toString('utf8'))).toEqual(own.view);
    // The own-rank read kept its fresh page; a page past its second is read again.
    expect(ids((await keptHighscorePage(db.orm.em.fork(), { skip: 0, limit: 3, sort_by: 'rank' }, t + 2)).entries)).toEqual([1, 5, 4]);
    await sql.query('update player_scores set total_score = 0 where user_id = 1');
    const later = await keptHighscorePage(db.orm.em.fork(), { skip: 0, limit: 3, sort_by: 'rank' }, t + 2 + HIGHSCORE_PAGE_KEPT_MS);
    expect(later.entries).toEqual(await listHighscores(db.orm.em.fork(), { skip: 0, limit: 3, sort_by: 'rank' }));
    expect(ids(later.entries)).toEqual([5, 4, 3]);
    // Other orderings and pages are pages of their own.
    expect(ids((await keptHighscorePage(db.orm.em.fork(), { skip: 3, limit: 3, sort_by: 'unit_score' }, t + 2)).entries)).toEqual([2, 1]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../testing';
import { compactScoreRanks } from '../commands/scores';
import { HIGHSCORE_SORT_KEYS, listHighscores, ownHighscore, rankOf } from './highscores.query';

/**
 * Ranks and far pages read the score histogram (migrations 0053 and 0270), kept by triggers on player_scores.
 * Whatever writes came before (new players, single and bulk score changes, removed players,
 * truncation, the folding job), every rank and every page must be what a plain sort of everyone says.
 */
let db: TestDatabase;
let sql: pg.Client;
const CATEGORIES = ['building_score', 'research_score', 'unit_score', 'defense_score', 'total_score'] as const;
const IDS = [1, 2, 3, 4, 5, 6, 7, 8];
// Bucket edges, ties, zero, and anything from a crumb to millions.
/** A score on a bucket's lower edge (128 buckets an e-fold, migration 0270): rounding there decides the bucket. */
const BUCKET_EDGE = Math.exp(885 / 128) / 1000;
const score = fc.oneof(fc.constantFrom(0, 0.0005, 0.001, 0.5, 1, 1.0314, 2.718, 1000, 1000.0001, BUCKET_EDGE, BUCKET_EDGE * (1 - 1e-12), BUCKET_EDGE * (1 + 1e-12)), fc.double({ min: 0, max: 1e7, noNaN: true }));
const scores = fc.tuple(score, score, score, score, score);

type Op =
  | { kind: 'join'; ids: number[] }
  | { kind: 'set'; id: number; s: number[] }
  | { kind: 'setAll'; s: number[] }
  | { kind: 'upsert'; ids: number[]; s: number[] }
  | { kind: 'remove'; id: number }
  | { kind: 'unlist'; id: number }
  | { kind: 'truncate' }
  | { kind: 'compact' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('join' as const), ids: fc.uniqueArray(fc.constantFrom(...IDS), { minLength: 1, maxLength: 4 }) }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('set' as const), id: fc.constantFrom(...IDS), s: scores }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('setAll' as const), s: scores }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('upsert' as const), ids: fc.uniqueArray(fc.constantFrom(...IDS), { minLength: 1, maxLength: 3 }), s: scores }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), id: fc.constantFrom(...IDS) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('unlist' as const), id: fc.constantFrom(...IDS) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'truncate' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'compact' as const }) },
);

const SET = CATEGORIES.map((c, i) => `${c} = $${i + 1}::float8`).join(', ');

async function apply(o: Op): Promise<void> {
  switch (o.kind) {
    case 'join':
      await sql.query(`insert into users (id, username, email, password_hash) select g, 'u' || g, 'u' || g || '@x.test', 'x' from unnest($1::int[]) g on conflict do nothing`, [o.ids]);
      return;
    case 'set':
      await sql.query(`update player_scores set ${SET} where user_id = $6`, [...o.s, o.id]);
      return;
    case 'setAll':
      // One statement for everyone, each moved by their id: the statement trigger sees them together.
      await sql.query(`update player_scores set ${CATEGORIES.map((c, i) => `${c} = $${i + 1}::float8 * user_id`).join(', ')}`, o.s);
      return;
    case 'upsert':
      // As the bookkeeping writes (writeScores): insert or update in one statement, so both triggers fire.
      await sql.query(
        `insert into player_scores (user_id, ${CATEGORIES.join(', ')}) select id, ${CATEGORIES.map((_, i) => `$${i + 2}::float8`).join(', ')} from users where id = any($1::int[])
         on conflict (user_id) do update set ${CATEGORIES.map((c) => `${c} = excluded.${c}`).join(', ')}`,
        [o.ids, ...o.s],
      );
      return;
    case 'remove':
      await sql.query('delete from users where id = $1', [o.id]);
      return;
    case 'unlist':
      // The score row alone, so that an upsert inserts it again.
      await sql.query('delete from player_scores where user_id = $1', [o.id]);
      return;
    case 'truncate':
      await sql.query('truncate users cascade');
      return;
    case 'compact':
      await compactScoreRanks(db.orm.em.fork());
      return;
  }
}

/** Every rank and a few pages, against a plain sort of everyone. */
async function expectRanksAgree(): Promise<void> {
  const em = db.orm.em.fork();
  for (const sort of HIGHSCORE_SORT_KEYS) {
    const col = sort === 'rank' ? 'total_score' : sort;
    const { rows } = await sql.query<{ user_id: number }>(`select user_id from player_scores order by ${col} desc, user_id`);
    const order = rows.map((r) => r.user_id);
    for (const [i, id] of order.entries()) {
      expect({ sort, id, rank: await rankOf(em, id, sort) }).toEqual({ sort, id, rank: i + 1 });
      const own = await ownHighscore(em, id, { sort_by: sort, limit: 3 });
      const skip = Math.floor(i / 3) * 3;
      expect({ sort, id, rank: own.rankWithinCategory, mine: own.userEntry?.user_id, page: own.pageNumber, on: own.entriesOnPage.map((e) => [e.rank, e.user_id]) }).toEqual({
        sort,
        id,
        rank: i + 1,
        mine: id,
        page: skip / 3 + 1,
        on: order.slice(skip, skip + 3).map((u, j) => [skip + j + 1, u]),
      });
    }
    for (const skip of [0, 1, 3, order.length - 1, order.length, order.length + 2]) {
      const page = await listHighscores(em, { skip: Math.max(0, skip), limit: 3, sort_by: sort });
      expect({ sort, skip, page: page.map((e) => [e.rank, e.user_id]) }).toEqual({
        sort,
        skip,
        page: order.slice(Math.max(0, skip), Math.max(0, skip) + 3).map((id, i) => [Math.max(0, skip) + i + 1, id]),
      });
    }
  }
  const present = new Set((await sql.query<{ user_id: number }>('select user_id from player_scores')).rows.map((r) => r.user_id));
  for (const id of IDS.filter((i) => !present.has(i))) {
    expect({ id, rank: await rankOf(em, id, 'rank') }).toEqual({ id, rank: null });
    await expect(ownHighscore(em, id, { sort_by: 'rank', limit: 3 })).rejects.toThrow('You are not on the highscores yet.');
  }
}

const KEPT = 'select category, bucket, sum(players)::int as players from player_score_ranks group by 1, 2 having sum(players) <> 0';
const RECOUNTED = `select c.category, player_score_bucket(c.score) as bucket, count(*)::int as players from player_scores s
  cross join lateral (values ${CATEGORIES.map((c) => `('${c}', s.${c})`).join(', ')}) c(category, score) group by 1, 2`;

beforeAll(async () => {
  db = await createTestDatabase();
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
  await db?.stop();
});

describe('ranks and pages from the score histogram', () => {
  it('always agree with a plain sort of every player, whatever writes came before', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        await sql.query('truncate users cascade');
        for (const o of ops) await apply(o);
        await expectRanksAgree();
        const { rows } = await sql.query(`(${KEPT} except ${RECOUNTED}) union all (${RECOUNTED} except ${KEPT})`);
        expect(rows).toEqual([]);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});

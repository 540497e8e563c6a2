import type { EntityManager } from '@mikro-orm/postgresql';
import { fail } from '../errors';
import { boundRows } from '../kernel/bulk-write';

/** The orderings of GET /highscores (spec social §3); 'rank' is the overall ranking, by total score. */
export const HIGHSCORE_SORT_KEYS = ['rank', 'total_score', 'building_score', 'research_score', 'unit_score', 'defense_score'] as const;
export type HighscoreSortKey = (typeof HIGHSCORE_SORT_KEYS)[number];
export const HIGHSCORE_PAGE_SIZE = 100;

/** One row of the highscores: rank within the requested ordering (ties by player id). */
export interface HighscoreEntry {
  rank: number;
  user_id: number;
  username: string;
  base_territory_coords: [number, number, number] | null;
  base_territory_name: string | null;
  building_score: number;
  research_score: number;
  unit_score: number;
  defense_score: number;
  total_score: number;
}

/** The player's own place: their entry, the page holding it and that page's number (1-based). */
export interface OwnHighscore {
  userEntry: HighscoreEntry | null;
  rankWithinCategory: number | null;
  pageNumber: number;
  entriesOnPage: HighscoreEntry[];
}

/** The score column an ordering sorts by. */
export const highscoreColumn = (sort: HighscoreSortKey) => (sort === 'rank' ? 'total_score' : sort);

interface Row {
  user_id: number;
  username: string;
  building_score: number;
  research_score: number;
  unit_score: number;
  defense_score: number;
  total_score: number;
  region: number | null;
  sub_region: number | null;
  position: number | null;
  territory_name: string | null;
}

/**
 * A page of `limit` in ordering `col`, from `skip`: the first row of a CTE `params` the caller writes
 * before this. The limit is written into the text, not bound: for a bound limit the planner guesses a
 * tenth of the table, so a kept plan looked dearer than a fresh one and PostgreSQL planned the
 * player's own place (1 ms of planning) at every call (decision 20); a page has few sizes. The page starts in its bucket of the histogram (migrations 0053, 0270): the
 * last bucket with at most `skip` players above it. From that bucket's ceiling the ordering's index is
 * read past the few players of the bucket before the page; only the entries shown are read whole.
 * The base territory is the player's oldest (lowest id) territory.
 */
const pageSql = (col: string, limit: number) => `buckets as (
    select bucket, sum(players) as players from player_score_ranks where category = '${col}' group by bucket),
  seek as (
    select bucket, above from (select bucket, players, coalesce(sum(players) over (order by bucket desc rows between unbounded preceding and 1 preceding), 0) as above from buckets) h
    where players > 0 and above <= (select skip from params) order by above desc limit 1),
  page as (
    select user_id from player_scores
    where ${col} < player_score_bucket_ceiling((select bucket from seek)) and player_score_bucket(${col}) <= (select bucket from seek)
    order by ${col} desc, user_id limit ${literalLimit(limit)} offset (select skip from params) - (select above from seek))
  select s.user_id, u.username, s.building_score, s.research_score, s.unit_score, s.defense_score, s.total_score,
    t.region, t.sub_region, t.position, t.name as territory_name, (select skip from params) as skip
  from page p
  join player_scores s on s.user_id = p.user_id
  join users u on u.id = s.user_id
  left join lateral (select region, sub_region, position, name from territories where owner_id = s.user_id order by id limit 1) t on true
  order by s.${col} desc, s.user_id`;

/**
 * The players ahead of `me` (user_id, score, bucket) in ordering `col`: a higher score, or the same
 * score and a lower id. Those in higher buckets are a sum over the histogram; inside the player's own
 * bucket they are counted on the ordering's index.
 */
export const aheadSql = (col: string) => `(select coalesce(sum(r.players), 0) from player_score_ranks r where r.category = '${col}' and r.bucket > me.bucket)
    + (select count(*) from player_scores a where a.${col} > me.score and a.${col} < player_score_bucket_ceiling(me.bucket) and player_score_bucket(a.${col}) = me.bucket)
    + (select count(*) from player_scores a where a.${col} = me.score and a.user_id < me.user_id)`;
const meSql = (col: string) => `select user_id, ${col} as score, player_score_bucket(${col}) as bucket from player_scores where user_id = ?`;

/** A page size, checked to be what the query schema lets through before it goes into a statement's text. */
function literalLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > HIGHSCORE_PAGE_SIZE) throw new RangeError(`a highscore page of ${limit} entries`);
  return limit;
}

const toEntry = (r: Row, rank: number): HighscoreEntry => ({
  rank,
  user_id: r.user_id,
  username: r.username,
  base_territory_coords: r.region === null ? null : [r.region, r.sub_region!, r.position!],
  base_territory_name: r.territory_name,
  building_score: r.building_score,
  research_score: r.research_score,
  unit_score: r.unit_score,
  defense_score: r.defense_score,
  total_score: r.total_score,
});

/** GET /highscores: `limit` entries from `skip` in the `sort_by` ordering (highest first). */
export async function listHighscores(em: EntityManager, query: { skip: number; limit: number; sort_by: HighscoreSortKey }): Promise<HighscoreEntry[]> {
  const rows = await boundRows<Row>(em, `with params as (select ?::bigint as skip), ${pageSql(highscoreColumn(query.sort_by), query.limit)}`, [query.skip]);
  return rows.map((r, i) => toEntry(r, query.skip + i + 1));
}

/** The player's rank in an ordering (one plus the players ahead) without paging through everyone. */
export async function rankOf(em: EntityManager, userId: number, sort: HighscoreSortKey): Promise<number | null> {
  const col = highscoreColumn(sort);
  const rows = await boundRows<{ ahead: number }>(em, `select ${aheadSql(col)} as ahead from (${meSql(col)}) me`, [userId]);
  const ahead = rows[0]?.ahead;
  return ahead === undefined ? null : Number(ahead) + 1;
}

/** GET /highscores/me: the player's entry, rank and the page of `limit` that holds them, in one statement. */
export async function ownHighscore(em: EntityManager, userId: number, query: { sort_by: HighscoreSortKey; limit: number }): Promise<OwnHighscore> {
  const col = highscoreColumn(query.sort_by);
  const limit = literalLimit(query.limit);
  const rows = await boundRows<Row & { skip: number }>(
    em,
    `with params as (select (${aheadSql(col)}) / ${limit} * ${limit} as skip from (${meSql(col)}) me), ${pageSql(col, limit)}`,
    [userId],
  );
  const skip = Number(rows[0]?.skip ?? 0);
  const entriesOnPage = rows.map((r, i) => toEntry(r, skip + i + 1));
  const userEntry = entriesOnPage.find((e) => e.user_id === userId);
  if (!userEntry) throw fail.notFound('You are not on the highscores yet.');
  return { userEntry, rankWithinCategory: userEntry.rank, pageNumber: skip / query.limit + 1, entriesOnPage };
}

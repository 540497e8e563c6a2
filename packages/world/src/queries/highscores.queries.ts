import type { EntityManager } from '@mikro-orm/postgresql';
import { fail } from '../errors';

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

const column = (sort: HighscoreSortKey) => (sort === 'rank' ? 'total_score' : sort);

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

/** The base territory is the player's oldest (lowest id) territory. */
const ENTRY_SELECT = `select s.user_id, u.username, s.building_score, s.research_score, s.unit_score, s.defense_score, s.total_score,
    t.region, t.sub_region, t.position, t.name as territory_name
  from page p
  join player_scores s on s.user_id = p.user_id
  join users u on u.id = s.user_id
  left join lateral (select region, sub_region, position, name from territories where owner_id = s.user_id order by id limit 1) t on true`;

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
  const col = column(query.sort_by);
  const rows = await em.execute<Row[]>(
    // The page's ids come from the ordering's index alone (an index-only scan past the skipped rows); only
    // the 100 shown are then read whole.
    `with page as (select user_id from player_scores order by ${col} desc, user_id limit ? offset ?)
     ${ENTRY_SELECT} order by s.${col} desc, s.user_id`,
    [query.limit, query.skip],
  );
  return rows.map((r, i) => toEntry(r, query.skip + i + 1));
}

/**
 * The player's rank in an ordering without paging through everyone: one plus the number of players
 * ahead (a higher score, or the same score and a lower id), two index range counts.
 */
export async function rankOf(em: EntityManager, userId: number, sort: HighscoreSortKey): Promise<number | null> {
  const col = column(sort);
  const rows = await em.execute<{ ahead: number }[]>(
    `select (select count(*) from player_scores a where a.${col} > me.${col})
          + (select count(*) from player_scores a where a.${col} = me.${col} and a.user_id < me.user_id) as ahead
     from player_scores me where me.user_id = ?`,
    [userId],
  );
  const ahead = rows[0]?.ahead;
  return ahead === undefined ? null : Number(ahead) + 1;
}

/** GET /highscores/me: the player's entry, rank and the page of `limit` that holds them. */
export async function ownHighscore(em: EntityManager, userId: number, query: { sort_by: HighscoreSortKey; limit: number }): Promise<OwnHighscore> {
  const rank = await rankOf(em, userId, query.sort_by);
  if (rank === null) throw fail.notFound('You are not on the highscores yet.');
  const pageNumber = Math.floor((rank - 1) / query.limit) + 1;
  const entriesOnPage = await listHighscores(em, { skip: (pageNumber - 1) * query.limit, limit: query.limit, sort_by: query.sort_by });
  return { userEntry: entriesOnPage.find((e) => e.user_id === userId) ?? null, rankWithinCategory: rank, pageNumber, entriesOnPage };
}

/** The total for /users/me `score` (0 before the first bookkeeping). */
export async function totalScoreOf(em: EntityManager, userId: number): Promise<number> {
  const rows = await em.execute<{ total_score: number }[]>('select total_score from player_scores where user_id = ?', [userId]);
  return rows[0]?.total_score ?? 0;
}

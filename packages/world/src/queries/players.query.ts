import type { EntityManager } from '@mikro-orm/postgresql';
import { fail } from '../errors';
import { sqlRows } from '../kernel/bulk-write';
import { aheadSql, rankOf } from './highscores.query';

/** A player as the search and the profile card show them (the shape, snake_case). */
export interface PlayerView {
  id: number;
  username: string;
  avatar_id: number;
  alliance_tag: string | null;
  rank: number | null;
  total_score: number;
}

const SCORE_CATEGORIES = ['total_score', 'building_score', 'research_score', 'unit_score', 'defense_score'] as const;
export type ScoreCategory = (typeof SCORE_CATEGORIES)[number];

/** The profile card: rank and points per highscore category, territories' coordinates, member since, and the viewer's relation to them. */
export interface PlayerProfile extends PlayerView {
  scores: { category: ScoreCategory; rank: number | null; points: number }[];
  territories: { region: number; sub_region: number; position: number }[];
  member_since: string;
  is_blocked: boolean;
  buddy: 'none' | 'buddy' | 'incoming' | 'outgoing';
}

type PlayerRow = Omit<PlayerView, 'rank'> & { total_score: number | null };

const PLAYER_SQL = `select u.id, u.username, u.avatar_id, a.tag as alliance_tag, s.total_score
  from users u left join alliance_members am on am.user_id = u.id left join alliances a on a.id = am.alliance_id
  left join player_scores s on s.user_id = u.id`;

/** Each rank from the score histogram in the same statement (as GET /highscores/me reads one). */
const PLAYER_ROWS_SQL = `select u.id, u.username, u.avatar_id, a.tag as alliance_tag, s.total_score, rk.ahead
  from unnest($1::int[]) with ordinality as p(id, n) join users u on u.id = p.id
  left join alliance_members am on am.user_id = u.id left join alliances a on a.id = am.alliance_id
  left join player_scores s on s.user_id = u.id
  left join lateral (select ${aheadSql('total_score')} as ahead
    from (select s.user_id, s.total_score as score, player_score_bucket(s.total_score) as bucket) me where s.user_id is not null) rk on true
  order by p.n`;

/** How many names containing the text (not starting with it) the search orders: a bound on its work. */
export const CONTAINS_CANDIDATES = 1000;

/**
 * GET /players?search=: names that start with the text first (a range of the C-collated lower(username)
 * index, already in order); when those do not fill the page, names that contain it, through the trigram
 * index (`ilike '%text%'`), at most CONTAINS_CANDIDATES of them, ordered by name. A text under three
 * characters is matched by prefix only: a trigram index cannot serve it, and one or two characters are
 * inside too many names. LIKE's wildcards in the text are escaped.
 */
export async function searchPlayerNames(em: EntityManager, query: { search: string; skip: number; limit: number }): Promise<{ players: PlayerView[] }> {
  const text = query.search.trim().toLowerCase();
  if (!text) return { players: [] };
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const upTo = query.skip + query.limit;
  const prefix = await em.execute<{ id: number }[]>(
    'select id from users where lower(username) collate "C" like ? order by lower(username) collate "C" limit ?',
    [`${escaped}%`, upTo],
  );
  let ids = prefix.map((r) => r.id);
  if (ids.length < upTo && text.length >= 3) {
    const inside = await em.execute<{ id: number }[]>(
      `select id from (select id, lower(username) collate "C" as name from users where username ilike ? and lower(username) collate "C" not like ? limit ?) c
       order by name limit ?`,
      [`%${escaped}%`, `${escaped}%`, CONTAINS_CANDIDATES, upTo - ids.length],
    );
    ids = [...ids, ...inside.map((r) => r.id)];
  }
  ids = ids.slice(query.skip, upTo);
  if (ids.length === 0) return { players: [] };
  const rows = await sqlRows<PlayerRow & { ahead: string | number | null }>(em, PLAYER_ROWS_SQL, [ids]);
  return { players: rows.map((r) => ({ id: r.id, username: r.username, avatar_id: r.avatar_id, alliance_tag: r.alliance_tag, total_score: r.total_score ?? 0, rank: r.ahead === null ? null : Number(r.ahead) + 1 })) };
}

/** GET /players/{id}: the public profile card, as `viewer` sees it. */
export async function playerProfile(em: EntityManager, viewer: { id: number }, id: number): Promise<PlayerProfile> {
  const rows = await em.execute<(PlayerRow & { created_at: Date; building_score: number | null; research_score: number | null; unit_score: number | null; defense_score: number | null })[]>(
    `${PLAYER_SQL.replace('s.total_score', 's.total_score, s.building_score, s.research_score, s.unit_score, s.defense_score, u.created_at')} where u.id = ?`,
    [id],
  );
  const row = rows[0];
  if (!row) throw fail.notFound('Player not found.');
  const scores = await Promise.all(SCORE_CATEGORIES.map(async (category) => ({ category, rank: row[category] === null ? null : await rankOf(em, id, category), points: row[category] ?? 0 })));
  const territories = await em.execute<{ region: number; sub_region: number; position: number }[]>('select region, sub_region, position from territories where owner_id = ? order by id', [id]);
  const relation = await em.execute<{ blocked: boolean; requester_id: number | null; accepted: boolean | null }[]>(
    `select exists (select 1 from player_blocks where blocker_id = ? and blocked_id = ?) as blocked, b.requester_id, b.accepted_at is not null as accepted
     from (select 1) one left join buddies b on least(b.requester_id, b.addressee_id) = least(?::int, ?::int) and greatest(b.requester_id, b.addressee_id) = greatest(?::int, ?::int)`,
    [viewer.id, id, viewer.id, id, viewer.id, id],
  );
  const rel = relation[0]!;
  const buddy = rel.requester_id === null ? 'none' : rel.accepted ? 'buddy' : rel.requester_id === viewer.id ? 'outgoing' : 'incoming';
  return {
    id: row.id,
    username: row.username,
    avatar_id: row.avatar_id,
    alliance_tag: row.alliance_tag,
    rank: scores[0]!.rank,
    total_score: row.total_score ?? 0,
    scores,
    territories,
    member_since: new Date(row.created_at).toISOString(),
    is_blocked: rel.blocked,
    buddy,
  };
}

import { activity, playerMarkers, vacationEarliestEnd, type FairPlayPlayer, type PlayerMarker } from '@brood/game-core';
import type { Catalogue } from '@brood/game-data';
import type { EntityManager } from '@mikro-orm/postgresql';
import { epochMs, sqlRows } from '../kernel/bulk-write';
import { fail } from '../errors';

/** What fair play reads of a player, as the columns `fairPlayColumns` names them. */
export interface FairPlayRow {
  name: string;
  points: number | null;
  last_active_ms: number | null;
  vacation_ms: number | null;
}

/**
 * The columns fair play (game-core's fair-play rules) reads of a player: name, points
 * (player_scores), last activity and vacation, from `users` aliased `u` and `player_scores` aliased
 * `s`, each named with `prefix` before FairPlayRow's name.
 */
export const fairPlayColumns = (u: string, s: string, prefix = '') =>
  `${u}.username as ${prefix}name, ${s}.total_score as ${prefix}points, ${epochMs(`${u}.last_active_at`)} as ${prefix}last_active_ms, ${epochMs(`${u}.vacation_since`)} as ${prefix}vacation_ms`;

/** A player as fair play reads them, from their row. */
export function toFairPlayPlayer(row: FairPlayRow, catalogue: Catalogue, now: Date): FairPlayPlayer {
  const lastActive = row.last_active_ms == null ? null : Number(row.last_active_ms);
  return { name: row.name, points: Number(row.points ?? 0), activity: activity(lastActive, now.getTime(), catalogue.universe.fair_play), vacationSince: row.vacation_ms == null ? null : Number(row.vacation_ms) };
}

/** What fair play needs of players (FairPlayRow), read for any number of players in one statement. */
export async function fairPlayPlayers(em: EntityManager, catalogue: Catalogue, ids: readonly number[], now: Date): Promise<Map<number, FairPlayPlayer>> {
  const out = new Map<number, FairPlayPlayer>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return out;
  const rows = await sqlRows<FairPlayRow & { id: number }>(
    em,
    `select u.id, ${fairPlayColumns('u', 's')} from users u left join player_scores s on s.user_id = u.id where u.id = any($1::int[])`,
    [unique],
  );
  for (const r of rows) out.set(r.id, toFairPlayPlayer(r, catalogue, now));
  return out;
}

/**
 * The markers ('n', 's', 'v', 'i', 'I') of each of `others` as the viewer reads them, from what fair
 * play read of them (`players`; one missing has none), and of the viewer (`viewer`; none when missing).
 */
export function markersAmong(catalogue: Catalogue, viewerId: number, viewer: FairPlayPlayer | undefined, others: Iterable<number>, players: ReadonlyMap<number, FairPlayPlayer>): Map<number, PlayerMarker[]> {
  const out = new Map<number, PlayerMarker[]>();
  for (const id of others) {
    const target = players.get(id);
    out.set(id, viewer && target ? playerMarkers(viewer, target, catalogue.universe.fair_play, id === viewerId) : []);
  }
  return out;
}

/** The markers ('n', 's', 'v', 'i', 'I') of each of `others` as `viewerId` reads them: one read for all. */
export async function markersFor(em: EntityManager, catalogue: Catalogue, viewerId: number, others: readonly number[], now: Date): Promise<Map<number, PlayerMarker[]>> {
  const players = await fairPlayPlayers(em, catalogue, [viewerId, ...others], now);
  return markersAmong(catalogue, viewerId, players.get(viewerId), new Set(others), players);
}

/** What GET /users/me carries: the vacation's start and the earliest instant it may end, or null. */
export interface VacationView {
  since: string;
  earliest_end: string;
}

export function vacationView(catalogue: Catalogue, since: Date | null): VacationView | null {
  if (since == null) return null;
  return { since: since.toISOString(), earliest_end: new Date(vacationEarliestEnd(since.getTime(), catalogue.universe.fair_play)).toISOString() };
}


/** A player as fair play reads them, on the wire: the web runs game-core's rules on these. */
export type FairPlayView = FairPlayPlayer & { user_id: number };

/** The viewer and the asked players as fair play reads them (unknown ids are left out). */
export async function fairPlayView(em: EntityManager, catalogue: Catalogue, viewerId: number, ids: readonly number[], now: Date): Promise<{ viewer: FairPlayView; players: FairPlayView[] }> {
  const players = await fairPlayPlayers(em, catalogue, [viewerId, ...ids], now);
  const view = (id: number): FairPlayView | null => {
    const p = players.get(id);
    return p ? { user_id: id, ...p } : null;
  };
  return { viewer: view(viewerId)!, players: [...new Set(ids)].map(view).filter((p): p is FairPlayView => p != null) };
}

/** The moderation console's fair-play facts of a player: activity, vacation and newcomer protection. */
export interface FairPlayStanding {
  last_active_at: string | null;
  activity: 'i' | 'I' | null;
  vacation: VacationView | null;
  points: number;
  /** The tier that protects the player (the first their points are under), or null when none does. */
  protected_by: { below_points: number; ratio: number } | null;
}

export async function fairPlayStanding(em: EntityManager, catalogue: Catalogue, userId: number, now: Date): Promise<FairPlayStanding> {
  const [row] = await sqlRows<{ last_active_at: Date | null; vacation_since: Date | null }>(em, 'select last_active_at, vacation_since from users where id = $1', [userId]);
  const player = (await fairPlayPlayers(em, catalogue, [userId], now)).get(userId);
  if (!row || !player) throw fail.notFound('Player not found.');
  const tier = catalogue.universe.fair_play.protection_tiers.find((t) => player.points < t.below_points) ?? null;
  return {
    last_active_at: row.last_active_at == null ? null : new Date(row.last_active_at).toISOString(),
    activity: player.activity,
    vacation: vacationView(catalogue, row.vacation_since == null ? null : new Date(row.vacation_since)),
    points: player.points,
    protected_by: player.activity == null && tier ? { below_points: tier.below_points, ratio: tier.ratio } : null,
  };
}

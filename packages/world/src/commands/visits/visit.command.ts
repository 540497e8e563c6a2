import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../../kernel/deps';
import { RANK_SQL } from '../../queries/away-summary.query';

/** An absence longer than this earns a while-you-were-away card on the next visit. */
export const AWAY_AFTER_MS = 60 * 60 * 1000;


/**
 * The web app says it is open (on load, then every few minutes while it stays open). After an absence
 * of more than an hour, the last visit before it (its time and rank) is kept for the card until the
 * player dismisses it; a later absence replaces it.
 */
export async function recordVisit(em: EntityManager, actor: Actor, now: Date): Promise<void> {
  const gone = `player_visits.last_seen_at < excluded.last_seen_at - interval '${AWAY_AFTER_MS / 1000} seconds'`;
  await em.execute(
    `with v as (select ?::int as uid, ?::timestamptz as now)
     insert into player_visits (user_id, last_seen_at, last_seen_rank)
     select v.uid, v.now, ${RANK_SQL} from v
     on conflict (user_id) do update set
       away_from = case when ${gone} then player_visits.last_seen_at else player_visits.away_from end,
       away_until = case when ${gone} then excluded.last_seen_at else player_visits.away_until end,
       away_rank = case when ${gone} then player_visits.last_seen_rank else player_visits.away_rank end,
       last_seen_at = greatest(player_visits.last_seen_at, excluded.last_seen_at),
       last_seen_rank = excluded.last_seen_rank`,
    [actor.id, now],
  );
}

/** The player closed the card: it stays closed until the next absence. */
export async function dismissAwaySummary(em: EntityManager, actor: Actor): Promise<{ dismissed: true }> {
  await em.execute('update player_visits set away_from = null, away_until = null, away_rank = null where user_id = ?', [actor.id]);
  return { dismissed: true };
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { COMPLETION_MESSAGE_TYPES } from '@brood/contracts';
import { scorePoints } from '@brood/game-core';
import type { Catalogue } from '@brood/game-data';
import type { Actor } from '../kernel/deps';

/** The overall rank of the player `v.uid` now (1 + the players with a higher total score, ties by id). */
export const RANK_SQL = `(select 1 + count(*) from player_scores a, player_scores me
  where me.user_id = v.uid and (a.total_score > me.total_score or (a.total_score = me.total_score and a.user_id < me.user_id)))`;

/** What happened while the player was away (issue 29): counted from the notifications, messages and scores kept. */
export interface AwaySummary {
  away_from: Date;
  away_until: Date;
  battles_won: number;
  battles_lost: number;
  battles_drawn: number;
  /** Tier-weighted value (as a battle's destroyed value) of the player's units and defenses lost for good. */
  value_lost: number;
  spy_alerts: number;
  fleets_returned: number;
  fleets_lost: number;
  queue_items_completed: number;
  new_messages: number;
  rank_then: number | null;
  rank_now: number;
}

interface Battle {
  outcome: string;
  mine: { role: 'ATTACKER' | 'DEFENDER'; losses_total?: { unit_key: string; lost: number }[] }[] | null;
}

interface Row extends Omit<AwaySummary, 'battles_won' | 'battles_lost' | 'battles_drawn' | 'value_lost' | 'rank_now'> {
  rank_now: string;
  battles: Battle[];
}

/**
 * The while-you-were-away card: null when the player has not been away for more than an hour since it
 * was last dismissed. One statement: the absence, the notifications in it (battle reports with their
 * stored battles), the private messages received in it (a blocked sender's never count), and the rank then and now.
 */
export async function awaySummary(em: EntityManager, catalogue: Catalogue, actor: Actor): Promise<AwaySummary | null> {
  const [row] = await em.execute<Row[]>(
    `with v as (select user_id as uid, away_from, away_until, away_rank from player_visits where user_id = ? and away_from is not null),
     n as (select n.message_type, n.content from notifications n join v on n.user_id = v.uid and n.created_at > v.away_from and n.created_at <= v.away_until),
     b as (select coalesce(bt.report::jsonb, n.content) as report from n left join battles bt on bt.id = (n.content->>'battle_id')::bigint
           where n.message_type in ('COMBAT_REPORT', 'DEFENSE_REPORT'))
     select v.away_from, v.away_until, v.away_rank as rank_then, ${RANK_SQL} as rank_now,
       (select count(*)::int from n where message_type = 'SPY_DETECTED_BY_TARGET') as spy_alerts,
       (select count(*)::int from n where message_type = 'FLEET_RETURNED_TO_ORIGIN') as fleets_returned,
       (select count(*)::int from n where message_type = 'FLEET_LOST') as fleets_lost,
       (select count(*)::int from n where message_type in (select json_array_elements_text(?::json))) as queue_items_completed,
       (select count(*)::int from messages m where m.recipient_id = v.uid and not m.recipient_deleted
          and m.created_at > v.away_from and m.created_at <= v.away_until) as new_messages,
       (select coalesce(json_agg(json_build_object('outcome', b.report->>'outcome', 'mine',
          (select jsonb_agg(p) from jsonb_array_elements(b.report->'participant_results') p where (p->>'user_id')::int = v.uid))), '[]') from b) as battles
     from v`,
    [actor.id, JSON.stringify(COMPLETION_MESSAGE_TYPES)],
  );
  if (!row) return null;
  const { battles, rank_now, away_from, away_until, ...counts } = row;
  let won = 0;
  let lost = 0;
  let valueLost = 0;
  for (const battle of battles) {
    const role = battle.mine?.[0]?.role;
    if (battle.outcome === `VICTORY_${role}`) won += 1;
    else if (battle.outcome.startsWith('VICTORY_')) lost += 1;
    for (const part of battle.mine ?? []) {
      for (const loss of part.losses_total ?? []) {
        const def = catalogue.units[loss.unit_key] ?? catalogue.defenses[loss.unit_key];
        if (def) valueLost += loss.lost * scorePoints(catalogue, def.cost) * catalogue.universe.score.divisor;
      }
    }
  }
  return { ...counts, away_from: new Date(away_from), away_until: new Date(away_until), battles_won: won, battles_lost: lost, battles_drawn: battles.length - won - lost, value_lost: Math.round(valueLost), rank_now: Number(rank_now) };
}

import { createHash } from 'node:crypto';
import type { Catalogue } from '@brood/game-data';
import { createOrm, settledViews, Territory } from '@brood/world';

/**
 * What a world is, without the wall clock: two runs that applied the same events exactly once have
 * equal digests, whenever and by whichever processes they ran. Each part is a sorted list of rows;
 * a row counts once per copy, so an event applied twice (a second notification, a second next-leg
 * job, units delivered twice) shows as a difference, and so does one never applied.
 *
 * Territories are settled in memory to one fixed instant (three hours after the oldest account), so
 * the stored stock's own settle times do not matter. Stock is rounded to a millionth: settling in
 * different steps adds the same amounts in a different order.
 *
 * Battles are told apart by their seed (the attack's movement and instant), not by their id: the
 * ids of two runs follow the order their batches ran in. A report notification (which stores its
 * battle's id) and a Hall of Fame entry name their battle by its seed here; a wreckage field is its
 * position, what it holds and when it expires.
 */
const PARTS: Record<string, string> = {
  'queue items': `select id, kind, user_id, territory_id, item_key, target_level, quantity, completed_at is not null as completed
                  from queue_items order by id`,
  movements: `select id, user_id, mission, original_mission, start_territory_id, target_territory_id, target_owner_id, units, resources,
                     fuel_paid, one_way_seconds, start_time, arrival_time, leg, attack_group_id
              from movements order by id`,
  notifications: `select n.user_id, n.message_type, n.title, case when b.id is null then n.content else jsonb_build_object('battle', b.seed) end as content,
                         coalesce(b.seed, n.related_object_id) as related_object_id, count(*) as copies
                  from notifications n
                  left join battles b on n.message_type in ('COMBAT_REPORT', 'DEFENSE_REPORT') and b.id::text = n.related_object_id
                  group by 1, 2, 3, 4, 5 order by 1, 2, 5, 3`,
  battles: `select seed, fought_at, region, sub_region, position, participant_user_ids, engine_version, catalogue_hash, input::text as input, report::text as report
            from battles order by seed, fought_at`,
  wreckage: `select region, sub_region, position, resources, expires_at from wreckage_fields order by 1, 2, 3, 5`,
  'hall of fame': `select e.attacker_user_id, e.defender_user_id, e.outcome, e.total_unit_value, e.combat_timestamp, e.combat_log_data, b.seed as battle
                   from hall_of_fame_entries e left join battles b on b.id = e.battle_id order by 5, 7, 1`,
  'jobs to come': `select name, data, start_after, count(*) as copies from pgboss.job
                   where state in ('created', 'retry') and name in ('queue-item-due', 'movement-arrival')
                   group by 1, 2, 3 order by 1, 3, 2::text`,
  scores: `select user_id, round(total_score::numeric, 3) as total from player_scores order by user_id`,
};

export interface WorldDigest {
  /** One sha-256 per part (and `territories`). */
  parts: Record<string, string>;
  /** Rows per part, for a readable failure. */
  counts: Record<string, number>;
  rows: Record<string, unknown[]>;
}

const hash = (rows: unknown[]) => createHash('sha256').update(JSON.stringify(rows)).digest('hex');
const round = (amounts: Record<string, number>) => Object.fromEntries(Object.entries(amounts).sort().map(([k, v]) => [k, Math.round(v * 1e6) / 1e6]));

export async function worldDigest(url: string, catalogue: Catalogue): Promise<WorldDigest> {
  const orm = await createOrm(url, { poolMax: 2 });
  try {
    const em = orm.em.fork();
    const rows: Record<string, unknown[]> = {};
    for (const [name, sql] of Object.entries(PARTS)) rows[name] = await em.execute(sql);
    const [first] = await em.execute<{ at: Date }[]>(`select min(created_at) + interval '3 hours' as at from users`);
    const territories = await em.find(Territory, {}, { orderBy: { id: 'asc' } });
    const settled = await settledViews(em, catalogue, territories, new Date(first!.at));
    rows.territories = territories.map((t) => {
      const { state } = settled.get(t.id)!;
      return { id: t.id, owner: t.owner?.id ?? null, resources: round(state.resources), structures: state.structures, units: state.units, defenses: state.defenses };
    });
    const parts = Object.fromEntries(Object.entries(rows).map(([name, list]) => [name, hash(list)]));
    const counts = Object.fromEntries(Object.entries(rows).map(([name, list]) => [name, list.length]));
    return { parts, counts, rows };
  } finally {
    await orm.close(true);
  }
}

/** The first rows where two digests differ, per differing part (empty when they are equal). */
export function digestDifferences(a: WorldDigest, b: WorldDigest, limit = 3): Record<string, { left: unknown[]; right: unknown[] }> {
  const out: Record<string, { left: unknown[]; right: unknown[] }> = {};
  for (const name of Object.keys(a.parts)) {
    if (a.parts[name] === b.parts[name]) continue;
    const left = new Set((a.rows[name] ?? []).map((r) => JSON.stringify(r)));
    const right = new Set((b.rows[name] ?? []).map((r) => JSON.stringify(r)));
    out[`${name} (${a.counts[name]} v ${b.counts[name]} rows)`] = {
      left: [...left].filter((r) => !right.has(r)).slice(0, limit).map((r) => JSON.parse(r) as unknown),
      right: [...right].filter((r) => !left.has(r)).slice(0, limit).map((r) => JSON.parse(r) as unknown),
    };
  }
  return out;
}

import type { EntityManager } from '@mikro-orm/postgresql';
import type { Catalogue } from '@brood/game-data';
import { scoreBreakdown, type ScoreBreakdown } from '@brood/game-core';
import { epochMs, groupRows, jsonList, matchIds, sqlRows } from '../../kernel/bulk-write';
import { lockScores } from '../../kernel/locks';
import { technologiesAt } from '../../settle';

/**
 * Players' scores from what they own now (GAME-RULES "Scores"): the structures, units and defenses
 * stored on their territories, the units of their movements (a fleet in flight, exploring or
 * stationed with an ally is still theirs), and the technologies researched by `at`. The same reading
 * serves the bookkeeping after each happening and the periodic full recompute, so both agree on a
 * quiet world.
 */
export async function computeScores(em: EntityManager, catalogue: Catalogue, userIds: readonly number[], at: Date): Promise<Map<number, ScoreBreakdown>> {
  const out = new Map<number, ScoreBreakdown>();
  if (userIds.length === 0) return out;
  // One statement, one round trip: each list comes back as a JSON array. The players as one value when
  // there is one (a completion's bookkeeping), so that text keeps one plan (decision 20, matchIds).
  const players = (column: string) => matchIds(column, '$1', userIds);
  const [row] = await sqlRows<{
    territories: { owner_id: number; structures: Record<string, number>; units: Record<string, number>; defenses: Record<string, number> }[];
    fleets: { user_id: number; units: Record<string, number> }[];
    research: { user_id: number; item_key: string; target_level: number | null; end_ms: number }[];
  }>(
    em,
    `select ${jsonList(`select owner_id, structures, units, defenses from territories where ${players('owner_id').where}`)} as territories,
            ${jsonList(`select user_id, units from movements where ${players('user_id').where}`)} as fleets,
            ${jsonList(`select user_id, item_key, target_level, ${epochMs('end_time')} as end_ms from queue_items
                    where kind = 'research' and end_time <= $2 and ${players('user_id').where}`)} as research`,
    [players('user_id').value, at],
  );
  const { territories, fleets, research } = row!;
  // Grouped once by player: a batch of the periodic check is 500 players.
  const territoriesOf = groupRows(territories, (t) => t.owner_id);
  const fleetsOf = groupRows(fleets, (f) => f.user_id);
  const researchOf = groupRows(research, (r) => r.user_id);
  for (const id of userIds) {
    const own = territoriesOf.get(id) ?? [];
    const units: Record<string, number> = {};
    const defenses: Record<string, number> = {};
    for (const t of own) {
      for (const [k, n] of Object.entries(t.units)) units[k] = (units[k] ?? 0) + n;
      for (const [k, n] of Object.entries(t.defenses)) defenses[k] = (defenses[k] ?? 0) + n;
    }
    for (const f of fleetsOf.get(id) ?? []) for (const [k, n] of Object.entries(f.units)) units[k] = (units[k] ?? 0) + n;
    const techs = technologiesAt(
      (researchOf.get(id) ?? []).map((r) => ({ itemKey: r.item_key, targetLevel: r.target_level, endTime: new Date(r.end_ms) })),
      at.getTime(),
    );
    out.set(id, scoreBreakdown(catalogue, { territories: own.map((t) => t.structures), technologies: techs, units, defenses }));
  }
  return out;
}

/** Writes players' scores in one statement (their player_scores rows; /users/me answers total_score as `score`). */
export async function writeScores(em: EntityManager, scores: ReadonlyMap<number, ScoreBreakdown>, at: Date): Promise<void> {
  if (scores.size === 0) return;
  // Ascending user ids, the order the recompute job locks them in, so the two never deadlock.
  const rows = [...scores].sort(([a], [b]) => a - b);
  await em.execute(
    `insert into player_scores (user_id, building_score, research_score, unit_score, defense_score, total_score, updated_at)
     values ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}
     on conflict (user_id) do update set building_score = excluded.building_score, research_score = excluded.research_score, unit_score = excluded.unit_score,
       defense_score = excluded.defense_score, total_score = excluded.total_score, updated_at = excluded.updated_at`,
    rows.flatMap(([userId, s]) => [userId, s.building_score, s.research_score, s.unit_score, s.defense_score, s.total_score, at]),
  );
}

/**
 * Brings players' scores up to date inside the caller's transaction: call it after anything that
 * changes what they own (a batch of completions, a battle's losses, a colonization).
 *
 * The players' score rows are locked first, in ascending ids as the recompute job locks them, and the
 * reading starts after: two transactions changing one player's territories at once (a completion
 * batch and an arrival batch, say) then refresh one after the other, and the second reads what the
 * first committed. Without it each read what it alone had changed, and the later write left a score
 * that missed the other's change.
 */
export async function refreshPlayerScores(em: EntityManager, catalogue: Catalogue, userIds: readonly number[], at: Date): Promise<Map<number, ScoreBreakdown>> {
  if (userIds.length === 0) return new Map();
  await lockScores(em, userIds);
  const scores = await computeScores(em, catalogue, userIds, at);
  await writeScores(em, scores, at);
  return scores;
}

/** refreshPlayerScores for one player. */
export async function refreshPlayerScore(em: EntityManager, catalogue: Catalogue, userId: number, at: Date): Promise<ScoreBreakdown | null> {
  return (await refreshPlayerScores(em, catalogue, [userId], at)).get(userId) ?? null;
}

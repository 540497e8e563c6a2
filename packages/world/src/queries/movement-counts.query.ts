import type { EntityManager } from '@mikro-orm/postgresql';
import { boundRows } from '../kernel/bulk-write';

/**
 * Counts that bound fleets: allied fleets at a territory (allied_fleet_slots). A player's own fleets out
 * (max_fleets: every movement, stationed ones included, until it is home) are counted with the
 * sender's fair-play read (commands/fair-play/fair-play-checks.ts, `checkFairPlay`).
 */

/**
 * Allied fleets per territory: stationed there, and (with `pending`) also on their way to station
 * there. Territories with none are absent.
 */
export async function alliedFleetCounts(em: EntityManager, territoryIds: readonly number[], pending = false): Promise<Map<number, number>> {
  if (territoryIds.length === 0) return new Map();
  const missions = pending ? ['ALLIED_STATIONED', 'ALLIED_STATIONING_PENDING'] : ['ALLIED_STATIONED'];
  const rows = await boundRows<{ territory: number; n: string }>(
    em,
    `select target_territory_id as territory, count(*) as n from movements
     where target_territory_id in (${territoryIds.map(() => '?').join(', ')}) and mission in (${missions.map(() => '?').join(', ')})
     group by target_territory_id`,
    [...territoryIds, ...missions],
  );
  return new Map(rows.map((r) => [r.territory, Number(r.n)]));
}

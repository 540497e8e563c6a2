import type { EntityManager } from '@mikro-orm/postgresql';
import { boundRows } from '../kernel/bulk-write';

/** Counts that bound fleets: a player's active movements (max_fleets) and allied fleets at a territory (allied_fleet_slots). */

/** Every movement of the player counts against max_fleets, stationed ones included, until it is home. */
export async function activeFleetCount(em: EntityManager, userId: number): Promise<number> {
  const rows = await boundRows<{ n: string }>(em, 'select count(*) as n from movements where user_id = ?', [userId]);
  return Number(rows[0]?.n ?? 0);
}

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

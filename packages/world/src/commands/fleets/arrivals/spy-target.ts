import type { EntityManager } from '@mikro-orm/postgresql';
import type { SpyQueueEntry, SpyStationedFleet, SpyTarget } from '@brood/game-core';
import { QueueItem } from '../../../entities/queue-item.entity';
import { User } from '../../../entities/user.entity';
import { technologyLevels } from '../../../queries/economy-territories.query';
import type { TerritoryRow } from '../../../kernel/access';
import { deliveredBy } from '../../../kernel/queue-items';

/**
 * What a spy mission can see of a territory at the instant it arrives: the settled stock,
 * structures, units and defenses, the allied fleets stationed there, and the four queues (research
 * is the owner's), the owner's username and research levels. game-core's spyReportContent then cuts it to the mission's detail level.
 */
export async function spyTarget(em: EntityManager, target: TerritoryRow, at: Date): Promise<SpyTarget> {
  const owner = target.owner?.id ?? null;
  const [fleets, items, ownerRow, technologies] = await Promise.all([
    stationedFleets(em, target.id),
    pendingItems(em, target.id, owner, at),
    owner == null ? null : em.findOne(User, { id: owner }, { fields: ['username'] }),
    owner == null ? {} : technologyLevels(em, owner, at),
  ]);
  const queue = (kind: QueueItem['kind']) => items.filter((i) => i.kind === kind).map((i) => entry(i, at));
  return {
    territory_id: target.id,
    territory_name: target.name,
    coords: [target.region, target.subRegion, target.position],
    owner_id: owner,
    owner_username: ownerRow?.username ?? null,
    technologies,
    resources: { ...target.resources },
    structures: { ...target.structures },
    units: { ...target.units },
    defenses: { ...target.defenses },
    stationed_fleets: fleets,
    build_queue: queue('building'),
    research_queue: queue('research'),
    research_queue_user_id: owner,
    recruitment_queue: queue('recruitment'),
    defense_queue: queue('defense'),
  };
}

async function stationedFleets(em: EntityManager, territoryId: number): Promise<SpyStationedFleet[]> {
  const rows = await em.execute<{ id: string; username: string; mission: string; units: Record<string, number>; resources: Record<string, number> }[]>(
    `select m.id, u.username, m.mission, m.units, m.resources from movements m join users u on u.id = m.user_id
      where m.target_territory_id = ? and m.mission = 'ALLIED_STATIONED' order by m.start_time, m.id`,
    [territoryId],
  );
  return rows.map((r) => ({ fleet_id: r.id, username: r.username, mission_type: r.mission, units: r.units, resources: r.resources }));
}

/** Items not finished at `at`: the territory's building, recruitment and defense queues, and the owner's research. */
async function pendingItems(em: EntityManager, territoryId: number, owner: number | null, at: Date): Promise<QueueItem[]> {
  const where = owner == null
    ? { territoryId, kind: { $ne: 'research' as const }, endTime: { $gt: at } }
    : { $or: [{ territoryId, kind: { $ne: 'research' as const } }, { userId: owner, kind: 'research' as const }], endTime: { $gt: at } };
  return em.find(QueueItem, where, { orderBy: { startTime: 'asc', id: 'asc' } });
}

/** A queue entry as the report lists it: a level being built or researched, or the units of a batch still to come. */
function entry(item: QueueItem, at: Date): SpyQueueEntry {
  const amount = item.kind === 'building' || item.kind === 'research' ? (item.targetLevel ?? 0) : (item.quantity ?? 0) - deliveredBy(item, at);
  return { item_key: item.itemKey, target_level_or_quantity: amount, end_time: item.endTime.toISOString() };
}

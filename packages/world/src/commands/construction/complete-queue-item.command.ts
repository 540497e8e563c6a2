import { LockMode } from '@mikro-orm/postgresql';
import type { MessageType } from '../../entities/notification.entity';
import { QueueItem } from '../../entities/queue-item.entity';
import { Territory } from '../../entities/territory.entity';
import { settleTerritory } from '../../settle';
import { publishEvent } from '../../events';
import { addNotification } from '../notifications';
import { inTransaction, type EconomyDeps } from '../territories/economy-deps';
import { announceQueueChange } from '../territories/economy-events';

export type CompletionOutcome = 'completed' | 'already-completed' | 'not-due' | 'missing';

interface Announcement {
  messageType: MessageType;
  event: string;
  title: string;
  itemName: string;
  details: string;
  data: Record<string, unknown>;
}

function announcement(deps: EconomyDeps, item: QueueItem, territory: Territory | null): Announcement {
  const where = territory ? ` in ${territory.name}` : '';
  const territoryId = territory?.id ?? null;
  const { catalogue } = deps;
  switch (item.kind) {
    case 'building': {
      const name = catalogue.structures[item.itemKey]?.name ?? item.itemKey;
      return {
        messageType: 'BUILDING_CONSTRUCTION_COMPLETED',
        event: 'CONSTRUCTION_COMPLETED',
        title: `${name} reached level ${item.targetLevel}`,
        itemName: name,
        details: `${name} has grown to level ${item.targetLevel}${where}.`,
        data: { territoryId, territory_id: territoryId, structure_key: item.itemKey, level: item.targetLevel },
      };
    }
    case 'research': {
      const name = catalogue.technologies[item.itemKey]?.name ?? item.itemKey;
      return {
        messageType: 'RESEARCH_PROJECT_COMPLETED',
        event: 'RESEARCH_COMPLETED',
        title: `${name} researched to level ${item.targetLevel}`,
        itemName: name,
        details: `Research of ${name} level ${item.targetLevel} is complete.`,
        data: { tech_key: item.itemKey, level: item.targetLevel, territoryId, territory_id: territoryId },
      };
    }
    case 'recruitment': {
      const name = catalogue.units[item.itemKey]?.name ?? item.itemKey;
      return {
        messageType: 'UNIT_RECRUITMENT_COMPLETED',
        event: 'UNIT_RECRUITMENT_COMPLETED',
        title: `${item.quantity} x ${name} hatched`,
        itemName: name,
        details: `${item.quantity} ${name} joined your swarm${where}.`,
        data: { territoryId, territory_id: territoryId, unit_key: item.itemKey, quantity: item.quantity },
      };
    }
    case 'defense': {
      const name = catalogue.defenses[item.itemKey]?.name ?? item.itemKey;
      return {
        messageType: 'DEFENSE_CONSTRUCTION_COMPLETED',
        event: 'DEFENSE_CONSTRUCTION_COMPLETED',
        title: `${item.quantity} x ${name} grown`,
        itemName: name,
        details: `${item.quantity} ${name} now guard${where || ' your territory'}.`,
        data: { territoryId, territory_id: territoryId, defense_key: item.itemKey, quantity: item.quantity },
      };
    }
  }
}

/**
 * The sim-worker's completion of one queue item at its end time: settles the territory to that time
 * (which delivers the item), then records the completion notification and raises the real-time
 * events, once. Idempotent: a second run, or a run for an item that was cancelled or moved, changes nothing.
 */
export async function completeQueueItem(deps: EconomyDeps, itemId: string, now: Date): Promise<CompletionOutcome> {
  return inTransaction(deps, async (tx) => {
    const item = await tx.em.findOne(QueueItem, { id: itemId });
    if (!item) return 'missing';
    if (item.completedAt) return 'already-completed';
    if (item.endTime > now) return 'not-due';
    let territory: Territory | null = null;
    if (item.territoryId != null) {
      // Research only names its paying territory; the others deliver into theirs, so lock it.
      const lock = item.kind === 'research' ? {} : { lockMode: LockMode.PESSIMISTIC_WRITE };
      territory = await tx.em.findOne(Territory, { id: item.territoryId }, lock);
      if (territory && item.kind !== 'research') await settleTerritory(tx.em, tx.catalogue, territory, item.endTime);
    }
    // Claim it: of two workers racing on the same item, only one updates the row.
    const claimed = await tx.em.nativeUpdate(QueueItem, { id: item.id, completedAt: null }, { completedAt: now });
    if (claimed === 0) return 'already-completed';
    await tx.em.flush();
    const a = announcement(tx, item, territory);
    await addNotification(
      tx.em,
      item.userId,
      {
        message_type: a.messageType,
        title: a.title,
        content: {
          item_name: a.itemName,
          level_or_quantity: item.targetLevel ?? item.quantity,
          location_coords: territory ? [territory.region, territory.subRegion, territory.position] : null,
          location_name: territory?.name ?? null,
          details: a.details,
        },
        related_object_id: item.id,
      },
      now,
    );
    await publishEvent(tx.em, item.userId, a.event, a.data);
    await announceQueueChange(tx.em, item.userId, item.kind, item.kind === 'research' ? null : (item.territoryId ?? null));
    return 'completed';
  });
}

/** Items whose end time has passed but that no job has announced yet (worker downtime, lost jobs), oldest first. */
export async function dueQueueItemIds(deps: Pick<EconomyDeps, 'em'>, now: Date, limit = 500): Promise<string[]> {
  const rows = await deps.em.fork().find(QueueItem, { completedAt: null, endTime: { $lte: now } }, { fields: ['id'], orderBy: { endTime: 'asc' }, limit });
  return rows.map((r) => r.id);
}

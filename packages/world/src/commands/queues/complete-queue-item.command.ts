import type { CompletionContent } from '@brood/contracts';
import { QueueItem } from '../../entities/queue-item.entity';
import { Territory } from '../../entities/territory.entity';
import { settleTerritory } from '../../settle';
import { inTransaction, type WorldDeps } from '../../kernel/deps';
import { lockTerritories } from '../../kernel/access';
import { addNotification, type AnnounceAs, type NewNotification } from '../notifications';
import { refreshPlayerScore } from '../scores/player-scores';

export type CompletionOutcome = 'completed' | 'already-completed' | 'not-due' | 'missing';

type CompletionType = 'BUILDING_CONSTRUCTION_COMPLETED' | 'RESEARCH_PROJECT_COMPLETED' | 'UNIT_RECRUITMENT_COMPLETED' | 'DEFENSE_CONSTRUCTION_COMPLETED';

interface Announcement {
  messageType: CompletionType;
  title: string;
  itemName: string;
  details: string;
  as: AnnounceAs;
}

/** The notification and the one real-time event of a finished item, by queue kind. */
function announcement(deps: WorldDeps, item: QueueItem, territory: Territory | null): Announcement {
  const where = territory ? ` in ${territory.name}` : '';
  const territory_id = territory?.id ?? null;
  const { catalogue } = deps;
  const level = item.targetLevel ?? 0;
  const quantity = item.quantity ?? 0;
  switch (item.kind) {
    case 'building': {
      const name = catalogue.structures[item.itemKey]?.name ?? item.itemKey;
      return {
        messageType: 'BUILDING_CONSTRUCTION_COMPLETED',
        title: `${name} reached level ${level}`,
        itemName: name,
        details: `${name} has grown to level ${level}${where}.`,
        as: { event: 'CONSTRUCTION_COMPLETED', data: { queueType: 'building', territory_id, structure_key: item.itemKey, level } },
      };
    }
    case 'research': {
      const name = catalogue.technologies[item.itemKey]?.name ?? item.itemKey;
      return {
        messageType: 'RESEARCH_PROJECT_COMPLETED',
        title: `${name} researched to level ${level}`,
        itemName: name,
        details: `Research of ${name} level ${level} is complete.`,
        as: { event: 'RESEARCH_COMPLETED', data: { queueType: 'research', territory_id, tech_key: item.itemKey, level } },
      };
    }
    case 'recruitment': {
      const name = catalogue.units[item.itemKey]?.name ?? item.itemKey;
      return {
        messageType: 'UNIT_RECRUITMENT_COMPLETED',
        title: `${quantity} x ${name} hatched`,
        itemName: name,
        details: `${quantity} ${name} joined your swarm${where}.`,
        as: { event: 'UNIT_RECRUITMENT_COMPLETED', data: { queueType: 'recruitment', territory_id, unit_key: item.itemKey, quantity } },
      };
    }
    case 'defense': {
      const name = catalogue.defenses[item.itemKey]?.name ?? item.itemKey;
      return {
        messageType: 'DEFENSE_CONSTRUCTION_COMPLETED',
        title: `${quantity} x ${name} grown`,
        itemName: name,
        details: `${quantity} ${name} now guard${where || ' your territory'}.`,
        as: { event: 'DEFENSE_CONSTRUCTION_COMPLETED', data: { queueType: 'defense', territory_id, defense_key: item.itemKey, quantity } },
      };
    }
  }
}

/**
 * The sim-worker's completion of one queue item of any kind at its end time: settles the territory
 * to that time (which delivers the item), then records the completion notification and raises its
 * one real-time event, once. Idempotent: a second run, or a run for an item that was cancelled or
 * moved, changes nothing.
 */
export async function completeQueueItem(deps: WorldDeps, itemId: string, now: Date): Promise<CompletionOutcome> {
  return inTransaction(deps, async (tx) => {
    const item = await tx.em.findOne(QueueItem, { id: itemId });
    if (!item) return 'missing';
    if (item.completedAt) return 'already-completed';
    if (item.endTime > now) return 'not-due';
    let territory: Territory | null = null;
    if (item.territoryId != null) {
      // Research only names its paying territory; the others deliver into theirs, so lock it.
      if (item.kind === 'research') territory = await tx.em.findOne(Territory, { id: item.territoryId });
      else {
        territory = (await lockTerritories(tx.em, [item.territoryId])).get(item.territoryId) ?? null;
        if (territory) await settleTerritory(tx.em, tx.catalogue, territory, item.endTime);
      }
    }
    // Claim it: of two workers racing on the same item, only one updates the row.
    const claimed = await tx.em.nativeUpdate(QueueItem, { id: item.id, completedAt: null }, { completedAt: now });
    if (claimed === 0) return 'already-completed';
    await tx.em.flush();
    const a = announcement(tx, item, territory);
    const content: CompletionContent = {
      item_name: a.itemName,
      level_or_quantity: item.targetLevel ?? item.quantity ?? null,
      location_coords: territory ? [territory.region, territory.subRegion, territory.position] : null,
      location_name: territory?.name ?? null,
      details: a.details,
    };
    const notification: NewNotification<CompletionType> = { message_type: a.messageType, title: a.title, content, related_object_id: item.id };
    await addNotification(tx.em, item.userId, notification, now, a.as);
    await refreshPlayerScore(tx.em, tx.catalogue, item.userId, now);
    return 'completed';
  });
}

/** Items whose end time has passed but that no job has announced yet (worker downtime, lost jobs), oldest first. */
export async function dueQueueItemIds(deps: Pick<WorldDeps, 'em'>, now: Date, limit = 500): Promise<string[]> {
  const rows = await deps.em.fork().find(QueueItem, { completedAt: null, endTime: { $lte: now } }, { fields: ['id'], orderBy: { endTime: 'asc' }, limit });
  return rows.map((r) => r.id);
}

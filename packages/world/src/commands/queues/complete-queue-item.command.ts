import type { CompletionContent } from '@brood/contracts';
import { type QueueItem } from '../../entities/queue-item.entity';
import { settleTerritories } from '../../settle';
import { inTransaction, type WorldDeps } from '../../kernel/deps';
import { lockTerritoryRows, readTerritoryRows, type TerritoryRow } from '../../kernel/access';
import { epochMs, sqlRows, writeTerritories } from '../../kernel/bulk-write';
import { addNotifications, type AnnounceAs, type NotificationEntry } from '../notifications';
import { refreshPlayerScores } from '../scores/player-scores';
import { announceSlotResearch } from '../alliances/alliance-slots';

export type CompletionOutcome = 'completed' | 'already-completed' | 'not-due' | 'missing';

type CompletionType = 'BUILDING_CONSTRUCTION_COMPLETED' | 'RESEARCH_PROJECT_COMPLETED' | 'UNIT_RECRUITMENT_COMPLETED' | 'DEFENSE_CONSTRUCTION_COMPLETED';

interface Announcement {
  messageType: CompletionType;
  title: string;
  itemName: string;
  details: string;
  as: AnnounceAs;
}

/** What a completion reads of its item: a plain row, not an entity (a batch reads hundreds and changes none). */
type DueItem = Pick<QueueItem, 'id' | 'kind' | 'userId' | 'territoryId' | 'itemKey' | 'targetLevel' | 'quantity' | 'endTime'> & { completed: boolean };

/** Where an item completed: a locked row, or the territory a research item paid from. */
type Place = Pick<TerritoryRow, 'id' | 'name' | 'region' | 'subRegion' | 'position'>;

/** The notification and the one real-time event of a finished item, by queue kind. */
function announcement(deps: WorldDeps, item: DueItem, territory: Place | null): Announcement {
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

/** The items by id, in end-time order (end times as epoch ms: the driver hands raw timestamps over as text). */
async function readItems(tx: WorldDeps, ids: readonly string[]): Promise<DueItem[]> {
  const rows = await sqlRows<{ id: string; kind: QueueItem['kind']; user_id: number; territory_id: number | null; item_key: string; target_level: number | null; quantity: number | null; end_ms: number; completed: boolean }>(
    tx.em,
    `select id, kind, user_id, territory_id, item_key, target_level, quantity, ${epochMs('end_time')} as end_ms, completed_at is not null as completed
     from queue_items where id = any($1::uuid[]) order by end_time`,
    [ids],
  );
  return rows.map((r) => ({
    id: r.id, kind: r.kind, userId: r.user_id, territoryId: r.territory_id, itemKey: r.item_key, targetLevel: r.target_level, quantity: r.quantity,
    endTime: new Date(r.end_ms), completed: r.completed,
  }));
}

/**
 * The sim-worker's completion of queue items of any kind at their end times, as a batch in one
 * transaction with a fixed number of statements however many items it holds: the territories they
 * deliver into are locked in id order and settled, each to the latest end time among its items (which
 * delivers them in time order), the items are claimed, and every completion's notification is stored
 * and announced by its one real-time event. Idempotent: an item already claimed (a second run, another
 * worker), cancelled (missing) or moved later (not due) is left alone and answered as such.
 */
export async function completeQueueItems(deps: WorldDeps, ids: readonly string[], now: Date): Promise<Map<string, CompletionOutcome>> {
  const outcomes = new Map<string, CompletionOutcome>(ids.map((id) => [id, 'missing']));
  if (ids.length === 0) return outcomes;
  return inTransaction(deps, async (tx) => {
    const due: DueItem[] = [];
    for (const item of await readItems(tx, ids)) {
      if (item.completed) outcomes.set(item.id, 'already-completed');
      else if (item.endTime > now) outcomes.set(item.id, 'not-due');
      else due.push(item);
    }
    if (due.length === 0) return outcomes;
    // Research only names its paying territory; the others deliver into theirs, so lock those.
    const delivers = (item: DueItem) => item.kind !== 'research' && item.territoryId != null;
    const locked = await lockTerritoryRows(tx.em, due.filter(delivers).map((i) => i.territoryId!));
    const targets = new Map<TerritoryRow, Date>();
    for (const item of due.filter(delivers)) {
      const territory = locked.get(item.territoryId!);
      if (territory) targets.set(territory, item.endTime); // ascending: the latest end time wins
    }
    await settleTerritories(tx.em, tx.catalogue, targets);
    const payerIds = due.filter((i) => !delivers(i) && i.territoryId != null && !locked.has(i.territoryId)).map((i) => i.territoryId!);
    const payers = await readTerritoryRows(tx.em, payerIds);
    const territoryOf = (id: number | null | undefined): Place | null => (id == null ? null : (locked.get(id) ?? payers.get(id) ?? null));
    // Claim them: of two workers racing on the same item, only one updates its row.
    const claimedRows = await tx.em.execute<{ id: string }[]>(
      `update queue_items set completed_at = ? where completed_at is null and id in (${due.map(() => '?').join(', ')}) returning id`,
      [now, ...due.map((i) => i.id)],
    );
    const claimed = new Set(claimedRows.map((r) => r.id));
    await writeTerritories(tx.em, [...locked.values()]);
    await tx.em.flush();
    const entries: NotificationEntry[] = [];
    for (const item of due) {
      if (!claimed.has(item.id)) {
        outcomes.set(item.id, 'already-completed');
        continue;
      }
      outcomes.set(item.id, 'completed');
      const territory = territoryOf(item.territoryId);
      const a = announcement(tx, item, territory);
      const content: CompletionContent = {
        item_name: a.itemName,
        level_or_quantity: item.targetLevel ?? item.quantity ?? null,
        location_coords: territory ? [territory.region, territory.subRegion, territory.position] : null,
        location_name: territory?.name ?? null,
        details: a.details,
      };
      entries.push({ userId: item.userId, input: { message_type: a.messageType, title: a.title, content, related_object_id: item.id }, as: a.as });
    }
    await addNotifications(tx, entries, now);
    await refreshPlayerScores(tx.em, tx.catalogue, [...new Set(due.filter((i) => claimed.has(i.id)).map((i) => i.userId))], now);
    await announceSlotResearch(tx.em, tx.catalogue, due.filter((i) => claimed.has(i.id) && i.kind === 'research'));
    return outcomes;
  });
}

/** One item: completeQueueItems of a batch of one. */
export async function completeQueueItem(deps: WorldDeps, itemId: string, now: Date): Promise<CompletionOutcome> {
  return (await completeQueueItems(deps, [itemId], now)).get(itemId)!;
}

import type { QueueItem } from '../entities/queue-item.entity';
import type { AmountMap } from '../entities/territory.entity';
import { deliveredBy } from '../kernel/queue-items';

interface Common {
  id: string;
  created_at: Date;
  start_time: Date;
  end_time: Date;
  /** What was paid for it: a cancel refunds the universe's share of it (of the part not yet delivered). */
  paid: AmountMap;
}
export interface BuildQueueItemView extends Common {
  territory_id: number;
  structure_key: string;
  target_level: number;
}
export interface ResearchQueueItemView extends Common {
  tech_key: string;
  target_level: number;
  /** The territory that paid; null when the research cost nothing. */
  territory_id_for_cost: number | null;
}
interface BatchView extends Common {
  territory_id: number;
  quantity: number;
  /** Delivered so far (one every duration_per_item_s from start_time). */
  quantity_delivered: number;
  duration_per_item_s: number;
  completion_time: Date;
}
export type RecruitmentQueueItemView = BatchView & { unit_key: string };
export type DefenseQueueItemView = BatchView & { defense_key: string };

/** What a view reads of a queue item: an entity (a command's), or a plain row (the queue reads'). */
export type QueuedItem = Pick<QueueItem, 'id' | 'territoryId' | 'itemKey' | 'targetLevel' | 'quantity' | 'durationPerItemS' | 'paid' | 'createdAt' | 'startTime' | 'endTime'>;

function common(item: QueuedItem): Common {
  return { id: item.id, created_at: item.createdAt, start_time: item.startTime, end_time: item.endTime, paid: item.paid };
}

export function toBuildItemView(item: QueuedItem): BuildQueueItemView {
  return { ...common(item), territory_id: item.territoryId!, structure_key: item.itemKey, target_level: item.targetLevel! };
}

export function toResearchItemView(item: QueuedItem): ResearchQueueItemView {
  return { ...common(item), tech_key: item.itemKey, target_level: item.targetLevel!, territory_id_for_cost: item.territoryId ?? null };
}

function batch(item: QueuedItem, now: Date): BatchView {
  return {
    ...common(item),
    territory_id: item.territoryId!,
    quantity: item.quantity!,
    quantity_delivered: deliveredBy(item, now),
    duration_per_item_s: item.durationPerItemS!,
    completion_time: item.endTime,
  };
}

export function toRecruitmentItemView(item: QueuedItem, now: Date): RecruitmentQueueItemView {
  return { ...batch(item, now), unit_key: item.itemKey };
}

export function toDefenseItemView(item: QueuedItem, now: Date): DefenseQueueItemView {
  return { ...batch(item, now), defense_key: item.itemKey };
}

/**
 * The two batch queues of a territory: units (recruitment) and defenses. They follow the same rules
 * (commands/recruitment/start-batch.ts); they differ only in the field that names the item and the view of a queued batch.
 */
export const BATCH_QUEUES = {
  recruitment: { keyField: 'unit_key', view: toRecruitmentItemView },
  defense: { keyField: 'defense_key', view: toDefenseItemView },
} as const;
export type BatchQueueKind = keyof typeof BATCH_QUEUES;
export type BatchKeyField<K extends BatchQueueKind> = (typeof BATCH_QUEUES)[K]['keyField'];
export type BatchItemView<K extends BatchQueueKind> = ReturnType<(typeof BATCH_QUEUES)[K]['view']>;

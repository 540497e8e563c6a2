import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/postgresql';
import type { AmountMap } from './territory.entity';

import { QUEUE_KINDS } from '@brood/contracts';

/** Which queue an item sits in; also the `queueType` of QUEUE_ITEM_UPDATED events (one list, in contracts). */
export { QUEUE_KINDS, type QueueKind } from '@brood/contracts';

/**
 * An item of one of the four production queues. Items of one queue run one after another
 * (start_time = end of the one before). A building or research item raises a level to target_level
 * at end_time; a recruitment or defense batch delivers one of `quantity` every duration_per_item_s.
 * Nothing marks delivery: an effect is applied once its time is at or before the territory's
 * resources_updated_at (settle.ts). completed_at only records that the worker announced it.
 */
export const QueueItemSchema = defineEntity({
  name: 'QueueItem',
  tableName: 'queue_items',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    kind: p.enum(QUEUE_KINDS).columnType('varchar(16)'),
    userId: p.integer(),
    /** The territory it builds in; for research the territory that paid (null when nothing was due). */
    territoryId: p.integer().nullable(),
    itemKey: p.string().length(64),
    targetLevel: p.integer().nullable(),
    quantity: p.integer().nullable(),
    durationPerItemS: p.integer().nullable(),
    /** What was taken from the stock when queued; a cancel refunds a share of it. */
    paid: p.json<AmountMap>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    startTime: p.datetime(),
    endTime: p.datetime(),
    completedAt: p.datetime().nullable(),
  },
});

export class QueueItem extends QueueItemSchema.class {}
QueueItemSchema.setClass(QueueItem);

import type { EntityManager } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import type { QueueItem, QueueKind } from '../../entities/queue-item.entity';
import { publishEvent, scheduleJob } from '../../events';

/** pg-boss queue of the sim-worker job that completes a queue item at its end time. */
export const QUEUE_ITEM_DUE_JOB = 'queue-item-due';

export interface QueueItemDueJob {
  id: string;
}

/** Schedules the completion job in the caller's transaction: it exists if and only if the item does. */
export async function scheduleCompletion(em: EntityManager, boss: PgBoss, item: QueueItem): Promise<void> {
  await scheduleJob(em, boss, QUEUE_ITEM_DUE_JOB, { id: item.id } satisfies QueueItemDueJob, { startAfter: item.endTime });
}

/** Tells the player's sockets (on commit) that a queue and a territory's stock changed. */
export async function announceQueueChange(em: EntityManager, userId: number, queueType: QueueKind, territoryId: number | null): Promise<void> {
  await publishEvent(em, userId, 'QUEUE_ITEM_UPDATED', { queueType, territoryId, territory_id: territoryId });
  if (territoryId != null) await publishEvent(em, userId, 'RESOURCE_UPDATE', { territoryId, territory_id: territoryId });
}

import type { QueueItem, QueueKind } from '../../entities/queue-item.entity';
import type { EntityManager } from '@mikro-orm/postgresql';
import { publishEvent } from '../../events';
import { JOBS } from '../../job-contracts';
import { scheduleJob, type JobSender } from '../../jobs';

/** Schedules the completion job in the caller's transaction: it exists if and only if the item does. */
export async function scheduleCompletion(tx: JobSender, item: QueueItem): Promise<void> {
  await scheduleJob(tx, JOBS.queueItemDue, { id: item.id }, { startAfter: item.endTime });
}

/** Tells the player's sockets (on commit), in one message, that a queue and its territory's stock changed. */
export async function announceQueueChange(em: EntityManager, userId: number, queueType: QueueKind, territoryId: number | null): Promise<void> {
  await publishEvent(em, userId, 'QUEUE_ITEM_UPDATED', { queueType, territory_id: territoryId });
}

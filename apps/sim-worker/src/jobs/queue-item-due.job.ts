import { completeQueueItem, defineJob, dueQueueItemIds, JOBS } from '@brood/world';

/**
 * A building, research, recruitment or defense item reached its end time: settle its territory to
 * that time, store the completion notification and raise its real-time event. The command is
 * idempotent, so a retried or duplicated job changes nothing.
 */
export const queueItemDueJob = defineJob(
  JOBS.queueItemDue,
  async (deps, data) => {
    const outcome = await completeQueueItem({ em: deps.em, catalogue: deps.catalogue, boss: deps.boss }, data.id, deps.now());
    if (outcome === 'completed') deps.log.debug({ item: data.id }, 'queue item completed');
  },
  { batchSize: 50 },
);

/**
 * Every minute, the safety net: completes items whose end time passed without their job having run
 * (a job lost to retention while every worker was down), oldest first, so none is announced twice or never.
 */
export const queueItemsCatchUpJob = defineJob(
  JOBS.queueItemsCatchUp,
  async (deps) => {
    const now = deps.now();
    // A grace minute leaves items to their own jobs, which normally run within a second of the end time.
    const ids = await dueQueueItemIds(deps, new Date(now.getTime() - 60_000));
    for (const id of ids) await completeQueueItem({ em: deps.em.fork(), catalogue: deps.catalogue, boss: deps.boss }, id, now);
    if (ids.length > 0) deps.log.info({ items: ids.length }, 'caught up on overdue queue items');
  },
  { cron: '* * * * *' },
);

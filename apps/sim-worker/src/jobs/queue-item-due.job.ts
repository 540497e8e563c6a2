import { completeQueueItems, defineBatchJob, defineJob, dueQueueItemIds, JOBS, nextCompletionIn } from '@brood/world';

/**
 * Building, research, recruitment or defense items reached their end times: each fetch of due jobs is
 * applied as one batch (territories settled to their items' end times, completion notifications stored
 * and their real-time events raised, in one transaction). The command is idempotent, so a retried or
 * duplicated job changes nothing.
 */
export const queueItemDueJob = defineBatchJob(
  JOBS.queueItemDue,
  async (deps, jobs) => {
    const outcomes = await completeQueueItems({ em: deps.em, catalogue: deps.catalogue, boss: deps.boss }, jobs.map((j) => j.data.id), deps.now());
    deps.log.debug({ completed: [...outcomes.values()].filter((o) => o === 'completed').length }, 'queue items completed');
  },
  { batchSize: 250, dueIn: nextCompletionIn },
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
    for (let i = 0; i < ids.length; i += 100) await completeQueueItems({ em: deps.em.fork(), catalogue: deps.catalogue, boss: deps.boss }, ids.slice(i, i + 100), now);
    if (ids.length > 0) deps.log.info({ items: ids.length }, 'caught up on overdue queue items');
  },
  { cron: '* * * * *' },
);

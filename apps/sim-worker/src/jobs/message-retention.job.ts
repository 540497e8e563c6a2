import { defineJob, JOBS, removeOldMessages } from '@brood/world';

/** Every hour: messages older than messages.retention_days are removed with every copy (reports keep theirs). Idempotent by nature. */
export const messageRetentionJob = defineJob(
  JOBS.messageRetention,
  async (deps) => {
    const removed = await removeOldMessages(deps, deps.now());
    if (removed > 0) deps.log.info({ removed }, 'old messages removed');
  },
  { cron: '17 * * * *' },
);

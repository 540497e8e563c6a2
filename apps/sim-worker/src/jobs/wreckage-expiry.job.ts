import { defineJob, JOBS, removeExpiredWreckage } from '@brood/world';

/** Every minute: wreckage fields past their lifetime are deleted (reads already ignore them). Idempotent by nature. */
export const wreckageExpiryJob = defineJob(
  JOBS.wreckageExpiry,
  async (deps) => {
    const removed = await removeExpiredWreckage(deps.em, deps.now());
    if (removed > 0) deps.log.info({ removed }, 'expired wreckage fields removed');
  },
  { cron: '* * * * *' },
);

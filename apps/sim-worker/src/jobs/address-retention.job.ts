import { defineJob, JOBS, removeExpiredAddresses } from '@brood/world';

/** Every hour: addresses older than `address_retention_days` are removed (docs/privacy.md). Idempotent by nature. */
export const addressRetentionJob = defineJob(
  JOBS.addressRetention,
  async (deps) => {
    const removed = await removeExpiredAddresses(deps.em, deps.catalogue, deps.now());
    if (removed > 0) deps.log.info({ removed }, 'expired addresses removed');
  },
  { cron: '7 * * * *' },
);

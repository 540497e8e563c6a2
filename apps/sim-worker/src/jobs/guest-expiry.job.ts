import { defineJob, JOBS, pruneLoginAttempts, pruneSignups, removeExpiredGuests } from '@brood/world';

/**
 * Every minute: guest accounts past their expiry that were never claimed are removed with everything
 * they own; login failures and guest sign-ups older than their throttling windows are dropped. Idempotent by nature.
 */
export const guestExpiryJob = defineJob(
  JOBS.guestExpiry,
  async (deps) => {
    const removed = await removeExpiredGuests(deps, deps.now());
    if (removed.length > 0) deps.log.info({ users: removed }, 'expired guest accounts removed');
    await pruneLoginAttempts(deps.em, deps.catalogue, deps.now());
    await pruneSignups(deps.em, deps.now());
  },
  { cron: '* * * * *' },
);

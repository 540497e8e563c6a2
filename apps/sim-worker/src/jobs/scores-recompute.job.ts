import { defineJob, JOBS, recomputeAllScores } from '@brood/world';

/**
 * Every 10 minutes: every player's scores recomputed from what they own. The bookkeeping after each
 * happening should agree; each disagreement is logged (a missed hook) and repaired. Idempotent.
 */
export const scoresRecomputeJob = defineJob(
  JOBS.scoresRecompute,
  async (deps) => {
    const { checked, repaired } = await recomputeAllScores(deps.em, deps.catalogue, deps.now());
    if (repaired.length > 0) deps.log.warn({ checked, repaired: repaired.slice(0, 20), count: repaired.length }, 'scores disagreed with the world and were repaired');
    else deps.log.debug({ checked }, 'scores agree with the world');
  },
  { cron: '*/10 * * * *' },
);

import { defineJob, JOBS, recomputeAllScores } from '@brood/world';

/**
 * How long the check rests after each batch, as a multiple of the batch's time: a quarter of a core
 * at most. Back to back, the check of 50,000 players held the worker at 50 to 70% of a core and the
 * database at 55% for four seconds every ten minutes, and the game's answers waited behind it
 * (docs/benchmarks.md); paced, it takes four times as long at a quarter of the load.
 */
export const RECOMPUTE_REST_FACTOR = 3;

/**
 * Every 10 minutes: every player's scores recomputed from what they own. The bookkeeping after each
 * happening should agree; each disagreement is logged (a missed hook) and repaired. Idempotent.
 */
export const scoresRecomputeJob = defineJob(
  JOBS.scoresRecompute,
  async (deps) => {
    const { checked, repaired } = await recomputeAllScores(deps.em, deps.catalogue, deps.now, { restFactor: RECOMPUTE_REST_FACTOR });
    if (repaired.length > 0) deps.log.warn({ checked, repaired: repaired.slice(0, 20), count: repaired.length }, 'scores disagreed with the world and were repaired');
    else deps.log.debug({ checked }, 'scores agree with the world');
  },
  { cron: '*/10 * * * *' },
);

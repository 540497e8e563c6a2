import { compactScoreRanks, defineJob, JOBS } from '@brood/world';

/**
 * Every minute: score writes append signed counts to the rank histogram; folding them into one row
 * per bucket keeps a rank or a far page a sum over a few hundred rows. Idempotent.
 */
export const scoreRanksCompactJob = defineJob(JOBS.scoreRanksCompact, (deps) => compactScoreRanks(deps.em), { cron: '* * * * *' });

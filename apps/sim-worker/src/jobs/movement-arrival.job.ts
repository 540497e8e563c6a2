import { arriveMovements, defineBatchJob, defineJob, dueMovementLegs, JOBS, nextArrivalIn } from '@brood/world';

/**
 * Fleets reached the ends of their legs: each fetch of due jobs is applied as one batch (deliver,
 * station, come home; colonizing ones one at a time after it) in one transaction. The command claims
 * each movement's leg under a row lock, so a retried or duplicated job, or one left behind by a
 * recall, changes nothing.
 */
export const movementArrivalJob = defineBatchJob(
  JOBS.movementArrival,
  async (deps, jobs) => {
    const outcomes = await arriveMovements({ em: deps.em, catalogue: deps.catalogue, boss: deps.boss }, jobs.map((j) => j.data), deps.now());
    deps.log.debug({ applied: [...outcomes.values()].filter((o) => o === 'applied').length }, 'movements arrived');
  },
  { batchSize: 250, dueIn: nextArrivalIn },
);

/** Every minute, the safety net: applies legs whose arrival passed a minute ago without their job having run. */
export const movementsCatchUpJob = defineJob(
  JOBS.movementsCatchUp,
  async (deps) => {
    const now = deps.now();
    const legs = await dueMovementLegs(deps, new Date(now.getTime() - 60_000));
    for (let i = 0; i < legs.length; i += 100) await arriveMovements({ em: deps.em.fork(), catalogue: deps.catalogue, boss: deps.boss }, legs.slice(i, i + 100), now);
    if (legs.length > 0) deps.log.info({ legs: legs.length }, 'caught up on overdue fleet arrivals');
  },
  { cron: '* * * * *' },
);

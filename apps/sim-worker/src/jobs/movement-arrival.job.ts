import { applyArrival, defineJob, dueMovementLegs, JOBS } from '@brood/world';

/**
 * A fleet reached the end of a leg: apply its mission's arrival (deliver, station, colonize, come
 * home). The command claims the movement's leg under a row lock, so a retried or duplicated job,
 * or one left behind by a recall, changes nothing.
 */
export const movementArrivalJob = defineJob(
  JOBS.movementArrival,
  async (deps, data) => {
    const outcome = await applyArrival({ em: deps.em, catalogue: deps.catalogue, boss: deps.boss }, data, deps.now());
    if (outcome === 'applied') deps.log.debug({ movement: data.id, leg: data.leg }, 'movement arrived');
  },
  { batchSize: 50 },
);

/** Every minute, the safety net: applies legs whose arrival passed a minute ago without their job having run. */
export const movementsCatchUpJob = defineJob(
  JOBS.movementsCatchUp,
  async (deps) => {
    const now = deps.now();
    const legs = await dueMovementLegs(deps, new Date(now.getTime() - 60_000));
    for (const leg of legs) await applyArrival({ em: deps.em.fork(), catalogue: deps.catalogue, boss: deps.boss }, leg, now);
    if (legs.length > 0) deps.log.info({ legs: legs.length }, 'caught up on overdue fleet arrivals');
  },
  { cron: '* * * * *' },
);

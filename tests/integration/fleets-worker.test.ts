import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { applyArrival, createBoss, sendFleet } from '@brood/world';
import { startWorker } from '../../apps/sim-worker/src/worker';
import { movementArrivalJob } from '../../apps/sim-worker/src/jobs/movement-arrival.job';
import { eventually, fleetWorld, type FleetWorld } from './support/fleet-world';

/**
 * The sim-worker flies fleets: in a fast universe (legs of a second) its arrival jobs deliver and
 * bring the fleet home. A worker that committed an arrival and died before acknowledging its job
 * leaves the job to run again: it then changes nothing.
 */

let w: FleetWorld;
beforeAll(async () => {
  w = await fleetWorld({ universe: { universe_speed_factor: 100_000 } });
});
afterAll(async () => {
  await w?.stop();
});

describe('arrivals by the sim-worker', () => {
  it('an arrival committed by a worker that died before its acknowledgement is not applied again', async () => {
    const alice = await w.player({ units: { hauler_grub: 1 } });
    const bob = await w.player({ coords: [alice.coords[0], 2, 2], resources: {} });
    const sent = await sendFleet(w.deps(), alice.actor, {
      start_territory_id: alice.territory, target_region: bob.coords[0], target_sub_region: 2, target_position: 2, mission: 'TRANSPORT', units: { hauler_grub: 1 }, resources: { fiber: 700 },
    }, new Date());
    const due = new Date(sent.arrival_time);
    await new Promise((r) => setTimeout(r, Math.max(0, due.getTime() - Date.now()) + 50));
    // The first worker: its transaction commits, then it dies (its job is never acknowledged).
    expect(await applyArrival(w.deps(), { id: sent.id, leg: 0 }, new Date())).toBe('applied');
    const delivered = (await w.row(bob.territory)).resources.fiber ?? 0;
    expect(delivered).toBeGreaterThanOrEqual(700);

    const workerBoss = createBoss(w.db.url, 'worker');
    await workerBoss.start();
    const worker = await startWorker({ orm: w.db.orm, boss: workerBoss, log: pino({ level: 'silent' }), catalogue: w.catalogue, jobs: [movementArrivalJob], pollingIntervalSeconds: 0.5 });
    try {
      // The next worker runs both jobs: the outbound one again (stale: nothing), then the return leg.
      await eventually(async () => ((await w.sql('select id from movements where id = ?', [sent.id])).length === 0 ? true : undefined), 20_000);
      await eventually(async () => {
        const open = await w.sql<{ n: string }>(`select count(*) as n from pgboss.job where name = 'movement-arrival' and data->>'id' = ? and state <> 'completed'`, [sent.id]);
        return Number(open[0]!.n) === 0 ? true : undefined;
      }, 20_000);
      expect((await w.row(alice.territory)).units).toEqual({ hauler_grub: 1 });
      const kinds = await w.sql<{ message_type: string }>('select message_type from notifications where user_id = ? order by created_at', [alice.actor.id]);
      expect(kinds.map((k) => k.message_type)).toEqual(['FLEET_LAUNCHED', 'TRANSPORT_COMPLETED', 'FLEET_RETURNED_TO_ORIGIN']);
      const told = await w.sql<{ n: string }>('select count(*) as n from notifications where user_id = ?', [bob.actor.id]);
      expect(Number(told[0]!.n)).toBe(1);
      const fiber = (await w.row(bob.territory)).resources.fiber!;
      expect(fiber - delivered).toBeLessThan(5); // only a few seconds of income since, no second delivery
    } finally {
      await worker.stop();
      await workerBoss.stop({ graceful: false });
    }
  });
});

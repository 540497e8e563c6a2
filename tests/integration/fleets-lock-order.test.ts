import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arriveMovements, lockTerritories, sendFleet } from '@brood/world';
import { eventually, fleetWorld, freshRegion, T0, type FleetWorld } from './support/fleet-world';

/**
 * A dispatch against an arrival that touches both its territories (the deadlock the fault suite saw
 * right after a PostgreSQL restart, when the worker catches up on every leg that came due in big
 * batches). The dispatch holds its start (lockOwnedTerritory) and its movement insert then checks the
 * foreign key to its target, a key-share lock on a lower id; the arrival locks both territories in id
 * order, target first. With territory locks FOR UPDATE the two waited on each other; FOR NO KEY
 * UPDATE lets the key-share check through. The interleaving is forced: a third transaction (another
 * command of the sender, holding the start territory) lets the dispatch queue on the start, then the
 * arrival, which takes the target and queues behind it.
 */

let w: FleetWorld;
beforeAll(async () => {
  w = await fleetWorld();
});
afterAll(async () => {
  await w?.stop();
});

/** How many backends of this test's database are waiting on a lock. */
const waiting = async () =>
  (await w.sql<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))[0]!.n;

describe('a dispatch and an arrival crossing on the same two territories', () => {
  it('both go through, one after the other, without a deadlock', async () => {
    const r = freshRegion();
    const target = await w.player({ coords: [r, 1, 1] });
    const sender = await w.player({ coords: [r, 1, 9], units: { hauler_grub: 4 } });
    expect(target.territory).toBeLessThan(sender.territory);
    const send = (at: Date) =>
      sendFleet(w.deps(), sender.actor, {
        start_territory_id: sender.territory, target_region: r, target_sub_region: 1, target_position: 1, mission: 'TRANSPORT', units: { hauler_grub: 1 }, resources: { fiber: 10 },
      }, at);
    const first = await send(T0);
    const arrival = new Date(first.arrival_time);

    let release!: () => void;
    const gate = new Promise<void>((done) => (release = done));
    let holding!: () => void;
    const held = new Promise<void>((done) => (holding = done));
    const other = w.db.orm.em.fork().transactional(async (tem) => {
      await lockTerritories(tem, [sender.territory]);
      holding();
      await gate;
    });
    await held;
    const dispatch = send(arrival);
    await eventually(async () => ((await waiting()) >= 1 ? true : undefined));
    const arriving = arriveMovements(w.deps(), [{ id: first.id, leg: 0 }], arrival);
    await eventually(async () => ((await waiting()) >= 2 ? true : undefined));
    release();

    const [sent, arrived] = await Promise.allSettled([dispatch, arriving, other]);
    expect(sent.status === 'rejected' ? String(sent.reason) : 'sent').toBe('sent');
    expect(arrived.status === 'rejected' ? String(arrived.reason) : 'arrived').toBe('arrived');
    expect(arrived.status === 'fulfilled' && arrived.value.get(`${first.id}:0`)).toBe('applied');
    const fleets = await w.sql<{ id: string; mission: string }>('select id, mission from movements where user_id = ?', [sender.actor.id]);
    expect(fleets.map((m) => (m.id === first.id ? `first ${m.mission}` : `second ${m.mission}`)).sort()).toEqual(['first RETURN', 'second TRANSPORT']);
  });
});

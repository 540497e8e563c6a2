import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyArrival, COLONY_NAME, GameError, recallMovement, sendFleet, type SendFleetInput } from '@brood/world';
import { movementArrivalJob, movementsCatchUpJob } from '../../apps/sim-worker/src/jobs/movement-arrival.job';
import pino from 'pino';
import { at, eventually, fleetWorld, T0, type FleetWorld, type Player } from './support/fleet-world';

/** Arrivals by mission, recall, and an arrival applied once however often its job runs. */

let w: FleetWorld;
beforeAll(async () => {
  w = await fleetWorld();
});
afterAll(async () => {
  await w?.stop();
});

type Target = [number, number, number];
const send = (p: Player, target: Target, input: Partial<SendFleetInput> = {}, when = T0) =>
  sendFleet(w.deps(), p.actor, {
    start_territory_id: p.territory,
    target_region: target[0],
    target_sub_region: target[1],
    target_position: target[2],
    mission: input.mission ?? 'TRANSPORT',
    units: input.units ?? { hauler_grub: 2 },
    resources: input.resources,
  }, when);

interface MovementRow { id: string; mission: string; original_mission: string | null; leg: number; start_time: Date; arrival_time: Date | null; units: Record<string, number>; resources: Record<string, number>; one_way_seconds: number }
const movement = async (id: string): Promise<MovementRow | undefined> => (await w.sql<MovementRow>('select * from movements where id = ?', [id]))[0];
const arrive = async (id: string, when?: Date) => {
  const m = (await movement(id))!;
  return applyArrival(w.deps(), { id, leg: m.leg }, when ?? new Date(m.arrival_time!));
};
const notes = (userId: number) => w.sql<{ message_type: string; content: Record<string, unknown>; related_object_id: string }>('select message_type, content, related_object_id from notifications where user_id = ? order by created_at, message_type', [userId]);
const rejection = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a refusal'); }, (e: unknown) => { expect(e).toBeInstanceOf(GameError); return (e as GameError).message; });

describe('TRANSPORT', () => {
  it('delivers the cargo to the target at the arrival time, then flies home, where units come back', async () => {
    const alice = await w.player({ units: { hauler_grub: 2 } });
    const bob = await w.player({ coords: [alice.coords[0], 3, 1], resources: { fiber: 100 } });
    const sent = await send(alice, bob.coords, { resources: { fiber: 4_000, crystal: 1_000 } });
    const arrival = new Date(sent.arrival_time);
    expect(await applyArrival(w.deps(), { id: sent.id, leg: 0 }, new Date(arrival.getTime() - 1))).toBe('not-due');

    expect(await arrive(sent.id)).toBe('applied');
    const target = await w.row(bob.territory);
    expect(target.resources.fiber).toBeGreaterThanOrEqual(4_100);
    expect(target.resources.crystal).toBeGreaterThanOrEqual(1_000);
    const back = (await movement(sent.id))!;
    expect(back).toMatchObject({ mission: 'RETURN', original_mission: 'TRANSPORT', leg: 1, resources: {}, units: { hauler_grub: 2 } });
    expect(new Date(back.start_time).getTime()).toBe(arrival.getTime());
    expect(new Date(back.arrival_time!).getTime()).toBe(arrival.getTime() + back.one_way_seconds * 1000);
    const jobs = await w.sql<{ data: object }>(`select data from pgboss.job where name = 'movement-arrival' and data->>'id' = ? order by created_on`, [sent.id]);
    expect(jobs.map((j) => j.data)).toEqual([{ id: sent.id, leg: 0 }, { id: sent.id, leg: 1 }]);
    expect((await notes(alice.actor.id)).map((n) => n.message_type)).toEqual(['FLEET_LAUNCHED', 'TRANSPORT_COMPLETED']);
    expect((await notes(alice.actor.id))[1]!.content).toMatchObject({ delivered_resources: { fiber: 4_000, crystal: 1_000 }, transported_units: { hauler_grub: 2 }, destination_coords: bob.coords });
    const [told] = await notes(bob.actor.id);
    expect(told).toMatchObject({ message_type: 'FLEET_ARRIVED_AT_DESTINATION', related_object_id: sent.id, content: { delivered_resources: { fiber: 4_000, crystal: 1_000 } } });
    // Both players' boards refresh: the arrival's notification rides on MOVEMENT_ARRIVED.
    const arrived = await eventually(() => w.events.find((e) => e.user_id === bob.actor.id && e.event === 'MOVEMENT_ARRIVED'));
    expect(arrived.data).toMatchObject({ movement_id: sent.id, territory_id: bob.territory, notification: { message_type: 'FLEET_ARRIVED_AT_DESTINATION' } });
    const mine = await eventually(() => w.events.find((e) => e.user_id === alice.actor.id && e.event === 'MOVEMENT_ARRIVED'));
    expect(mine.data).toMatchObject({ movement_id: sent.id, notification: { message_type: 'TRANSPORT_COMPLETED' } });

    expect(await arrive(sent.id)).toBe('applied');
    expect(await movement(sent.id)).toBeUndefined();
    expect((await w.row(alice.territory)).units).toEqual({ hauler_grub: 2 });
    const home = (await notes(alice.actor.id)).at(-1)!;
    expect(home).toMatchObject({ message_type: 'FLEET_RETURNED_TO_ORIGIN', content: { returned_units: { hauler_grub: 2 }, returned_resources: {} } });
    const event = await eventually(() => w.events.find((e) => e.user_id === alice.actor.id && e.event === 'FLEET_RETURNED_TO_ORIGIN'));
    expect(event.data).toMatchObject({ movement_id: sent.id, territory_id: alice.territory, notification: { message_type: 'FLEET_RETURNED_TO_ORIGIN' } });
  });

  it('fails when the target territory is gone, and brings the cargo home', async () => {
    const alice = await w.player({ units: { hauler_grub: 2 }, resources: { fiber: 5_000, crystal: 0, biomass: 5_000 } });
    const bob = await w.player({ coords: [alice.coords[0], 3, 2] });
    const sent = await send(alice, bob.coords, { resources: { fiber: 3_000 } });
    await w.sql('delete from territories where id = ?', [bob.territory]);
    await arrive(sent.id);
    const failed = (await notes(alice.actor.id)).at(-1)!;
    expect(failed).toMatchObject({ message_type: 'TRANSPORT_FAILED', content: { reason_failed: `There is no territory at ${bob.coords.join(':')} any more.` } });
    await arrive(sent.id);
    const home = await w.row(alice.territory);
    expect(home.units).toEqual({ hauler_grub: 2 });
    expect(home.resources.fiber).toBeGreaterThanOrEqual(5_000);
  });
});

describe('an arrival is applied exactly once', () => {
  it('its job run twice, or by two workers at once, changes nothing the second time', async () => {
    const alice = await w.player({ units: { hauler_grub: 2 } });
    const bob = await w.player({ coords: [alice.coords[0], 2, 2], resources: {} });
    const sent = await send(alice, bob.coords, { resources: { fiber: 1_000 } });
    const due = new Date(sent.arrival_time);
    const job = { em: w.db.orm.em.fork(), orm: w.db.orm, boss: w.boss, log: pino({ level: 'silent' }), now: () => due, catalogue: w.catalogue };
    const info = { id: 'j', name: 'movement-arrival', retryCount: 0 };
    await movementArrivalJob.handler({ ...job, em: w.db.orm.em.fork() }, { id: sent.id, leg: 0 }, info);
    const once = await w.row(bob.territory);
    expect(once.resources.fiber).toBeGreaterThanOrEqual(1_000);
    await movementArrivalJob.handler({ ...job, em: w.db.orm.em.fork() }, { id: sent.id, leg: 0 }, { ...info, retryCount: 1 });
    expect(await w.row(bob.territory)).toEqual(once);
    expect((await notes(bob.actor.id)).length).toBe(1);

    // The return leg, by two workers at once: one applies it, the other waits on the row lock and finds it gone.
    const leg = (await movement(sent.id))!;
    const outcomes = await Promise.all([0, 1].map(() => applyArrival(w.deps(), { id: sent.id, leg: 1 }, new Date(leg.arrival_time!))));
    expect(outcomes.sort()).toEqual(['applied', 'missing']);
    expect((await w.row(alice.territory)).units).toEqual({ hauler_grub: 2 });
    expect((await notes(alice.actor.id)).filter((n) => n.message_type === 'FLEET_RETURNED_TO_ORIGIN')).toHaveLength(1);
  });
});

describe('the catch-up job', () => {
  it('applies legs overdue by more than a minute whose job never ran, each once', async () => {
    const alice = await w.player({ units: { hauler_grub: 2 } });
    const bob = await w.player({ coords: [alice.coords[0], 2, 4] });
    const sent = await send(alice, bob.coords);
    const late = new Date(new Date(sent.arrival_time).getTime() + 61_000);
    const deps = { em: w.db.orm.em.fork(), orm: w.db.orm, boss: w.boss, log: pino({ level: 'silent' }), now: () => late, catalogue: w.catalogue };
    await movementsCatchUpJob.handler(deps, {}, { id: 'c', name: 'movements-catch-up', retryCount: 0 });
    expect((await movement(sent.id))!.mission).toBe('RETURN');
    await movementsCatchUpJob.handler(deps, {}, { id: 'c', name: 'movements-catch-up', retryCount: 0 });
    expect((await notes(alice.actor.id)).map((n) => n.message_type)).toEqual(['FLEET_LAUNCHED', 'TRANSPORT_COMPLETED']);
  });
});

describe('STATION at an own territory', () => {
  it('units and cargo join the territory and the fleet is gone', async () => {
    const alice = await w.player({ units: { hauler_grub: 3 } });
    const outpost = await w.territory(alice, { coords: [alice.coords[0], 1, 5], units: { hauler_grub: 1 } });
    const sent = await send(alice, [alice.coords[0], 1, 5], { mission: 'STATION', units: { hauler_grub: 2 }, resources: { crystal: 2_000 } });
    await arrive(sent.id);
    expect(await movement(sent.id)).toBeUndefined();
    const row = await w.row(outpost);
    expect(row.units).toEqual({ hauler_grub: 3 });
    expect(row.resources.crystal).toBeGreaterThanOrEqual(2_000);
    expect((await notes(alice.actor.id)).at(-1)).toMatchObject({ message_type: 'STATIONING_COMPLETED', content: { stationed_units: { hauler_grub: 2 }, stationed_resources: { crystal: 2_000 } } });
  });

  it('fails when the territory changed hands meanwhile; the fleet flies home', async () => {
    const alice = await w.player({ units: { hauler_grub: 2 } });
    const bob = await w.player();
    const outpost = await w.territory(alice, { coords: [alice.coords[0], 1, 6] });
    const sent = await send(alice, [alice.coords[0], 1, 6], { mission: 'STATION' });
    await w.sql('update territories set owner_id = ? where id = ?', [bob.actor.id, outpost]);
    await arrive(sent.id);
    expect((await movement(sent.id))!.mission).toBe('RETURN');
    expect((await w.row(outpost)).units).toEqual({});
    expect((await notes(alice.actor.id)).at(-1)).toMatchObject({ message_type: 'STATIONING_FAILED', content: { reason_failed: 'Outpost is no longer your territory.' } });
  });
});

describe('COLONIZE', () => {
  it('consumes one colonizing unit, founds the territory with the new-territory stock plus the cargo, and the other units stay', async () => {
    const alice = await w.player({ units: { seedling_ark: 2 } });
    const spot: Target = [alice.coords[0], 5, 5];
    const sent = await send(alice, spot, { mission: 'COLONIZE', units: { seedling_ark: 2 }, resources: { fiber: 3_000 } });
    await arrive(sent.id);
    expect(await movement(sent.id)).toBeUndefined();
    const [colony] = await w.sql<{ id: number; owner_id: number; name: string; units: object; resources: Record<string, number> }>(
      'select id, owner_id, name, units, resources from territories where region = ? and sub_region = ? and position = ?',
      spot,
    );
    expect(colony).toMatchObject({ owner_id: alice.actor.id, name: COLONY_NAME, units: { seedling_ark: 1 } });
    expect(colony!.resources.fiber).toBe((w.catalogue.universe.starting_stock.fiber ?? 0) + 3_000);
    expect((await notes(alice.actor.id)).at(-1)).toMatchObject({
      message_type: 'COLONIZATION_SUCCESSFUL',
      content: { colonized_coords: spot, colonized_planet_name: COLONY_NAME, stationed_units: { seedling_ark: 1 }, delivered_resources: { fiber: 3_000 } },
    });
    const event = await eventually(() => w.events.find((e) => e.user_id === alice.actor.id && e.event === 'COLONIZATION_SUCCESSFUL'));
    expect(event.data).toMatchObject({ movement_id: sent.id, territory_id: colony!.id });
  });

  it('fails when the position was taken meanwhile: COLONIZATION_FAILED with the reason, and the fleet comes home', async () => {
    const alice = await w.player({ units: { seedling_ark: 1 } });
    const bob = await w.player();
    const spot: Target = [alice.coords[0], 6, 6];
    const sent = await send(alice, spot, { mission: 'COLONIZE', units: { seedling_ark: 1 } });
    await w.territory(bob, { coords: spot });
    await arrive(sent.id);
    const reason = `The position ${spot.join(':')} is already taken by Outpost.`;
    expect((await notes(alice.actor.id)).at(-1)).toMatchObject({ message_type: 'COLONIZATION_FAILED', content: { reason_failed: reason } });
    const event = await eventually(() => w.events.find((e) => e.user_id === alice.actor.id && e.event === 'COLONIZATION_FAILED'));
    expect(event.data).toMatchObject({ movement_id: sent.id, reason });
    await arrive(sent.id);
    expect((await w.row(alice.territory)).units).toEqual({ seedling_ark: 1 });
  });

  it('fails when the player already holds max_territories', async () => {
    const alice = await w.player({ units: { seedling_ark: 1 } });
    await w.territory(alice, { coords: [alice.coords[0], 7, 1] });
    const spot: Target = [alice.coords[0], 7, 7];
    const sent = await send(alice, spot, { mission: 'COLONIZE', units: { seedling_ark: 1 } });
    await w.territory(alice, { coords: [alice.coords[0], 7, 2] });
    await arrive(sent.id);
    expect((await notes(alice.actor.id)).at(-1)).toMatchObject({
      message_type: 'COLONIZATION_FAILED',
      content: { reason_failed: 'You already hold 3 of 3 territories: research further to found another.' },
    });
    expect((await movement(sent.id))!.mission).toBe('RETURN');
  });
});

describe('recall', () => {
  it.each([0, 0.25, 0.75])('at %s of the way, the fleet turns around and is home after as long as it had flown', async (share) => {
    const alice = await w.player({ units: { hauler_grub: 2 } });
    const bob = await w.player({ coords: [alice.coords[0], 9, 9] });
    const sent = await send(alice, bob.coords, { resources: { fiber: 1_000 } });
    const flight = new Date(sent.arrival_time).getTime() - T0.getTime();
    const when = at(Math.floor(flight * share));
    const recalled = await recallMovement(w.deps(), alice.actor, { movement_id: sent.id }, when);
    expect(recalled).toMatchObject({ id: sent.id, mission_type: 'RETURN', original_mission: 'TRANSPORT', is_returning: true });
    expect(new Date(recalled.arrival_time).getTime() - when.getTime()).toBe(when.getTime() - T0.getTime());
    // The outbound job is now stale; the return leg brings everything home, cargo included.
    expect(await applyArrival(w.deps(), { id: sent.id, leg: 0 }, new Date(sent.arrival_time))).toBe('stale');
    expect(await applyArrival(w.deps(), { id: sent.id, leg: 1 }, new Date(recalled.arrival_time))).toBe('applied');
    const home = await w.row(alice.territory);
    expect(home.units).toEqual({ hauler_grub: 2 });
    expect(home.resources.fiber).toBeGreaterThanOrEqual(50_000);
    const kinds = (await notes(alice.actor.id)).map((n) => n.message_type);
    expect(kinds).toEqual(['FLEET_LAUNCHED', 'FLEET_RECALLED', 'FLEET_RETURNED_TO_ORIGIN']);
    // The time home is a content field the card formats, not an ISO time written into a sentence.
    const recallNote = (await notes(alice.actor.id)).find((n) => n.message_type === 'FLEET_RECALLED')!;
    expect(recallNote.content.returns_at).toBe(recalled.arrival_time);
    expect(recallNote.content.details).toBeUndefined();
    const cancelled = await eventually(() => w.events.find((e) => e.user_id === alice.actor.id && e.event === 'MOVEMENT_CANCELLED'));
    expect(cancelled.data).toMatchObject({ movement_id: sent.id, notification: { message_type: 'FLEET_RECALLED' } });
    await eventually(() => w.events.find((e) => e.user_id === bob.actor.id && e.event === 'MOVEMENT_CANCELLED'));
  });

  it('is refused once the fleet has arrived, while it returns, and for anyone but the owner', async () => {
    const alice = await w.player({ units: { hauler_grub: 2 } });
    const bob = await w.player({ coords: [alice.coords[0], 9, 8] });
    const sent = await send(alice, bob.coords);
    expect(await rejection(recallMovement(w.deps(), bob.actor, { movement_id: sent.id }, T0))).toBe('Movement not found');
    expect(await rejection(recallMovement(w.deps(), alice.actor, { movement_id: sent.id }, new Date(sent.arrival_time)))).toBe('This fleet has already arrived and cannot be recalled');
    await arrive(sent.id);
    expect(await rejection(recallMovement(w.deps(), alice.actor, { movement_id: sent.id }, new Date(sent.arrival_time)))).toBe('This fleet is already returning');
    expect(await rejection(recallMovement(w.deps(), alice.actor, { movement_id: '00000000-0000-4000-8000-000000000000' }, T0))).toBe('Movement not found');
  });
});

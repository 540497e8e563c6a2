import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEffects, createRng, explorationOutcome, INTEL_ENGINE_VERSION, type ExplorationEventType } from '@brood/game-core';
import { loadCatalogue, type Catalogue } from '@brood/game-data';
import { applyArrival, arriveMovements, recallMovement, sendFleet, type WorldDeps } from '@brood/world';
import { eventually, fleetWorld, T0, type Coords, type FleetWorld, type Player } from './support/fleet-world';

/**
 * EXPLORATION arrivals (issue #14): the fleet flies, stays its hours, and the event drawn from the
 * universe's weights is applied: finds, gains, losses, a fight against a feral fleet with its
 * wreckage left there, and total loss. Each test forces one event through the weights and checks
 * that game-core draws the stored outcome again from the stored seed.
 */

let w: FleetWorld;
beforeAll(async () => {
  w = await fleetWorld();
});
afterAll(async () => {
  await w?.stop();
});

type EventKey = 'NOTHING' | 'RESOURCE_FIND' | 'UNIT_GAIN' | 'COMBAT' | 'HAZARD';
/**
 * The test universe where only `event` can happen (a fight's strength fixed at `strength` of the
 * explorer's value). `doomed`: razorwings are never wounded, so none can regenerate after a lost fight.
 */
const only = (event: EventKey, strength?: number, doomed = false): Catalogue => loadCatalogue({
  universe: {
    base_effects: { max_territories: 3, allied_fleet_slots: 1 },
    ...(doomed ? { combat: { archetypes: { Skirmisher: { wound_chance: 0, regeneration_chance: 0 } } } } : {}),
    exploration: {
      events: { NOTHING: 0, RESOURCE_FIND: 0, UNIT_GAIN: 0, COMBAT: 0, HAZARD: 0, [event]: 1 },
      ...(strength === undefined ? {} : { combat_strength_min: strength, combat_strength_max: strength }),
    },
  },
});

interface Row { mission: string; leg: number; start_time: Date; arrival_time: Date | null; exploring_since: Date | null; units: Record<string, number>; resources: Record<string, number>; one_way_seconds: number }
const movement = async (id: string) => (await w.sql<Row>('select * from movements where id = ?', [id]))[0];
interface Note { message_type: string; title: string; content: Record<string, unknown>; related_object_id: string }
const notes = (p: Player, id: string) => w.sql<Note>('select message_type, title, content, related_object_id from notifications where user_id = ? and related_object_id = ? order by created_at, message_type', [p.actor.id, id]);

const HOURS = 2;
const explore = (p: Player, target: Coords, units: Record<string, number>) => sendFleet(w.deps(), p.actor, {
  start_territory_id: p.territory, target_region: target[0], target_sub_region: target[1], target_position: target[2], mission: 'EXPLORATION', units, exploration_duration_hours: HOURS,
}, T0);

const arrive = async (id: string, catalogue: Catalogue) => {
  const m = (await movement(id))!;
  return applyArrival({ ...w.deps(), catalogue } as WorldDeps, { id, leg: m.leg }, new Date(m.arrival_time!));
};

/** Flies out, stays, and answers the exploration report; checks the stay and that the seed draws the same outcome. */
async function expedition(units: Record<string, number>, catalogue: Catalogue, type: ExplorationEventType): Promise<{ p: Player; id: string; target: Coords; report: Note }> {
  const p = await w.player({ units });
  const target: Coords = [p.coords[0], 2, 3];
  const sent = await explore(p, target, units);
  const arrival = new Date(sent.arrival_time);
  await arrive(sent.id, catalogue);
  const staying = (await movement(sent.id))!;
  expect(staying).toMatchObject({ mission: 'EXPLORATION', leg: 1, units });
  expect(new Date(staying.exploring_since!).getTime()).toBe(arrival.getTime());
  expect(new Date(staying.arrival_time!).getTime()).toBe(arrival.getTime() + HOURS * 3_600_000);
  expect(await notes(p, sent.id)).toHaveLength(1); // only FLEET_LAUNCHED so far
  await arrive(sent.id, catalogue);

  const report = (await notes(p, sent.id)).find((n) => n.message_type.startsWith('EXPLORATION_'))!;
  const end = new Date(arrival.getTime() + HOURS * 3_600_000);
  expect(report.content).toMatchObject({ event_type: type, location_coords: target, movement_id: sent.id, seed: `exploration:${sent.id}:${end.toISOString()}`, engine_version: INTEL_ENGINE_VERSION, exploration_duration_hours: HOURS });
  const again = explorationOutcome(catalogue, { user_id: p.actor.id, username: p.username, units, carried: {}, effects: baseEffects(catalogue), hours: HOURS, coords: target, location_name: null }, createRng(report.content.seed as string));
  for (const field of ['event_type', 'message', 'found_resources', 'added_units', 'gained_surrendered_units', 'lost_units', 'final_fleet_units', 'final_fleet_resources', 'wreckage_info'] as const) {
    expect(report.content[field], field).toEqual(again[field]);
  }
  expect((report.content.combat_report as { outcome?: string } | null)?.outcome).toBe(again.combat_report?.outcome);
  return { p, id: sent.id, target, report };
}

/** The fleet flies home and lands what it brought. */
async function comeHome(p: Player, id: string, catalogue: Catalogue) {
  expect((await movement(id))!.mission).toBe('RETURN');
  await arrive(id, catalogue);
  expect(await movement(id)).toBeUndefined();
  return w.row(p.territory);
}

describe('exploration outcomes', () => {
  it('NOTHING: the fleet stays its hours, finds nothing (EXPLORATION_FAILED, grey) and flies home whole', async () => {
    const c = only('NOTHING');
    const { p, id, report } = await expedition({ razorwing: 10 }, c, 'NOTHING');
    expect(report).toMatchObject({ message_type: 'EXPLORATION_FAILED', content: { found_resources: {}, added_units: {}, lost_units: {}, final_fleet_units: { razorwing: 10 }, combat_report: null, wreckage_info: null } });
    const event = await eventually(() => w.events.find((e) => e.user_id === p.actor.id && e.event === 'MOVEMENT_ARRIVED' && (e.data as { notification?: unknown }).notification));
    expect(event.data).toMatchObject({ movement_id: id, notification: { message_type: 'EXPLORATION_FAILED' } });
    expect((await comeHome(p, id, c)).units).toEqual({ razorwing: 10 });
  });

  it('RESOURCE_FIND: a cache within the fleet’s cargo comes home (EXPLORATION_SUCCESSFUL)', async () => {
    const c = only('RESOURCE_FIND');
    const { p, id, report } = await expedition({ razorwing: 50, hauler_grub: 10 }, c, 'RESOURCE_FIND');
    const found = report.content.found_resources as Record<string, number>;
    const amount = Object.values(found).reduce((a, b) => a + b, 0);
    expect(amount).toBeGreaterThan(0);
    expect(amount).toBeLessThanOrEqual(50 * 50 + 10 * 5_000);
    expect(report).toMatchObject({ message_type: 'EXPLORATION_SUCCESSFUL', content: { final_fleet_resources: found } });
    const [key, n] = Object.entries(found)[0]!;
    const before = (await w.row(p.territory)).resources[key] ?? 0;
    expect(Math.floor((await comeHome(p, id, c)).resources[key]!)).toBeGreaterThanOrEqual(Math.floor(before) + n);
  });

  it('UNIT_GAIN: hidden Neutral units join the fleet and land at home', async () => {
    const c = only('UNIT_GAIN');
    const { p, id, report } = await expedition({ razorwing: 100 }, c, 'UNIT_GAIN');
    const added = report.content.added_units as Record<string, number>;
    expect(Object.keys(added).every((k) => c.units[k]!.archetype === 'Neutral')).toBe(true);
    expect(report).toMatchObject({ message_type: 'EXPLORATION_SUCCESSFUL', content: { final_fleet_units: { razorwing: 100, ...added } } });
    expect((await comeHome(p, id, c)).units).toEqual({ razorwing: 100, ...added });
  });

  it('HAZARD: shown as NOTHING_FOUND with the units lost (EXPLORATION_FAILED)', async () => {
    const c = only('HAZARD');
    const { p, id, report } = await expedition({ razorwing: 40 }, c, 'NOTHING_FOUND');
    const lost = (report.content.lost_units as Record<string, number>).razorwing!;
    expect(lost).toBeGreaterThanOrEqual(1);
    expect(report).toMatchObject({ message_type: 'EXPLORATION_FAILED', content: { final_fleet_units: { razorwing: 40 - lost } } });
    expect((await comeHome(p, id, c)).units).toEqual({ razorwing: 40 - lost });
  });

  it('COMBAT won: a feral fleet fought by resolveBattle, its wreckage left there, survivors and surrendered ferals home', async () => {
    const c = only('COMBAT', 0.3);
    const { p, id, target, report } = await expedition({ razorwing: 300 }, c, 'COMBAT');
    const combat = report.content.combat_report as Record<string, unknown>;
    expect(report.message_type).toBe('EXPLORATION_SUCCESSFUL');
    expect(combat).toMatchObject({ outcome: 'VICTORY_ATTACKER', combat_start_time_utc: expect.any(String), seed: report.content.seed });
    expect(Object.keys(combat.hostile_units as object).length).toBeGreaterThan(0);
    const wreck = report.content.wreckage_info as { resources: Record<string, number>; location_coords: Coords };
    expect(wreck.location_coords).toEqual(target);
    const [field] = await w.sql<{ resources: Record<string, number> }>('select resources from wreckage_fields where region = ? and sub_region = ? and position = ?', target);
    expect(field!.resources).toEqual(wreck.resources);
    await eventually(() => w.events.find((e) => e.user_id === p.actor.id && e.event === 'WRECKAGE_FIELD_SPAWNED' && (e.data as { position: number }).position === target[2] && (e.data as { region: number }).region === target[0]));
    const fleet = report.content.final_fleet_units as Record<string, number>;
    expect((await comeHome(p, id, c)).units).toEqual(fleet);
  });

  it('total loss: nothing survives the fight, EXPLORATION_FAILED then FLEET_LOST, and the movement ends', async () => {
    const c = only('COMBAT', 20, true);
    const { p, id, report } = await expedition({ razorwing: 3 }, c, 'COMBAT');
    expect(report.message_type).toBe('EXPLORATION_FAILED');
    expect(report.content).toMatchObject({ final_fleet_units: {}, lost_units: { razorwing: 3 }, combat_report: { outcome: 'VICTORY_DEFENDER' } });
    const lost = (await notes(p, id)).find((n) => n.message_type === 'FLEET_LOST')!;
    expect(lost.content).toMatchObject({ reason_lost: 'A feral swarm destroyed every unit of the fleet.', original_mission: 'EXPLORATION', units: { razorwing: 3 } });
    expect(await movement(id)).toBeUndefined();
    expect((await w.row(p.territory)).units).toEqual({});
  });
});

describe('exploring fleets', () => {
  it('recalled during the stay fly the whole leg home, with no outcome', async () => {
    const p = await w.player({ units: { razorwing: 5 } });
    const sent = await explore(p, [p.coords[0], 2, 3], { razorwing: 5 });
    await arrive(sent.id, only('COMBAT', 20));
    const staying = (await movement(sent.id))!;
    const recallAt = new Date(new Date(staying.exploring_since!).getTime() + 600_000);
    const back = await recallMovement(w.deps(), p.actor, { movement_id: sent.id }, recallAt);
    expect(new Date(back.arrival_time).getTime()).toBe(recallAt.getTime() + staying.one_way_seconds * 1000);
    expect(await movement(sent.id)).toMatchObject({ mission: 'RETURN', exploring_since: null });
    expect((await comeHome(p, sent.id, w.catalogue)).units).toEqual({ razorwing: 5 });
    expect((await notes(p, sent.id)).map((n) => n.message_type)).toEqual(['FLEET_LAUNCHED', 'FLEET_RECALLED', 'FLEET_RETURNED_TO_ORIGIN']);
  });

  it('pay fuel for the stay, and arrive through an arrival batch as well', async () => {
    const p = await w.player({ units: { razorwing: 20 } });
    const sent = await explore(p, [p.coords[0], 3, 4], { razorwing: 20 });
    const m = (await movement(sent.id))!;
    expect(sent.fuel_cost).toBe(Math.ceil(20 * w.catalogue.units.razorwing!.fuel_consumption_per_hour! * ((2 * m.one_way_seconds) / 3600 + HOURS)));
    const first = await arriveMovements(w.deps(), [{ id: sent.id, leg: 0 }], new Date(sent.arrival_time));
    expect([...first.values()]).toEqual(['applied']);
    const staying = (await movement(sent.id))!;
    const second = await arriveMovements(w.deps(), [{ id: sent.id, leg: 1 }], new Date(staying.arrival_time!));
    expect([...second.values()]).toEqual(['applied']);
    const report = (await notes(p, sent.id)).find((n) => n.message_type.startsWith('EXPLORATION_'));
    expect(report?.content.movement_id).toBe(sent.id);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, spyOutcome } from '@brood/game-core';
import { loadCatalogue } from '@brood/game-data';
import { applyArrival, arriveMovements, sendFleet, type WorldDeps } from '@brood/world';
import { eventually, fleetWorld, T0, type Coords, type FleetWorld, type Player } from './support/fleet-world';

/**
 * SPY arrivals (issue #14): the report at each detail level as the social spec's table 5.2 allows,
 * detection (spies lost, the target alerted), the SPY_FAILED_ cases, surviving spies flying home, and
 * every detection roll drawn again from the seed the report stores.
 */

let w: FleetWorld;
beforeAll(async () => {
  w = await fleetWorld();
});
afterAll(async () => {
  await w?.stop();
});

/** The same universe with a fixed detection chance (0: never, 1: always). */
const detecting = (chance: number) => loadCatalogue({ universe: { base_effects: { max_territories: 3, allied_fleet_slots: 1 }, spy: { detection_min: chance, detection_max: chance } } });
const never = detecting(0);
const always = detecting(1);

interface Note { message_type: string; content: Record<string, unknown>; related_object_id: string }
const notes = (p: Player) => w.sql<Note>('select message_type, content, related_object_id from notifications where user_id = ? order by created_at, message_type', [p.actor.id]);
/** The player's notification of this type about this movement. */
const noteOf = async (p: Player, type: string, movementId: string) => (await notes(p)).find((n) => n.message_type === type && n.related_object_id === movementId);
const movement = async (id: string) => (await w.sql<{ mission: string; leg: number; arrival_time: Date | null; units: Record<string, number> }>('select * from movements where id = ?', [id]))[0];

/** The player has researched Echo Sensing (spy_level per level) before T0. */
const research = (p: Player, level: number) => w.sql(
  `insert into queue_items (id, kind, user_id, item_key, target_level, start_time, end_time) values (gen_random_uuid(), 'research', ?, 'echo_sensing', ?, ?, ?)`,
  [p.actor.id, level, new Date(T0.getTime() - 7_200_000), new Date(T0.getTime() - 3_600_000)],
);

const spy = (p: Player, target: Coords, mites = 1) => sendFleet(w.deps(), p.actor, {
  start_territory_id: p.territory, target_region: target[0], target_sub_region: target[1], target_position: target[2], mission: 'SPY', units: { whisper_mite: mites },
}, T0);

/** Applies the movement's current leg at its arrival time, with the given universe (its spy odds). */
const arrive = async (id: string, catalogue = never) => {
  const m = (await movement(id))!;
  return applyArrival({ ...w.deps(), catalogue } as WorldDeps, { id, leg: m.leg }, new Date(m.arrival_time!));
};
/** The spies report, then fly home (freeing their fleet slot). */
const spyAndReturn = async (id: string) => {
  await arrive(id);
  if (await movement(id)) await arrive(id);
};

/** Bob's hive: stock, two structures, units, defenses, a building in the queue, research under way and an ally's fleet stationed. */
async function richTarget(alice: Player): Promise<{ bob: Player; ally: Player }> {
  const bob = await w.player({ coords: [alice.coords[0], 1, 2], resources: { fiber: 12_345, crystal: 678, biomass: 9 }, units: { razorwing: 120, hauler_grub: 3 } });
  const ally = await w.player({ coords: [alice.coords[0], 2, 2] });
  await w.sql(`update territories set structures = '{"fiber_tangle": 3, "brood_hatchery": 2}'::jsonb, defenses = '{"thorn_pit": 7}'::jsonb where id = ?`, [bob.territory]);
  const later = new Date(T0.getTime() + 30 * 86_400_000);
  await w.sql(`insert into queue_items (id, kind, user_id, territory_id, item_key, target_level, start_time, end_time) values (gen_random_uuid(), 'building', ?, ?, 'fiber_tangle', 4, ?, ?)`, [bob.actor.id, bob.territory, T0, later]);
  await w.sql(`insert into queue_items (id, kind, user_id, item_key, target_level, start_time, end_time) values (gen_random_uuid(), 'research', ?, 'pheromone_signalling', 1, ?, ?)`, [bob.actor.id, T0, later]);
  await w.sql(
    `insert into movements (id, user_id, mission, start_territory_id, start_region, start_sub_region, start_position, target_territory_id, target_region, target_sub_region, target_position,
       target_owner_id, units, resources, fuel_paid, one_way_seconds, start_time, arrival_time, leg, created_at)
     values (gen_random_uuid(), ?, 'ALLIED_STATIONED', ?, ?, 2, 2, ?, ?, 1, 2, ?, '{"razorwing": 5}', '{"chitin": 40}', 0, 60, ?, null, 1, ?)`,
    [ally.actor.id, ally.territory, alice.coords[0], bob.territory, alice.coords[0], bob.actor.id, T0, T0],
  );
  return { bob, ally };
}

describe('a spy report holds what its detail level allows (table 5.2)', () => {
  let alice: Player;
  let bob: Player;
  let ally: Player;
  beforeAll(async () => {
    alice = await w.player({ units: { whisper_mite: 8 } });
    ({ bob, ally } = await richTarget(alice));
  });

  it('level 0 (the defender knows more): a report with nothing in it', async () => {
    await research(bob, 1);
    const sent = await spy(alice, bob.coords, 1);
    await spyAndReturn(sent.id);
    const report = (await noteOf(alice, 'SPY_REPORT', sent.id))!;
    expect(report.related_object_id).toBe(sent.id);
    expect(report.content).toMatchObject({
      target_territory_id: bob.territory, target_coords: bob.coords, target_owner_id: null, success: false, detected: false, detail_level: 0,
      resources: [], structures: [], units: [], defenses: [], stationed_fleets: [], build_queue: [], research_queue: [], research_queue_user_id: null, recruitment_queue: [], defense_queue: [],
      spies_sent: 1, spies_lost: 0, movement_id: sent.id,
    });
    await w.sql(`delete from queue_items where user_id = ? and item_key = 'echo_sensing'`, [bob.actor.id]);
  });

  it('level 1 (one spy, equal levels): what exists, without numbers', async () => {
    const sent = await spy(alice, bob.coords, 1);
    await spyAndReturn(sent.id);
    const { content } = (await noteOf(alice, 'SPY_REPORT', sent.id))!;
    expect(content).toMatchObject({ success: true, detail_level: 1, target_owner_id: null, build_queue: [], research_queue: [], technologies: [] });
    // The owner's name is on the map for anyone: a successful report names them at every level.
    expect(content.target_owner_username).toBe(bob.username);
    expect(content.resources).toEqual(['fiber', 'crystal', 'biomass'].map((k) => ({ resource_key: k, amount: null, approx_amount_level: null })));
    expect(content.structures).toEqual(expect.arrayContaining([{ structure_key: 'fiber_tangle', exists: true, level: null }, { structure_key: 'brood_hatchery', exists: true, level: null }]));
    expect(content.units).toEqual([{ unit_key: 'razorwing', quantity: null, approx_quantity_level: null }, { unit_key: 'hauler_grub', quantity: null, approx_quantity_level: null }]);
    expect(content.defenses).toEqual([{ defense_key: 'thorn_pit', quantity: null, approx_quantity_level: null }]);
    expect(content.stationed_fleets).toEqual([expect.objectContaining({ username: null, mission_type: 'ALLIED_STATIONED', units: { razorwing: 5 }, resources: null })]);
  });

  it('level 2 (two spies): approximate levels, fleets without owner or cargo', async () => {
    const sent = await spy(alice, bob.coords, 2);
    await spyAndReturn(sent.id);
    const { content } = (await noteOf(alice, 'SPY_REPORT', sent.id))!;
    expect(content).toMatchObject({ detail_level: 2, target_owner_id: null, build_queue: [], research_queue_user_id: null });
    const stock = (await w.row(bob.territory)).resources;
    expect(content.resources).toEqual(['fiber', 'crystal', 'biomass'].map((k) => ({ resource_key: k, amount: null, approx_amount_level: String(Math.floor(stock[k]!)).length })));
    expect(content.units).toEqual([{ unit_key: 'razorwing', quantity: null, approx_quantity_level: 3 }, { unit_key: 'hauler_grub', quantity: null, approx_quantity_level: 1 }]);
    expect(content.stationed_fleets).toEqual([expect.objectContaining({ username: null, resources: null })]);
  });

  it('level 3 (four spies): exact numbers, levels, the queues, the owner and the allies’ cargo', async () => {
    // Research Bob finished (no spying effect), and one still under way that the report must not count.
    await w.sql(
      `insert into queue_items (id, kind, user_id, item_key, target_level, start_time, end_time) values (gen_random_uuid(), 'research', ?, 'serrated_mandibles', 2, ?, ?)`,
      [bob.actor.id, new Date(T0.getTime() - 7_200_000), new Date(T0.getTime() - 3_600_000)],
    );
    const sent = await spy(alice, bob.coords, 4);
    await spyAndReturn(sent.id);
    const { content } = (await noteOf(alice, 'SPY_REPORT', sent.id))!;
    const stock = (await w.row(bob.territory)).resources;
    expect(content).toMatchObject({ detail_level: 3, target_owner_id: bob.actor.id, research_queue_user_id: bob.actor.id, recruitment_queue: [], defense_queue: [] });
    // The owner by name, and their research levels (what 'Simulate' fills in).
    expect(content.target_owner_username).toBe(bob.username);
    expect(content.technologies).toEqual([{ tech_key: 'serrated_mandibles', level: 2 }]);
    expect(content.resources).toEqual(['fiber', 'crystal', 'biomass'].map((k) => ({ resource_key: k, amount: Math.floor(stock[k]!), approx_amount_level: String(Math.floor(stock[k]!)).length })));
    expect(content.structures).toEqual(expect.arrayContaining([{ structure_key: 'fiber_tangle', exists: true, level: 3 }, { structure_key: 'brood_hatchery', exists: true, level: 2 }]));
    expect(content.units).toEqual([{ unit_key: 'razorwing', quantity: 120, approx_quantity_level: 3 }, { unit_key: 'hauler_grub', quantity: 3, approx_quantity_level: 1 }]);
    expect(content.defenses).toEqual([{ defense_key: 'thorn_pit', quantity: 7, approx_quantity_level: 1 }]);
    expect(content.stationed_fleets).toEqual([expect.objectContaining({ username: ally.username, units: { razorwing: 5 }, resources: { chitin: 40 } })]);
    expect(content.build_queue).toEqual([{ item_key: 'fiber_tangle', target_level_or_quantity: 4, end_time: expect.any(String) }]);
    expect(content.research_queue).toEqual([{ item_key: 'pheromone_signalling', target_level_or_quantity: 1, end_time: expect.any(String) }]);
  });

  it('undetected spies fly home and rejoin their territory', async () => {
    const before = (await w.row(alice.territory)).units.whisper_mite ?? 0;
    const sent = await spy(alice, bob.coords, 1);
    expect((await w.row(alice.territory)).units.whisper_mite ?? 0).toBe(before - 1);
    await arrive(sent.id);
    expect(await movement(sent.id)).toMatchObject({ mission: 'RETURN', units: { whisper_mite: 1 } });
    await arrive(sent.id);
    expect(await movement(sent.id)).toBeUndefined();
    expect((await w.row(alice.territory)).units.whisper_mite).toBe(before);
    expect((await notes(bob)).filter((n) => n.message_type === 'SPY_DETECTED_BY_TARGET')).toEqual([]);
  });
});

describe('detection', () => {
  it('a detected mission still reports, marked detected; the spies are lost and the target learns where they came from', async () => {
    const alice = await w.player({ units: { whisper_mite: 3 } });
    const bob = await w.player({ coords: [alice.coords[0], 1, 3], units: { razorwing: 10 } });
    await research(alice, 1);
    await research(bob, 2);
    const sent = await spy(alice, bob.coords, 3);
    await arrive(sent.id, always);
    const report = (await noteOf(alice, 'SPY_REPORT', sent.id))!;
    expect(report.content).toMatchObject({ detected: true, detail_level: 1, success: true, spies_sent: 3, spies_lost: 3 });
    expect(report.content.units).toEqual([{ unit_key: 'razorwing', quantity: null, approx_quantity_level: null }]);
    expect(await movement(sent.id)).toBeUndefined();
    expect((await w.row(alice.territory)).units.whisper_mite ?? 0).toBe(0);
    const alert = (await noteOf(bob, 'SPY_DETECTED_BY_TARGET', sent.id))!;
    expect(alert.content).toMatchObject({
      target_territory_id: bob.territory, target_territory_name: 'Home', target_coords: bob.coords, alert_type: 'SPY_DETECTED',
      source_region: alice.coords[0], source_sub_region: alice.coords[1], source_position: alice.coords[2], estimated_attacker_spy_level: 1,
    });
    const event = await eventually(() => w.events.find((e) => e.user_id === bob.actor.id && e.event === 'SPY_DETECTED_BY_TARGET'));
    expect(event.data).toMatchObject({ movement_id: sent.id, territory_id: bob.territory, notification: { message_type: 'SPY_DETECTED_BY_TARGET' } });
    const mine = await eventually(() => w.events.find((e) => e.user_id === alice.actor.id && e.event === 'SPY_REPORT'));
    expect(mine.data).toMatchObject({ movement_id: sent.id, notification: { message_type: 'SPY_REPORT' } });
  });

  it('a defender who knows less is not told the spies’ level', async () => {
    const alice = await w.player({ units: { whisper_mite: 1 } });
    const bob = await w.player({ coords: [alice.coords[0], 1, 3] });
    await research(alice, 2);
    const sent = await spy(alice, bob.coords);
    await arrive(sent.id, always);
    expect((await noteOf(bob, 'SPY_DETECTED_BY_TARGET', sent.id))!.content).toMatchObject({ estimated_attacker_spy_level: null });
    expect((await noteOf(alice, 'SPY_REPORT', sent.id))!.content).toMatchObject({ detected: true, detail_level: 3 });
  });

  it('every roll is drawn again from the seed the report stores', async () => {
    const alice = await w.player({ units: { whisper_mite: 80 } });
    const bob = await w.player({ coords: [alice.coords[0], 1, 3] });
    await research(bob, 4);
    const seen = new Set<unknown>();
    for (let i = 0; i < 16; i++) {
      const sent = await spy(alice, bob.coords, 5);
      await arrive(sent.id, w.catalogue);
      const { content } = (await noteOf(alice, 'SPY_REPORT', sent.id))!;
      expect(content.seed).toBe(`spy:${sent.id}:${sent.arrival_time}`);
      const again = spyOutcome(w.catalogue, { attackerSpyLevel: 0, defenderSpyLevel: 4, spies: 5 }, createRng(content.seed as string));
      expect(content).toMatchObject({ detected: again.detected, detail_level: again.detail_level });
      seen.add(content.detected);
      if (!content.detected) await arrive(sent.id);
    }
    // 5 spies against a lead of 4: a detection chance of 49%; sixteen missions all alike would be a 1 in 30,000 chance.
    expect(seen).toEqual(new Set([true, false]));
  });
});

describe('SPY_FAILED_', () => {
  it('an empty position: the owner is told, and the spies fly home (in an arrival batch)', async () => {
    const alice = await w.player({ units: { whisper_mite: 1 } });
    const empty: Coords = [alice.coords[0], 3, 3];
    const sent = await spy(alice, empty);
    const outcome = await arriveMovements(w.deps(), [{ id: sent.id, leg: 0 }], new Date(sent.arrival_time));
    expect([...outcome.values()]).toEqual(['applied']);
    const failed = (await noteOf(alice, 'SPY_FAILED_TARGET_NOT_FOUND', sent.id))!;
    expect(failed.content).toMatchObject({ details: `There is no territory at ${empty.join(':')} to spy on.` });
    const event = await eventually(() => w.events.find((e) => e.user_id === alice.actor.id && e.event === 'SPY_FAILED_TARGET_NOT_FOUND'));
    expect(event.data).toMatchObject({ movement_id: sent.id, details: `There is no territory at ${empty.join(':')} to spy on.` });
    expect(await movement(sent.id)).toMatchObject({ mission: 'RETURN', units: { whisper_mite: 1 } });
  });

  it('an own territory', async () => {
    const alice = await w.player({ units: { whisper_mite: 1 } });
    const outpost: Coords = [alice.coords[0], 1, 4];
    await w.territory(alice, { coords: outpost });
    const sent = await spy(alice, outpost);
    await arrive(sent.id);
    expect((await noteOf(alice, 'SPY_FAILED_OWN_TERRITORY', sent.id))!.content).toMatchObject({ details: `Outpost at ${outpost.join(':')} is your own territory.` });
    expect((await notes(alice)).some((n) => n.message_type === 'SPY_REPORT')).toBe(false);
    expect(await movement(sent.id)).toMatchObject({ mission: 'RETURN' });
  });
});

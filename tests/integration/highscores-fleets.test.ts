import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreBreakdown } from '@brood/game-core';
import { applyArrival, arriveMovements, recallMovement, recomputeAllScores, sendFleet, type SendFleetInput } from '@brood/world';
import { at, fleetWorld, T0, type Coords, type FleetWorld, type Player } from './support/fleet-world';

/**
 * The unit score counts a player's units home and flying (GAME-RULES "Scores"): the bookkeeping of
 * dispatch, recall, a battle's losses, spies lost, a colonization and the landings agrees at every
 * step with the periodic full recompute, which counts the units of movements too.
 */

let w: FleetWorld;
beforeAll(async () => {
  // Spies are always detected here, so a spy mission is a certain loss.
  w = await fleetWorld({ universe: { base_effects: { max_territories: 3, allied_fleet_slots: 1, max_fleets: 6 }, spy: { detection_min: 1, detection_max: 1 } } });
});
afterAll(async () => {
  await w?.stop();
});

interface Scores { building_score: number; research_score: number; unit_score: number; defense_score: number; total_score: number }
const scoresOf = async (p: Player): Promise<Scores> =>
  (await w.sql<Scores>('select building_score, research_score, unit_score, defense_score, total_score from player_scores where user_id = ?', [p.actor.id]))[0]!;
/** The full recompute at `when`: the players whose stored scores it had to repair. */
const repairedAt = async (when: Date) => (await recomputeAllScores(w.db.orm.em.fork(), w.catalogue, when)).repaired.map((r) => r.user_id);
const movement = async (id: string) => (await w.sql<{ leg: number; arrival_time: Date | null; units: Record<string, number> }>('select leg, arrival_time, units from movements where id = ?', [id]))[0];
/** The next leg of the movement, applied by the worker's batch command at its arrival time. */
const arriveInBatch = async (id: string) => {
  const m = (await movement(id))!;
  const outcome = await arriveMovements(w.deps(), [{ id, leg: m.leg }], new Date(m.arrival_time!));
  expect([...outcome.values()]).toEqual(['applied']);
};
const send = (p: Player, target: Coords, mission: SendFleetInput['mission'], units: Record<string, number>, when = T0) =>
  sendFleet(w.deps(), p.actor, { start_territory_id: p.territory, target_region: target[0], target_sub_region: target[1], target_position: target[2], mission, units }, when);
/** Unit points of these stacks, summed (the rule of game-core). */
const unitPoints = (...stacks: Record<string, number>[]) => {
  const units: Record<string, number> = {};
  for (const stack of stacks) for (const [k, n] of Object.entries(stack)) units[k] = (units[k] ?? 0) + n;
  return scoreBreakdown(w.catalogue, { territories: [], technologies: {}, units, defenses: {} }).unit_score;
};
const homeUnits = async (p: Player) => (await w.row(p.territory)).units;

describe('the unit score with fleets in flight', () => {
  it('stays right through dispatch, recall, a battle, lost spies, a colonization and the landings, as the full recompute finds', async () => {
    const ana = await w.player({ units: { razorwing: 1_000, seedling_ark: 2, hauler_grub: 2, whisper_mite: 2 } });
    const bo = await w.player({ coords: [ana.coords[0], 2, 1], units: { razorwing: 300 } });
    await w.sql(`update territories set defenses = '{"thorn_pit": 10}'::jsonb where id = ?`, [bo.territory]);
    // The stock above was written behind the bookkeeping's back: the first recompute repairs exactly those players.
    expect((await repairedAt(T0)).sort()).toEqual([ana.actor.id, bo.actor.id].sort());
    const start = await scoresOf(ana);
    expect(start.unit_score).toBeCloseTo(unitPoints({ razorwing: 1_000, seedling_ark: 2, hauler_grub: 2, whisper_mite: 2 }), 6);

    // Dispatch: the units fly, still the player's.
    const attack = await send(ana, bo.coords, 'ATTACK', { razorwing: 400 });
    const transport = await send(ana, bo.coords, 'TRANSPORT', { hauler_grub: 2 });
    expect(await scoresOf(ana)).toEqual(start);
    expect(await repairedAt(at(1_000))).toEqual([]);

    // Recall: the transport turns home, still counted.
    await recallMovement(w.deps(), ana.actor, { movement_id: transport.id }, at(2_000));
    expect(await scoresOf(ana)).toEqual(start);
    expect(await repairedAt(at(2_000))).toEqual([]);

    // The battle: both sides lose units; the attacker's survivors fly home and count.
    const boBefore = await scoresOf(bo);
    await arriveInBatch(attack.id);
    const afterBattle = await scoresOf(ana);
    // Survivors fly home (with none left the movement ends).
    const survivors = (await movement(attack.id))?.units ?? {};
    expect(survivors.razorwing ?? 0).toBeLessThan(400);
    expect(afterBattle.unit_score).toBeCloseTo(unitPoints(await homeUnits(ana), survivors, { hauler_grub: 2 }), 6);
    expect(afterBattle.unit_score).toBeLessThan(start.unit_score);
    expect((await scoresOf(bo)).total_score).toBeLessThan(boBefore.total_score);
    expect(await repairedAt(new Date(attack.arrival_time))).toEqual([]);

    // Spies detected at the target are lost (a batch of arrivals refreshes the score at its end).
    const spies = await send(ana, bo.coords, 'SPY', { whisper_mite: 2 });
    expect(await scoresOf(ana)).toEqual(afterBattle);
    await arriveInBatch(spies.id);
    expect(await movement(spies.id)).toBeUndefined();
    const afterSpies = await scoresOf(ana);
    expect(afterSpies.unit_score).toBeCloseTo(afterBattle.unit_score - unitPoints({ whisper_mite: 2 }), 6);
    expect(await repairedAt(new Date(spies.arrival_time))).toEqual([]);

    // A colonization spends one seedling ark and founds a territory (whose starting structures count too).
    const free: Coords = [ana.coords[0], 9, 9];
    const colony = await send(ana, free, 'COLONIZE', { seedling_ark: 2 });
    const m = (await movement(colony.id))!;
    expect(await applyArrival(w.deps(), { id: colony.id, leg: m.leg }, new Date(m.arrival_time!))).toBe('applied');
    const afterColony = await scoresOf(ana);
    expect(afterColony.unit_score).toBeCloseTo(afterSpies.unit_score - unitPoints({ seedling_ark: 1 }), 6);
    expect(await w.sql('select 1 from territories where owner_id = ? and region = ? and sub_region = ? and position = ?', [ana.actor.id, ...free])).toHaveLength(1);
    expect(await repairedAt(new Date(colony.arrival_time))).toEqual([]);

    // The landings: units rejoin their home, the score does not move.
    await arriveInBatch(transport.id);
    if (await movement(attack.id)) await arriveInBatch(attack.id);
    expect(await movement(attack.id)).toBeUndefined();
    expect(await scoresOf(ana)).toEqual(afterColony);
    expect(afterColony.unit_score).toBeCloseTo(unitPoints(await homeUnits(ana), { seedling_ark: 1 }), 6);
    expect(await repairedAt(at(86_400_000))).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawCatalogue } from '@brood/game-data';
import { distance, fleetSpeed, missionFuel, travelTime } from '@brood/game-core';
import { DISPATCH, GameError, JOIN_BY_INVITATION, sendFleet, statsOverview, type SendFleetInput } from '@brood/world';
import { at, eventually, fleetWorld, freshRegion, T0, type FleetWorld, type Player } from './support/fleet-world';

/** Dispatch: what leaves the start territory, what is scheduled and announced, and every refusal. */

const hauler = rawCatalogue().units as Record<string, { stats: object }>;
let w: FleetWorld;

beforeAll(async () => {
  w = await fleetWorld({
    // A unit rooted to its hive, to show that a fleet that cannot move is refused.
    units: { rooted_polyp: { ...hauler.hauler_grub, name: 'Rooted Polyp', stats: { ...hauler.hauler_grub!.stats, speed: 0 } } },
  });
});
afterAll(async () => {
  await w?.stop();
});

const send = (p: Player, input: Partial<SendFleetInput> & { target: [number, number, number] }, when = T0) =>
  sendFleet(w.deps(), p.actor, {
    start_territory_id: p.territory,
    target_region: input.target[0],
    target_sub_region: input.target[1],
    target_position: input.target[2],
    mission: input.mission ?? 'TRANSPORT',
    units: input.units ?? { hauler_grub: 1 },
    resources: input.resources,
    exploration_duration_hours: input.exploration_duration_hours,
  }, when);

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(GameError);
  return (error as GameError).message;
}

describe('sending a fleet', () => {
  it('takes units, cargo and the fuel for the round trip from the start, stores the movement, schedules its arrival and announces it', async () => {
    const alice = await w.player({ units: { hauler_grub: 5 }, resources: { fiber: 10_000, crystal: 0, biomass: 5_000 } });
    const bob = await w.player({ coords: [alice.coords[0], 4, 2] });
    const result = await send(alice, { target: bob.coords, units: { hauler_grub: 3 }, resources: { fiber: 6_000 } });

    const units = { hauler_grub: 3 };
    const oneWay = travelTime(distance(alice.coords, bob.coords), fleetSpeed(units, w.catalogue), w.catalogue.universe.universe_speed_factor);
    const fuel = missionFuel(units, w.catalogue, 'TRANSPORT', oneWay);
    expect(fuel).toBeGreaterThan(0);
    expect(result).toMatchObject({ start_territory_id: alice.territory, mission_type: 'TRANSPORT', fuel_cost: fuel, arrival_time: at(oneWay * 1000).toISOString() });

    const home = await w.row(alice.territory);
    expect(home.units).toEqual({ hauler_grub: 2 });
    expect(home.resources.fiber).toBe(4_000);
    expect(home.resources.biomass).toBe(5_000 - fuel);

    const [movement] = await w.sql<{ mission: string; units: object; resources: object; fuel_paid: number; leg: number }>('select * from movements where id = ?', [result.id]);
    expect(movement).toMatchObject({ mission: 'TRANSPORT', units, resources: { fiber: 6_000 }, fuel_paid: fuel, leg: 0 });
    const jobs = await w.sql<{ data: { id: string; leg: number }; start_after: Date }>(`select data, start_after from pgboss.job where name = 'movement-arrival' and data->>'id' = ?`, [result.id]);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.data).toEqual({ id: result.id, leg: 0 });
    expect(new Date(jobs[0]!.start_after).getTime()).toBe(at(oneWay * 1000).getTime());

    const [note] = await w.sql<{ message_type: string; content: Record<string, unknown> }>('select message_type, content from notifications where user_id = ?', [alice.actor.id]);
    expect(note).toMatchObject({ message_type: 'FLEET_LAUNCHED', content: { origin_coords: alice.coords, destination_coords: bob.coords, units, resources: { fiber: 6_000 } } });
    const own = await eventually(() => w.events.find((e) => e.user_id === alice.actor.id && e.event === 'MOVEMENT_STARTED'));
    expect(own.data).toMatchObject({ movement_id: result.id, territory_id: alice.territory, notification: { message_type: 'FLEET_LAUNCHED' } });
    const theirs = await eventually(() => w.events.find((e) => e.user_id === bob.actor.id && e.event === 'MOVEMENT_STARTED'));
    expect(theirs.data).toMatchObject({ movement_id: result.id, territory_id: bob.territory });
  });

  it('pays fuel one way for STATION and COLONIZE', async () => {
    const alice = await w.player({ units: { hauler_grub: 2, seedling_ark: 1 } });
    const outpost = await w.territory(alice, { coords: [alice.coords[0], 2, 2] });
    const station = await send(alice, { target: [alice.coords[0], 2, 2], mission: 'STATION', units: { hauler_grub: 2 } });
    const oneWay = travelTime(distance(alice.coords, [alice.coords[0], 2, 2]), fleetSpeed({ hauler_grub: 2 }, w.catalogue));
    expect(station.fuel_cost).toBe(missionFuel({ hauler_grub: 2 }, w.catalogue, 'STATION', oneWay));
    expect(station.fuel_cost).toBe(Math.ceil((10 * 2 * oneWay) / 3600));
    const colonize = await send(alice, { target: [alice.coords[0], 3, 3], mission: 'COLONIZE', units: { seedling_ark: 1 } });
    const arkWay = travelTime(distance(alice.coords, [alice.coords[0], 3, 3]), fleetSpeed({ seedling_ark: 1 }, w.catalogue));
    expect(colonize.fuel_cost).toBe(Math.ceil((200 * arkWay) / 3600));
    expect(outpost).toBeGreaterThan(0);
  });
});

describe('refusals (core spec 5 "Dispatch"), each a 4xx sentence, nothing taken', () => {
  let alice: Player;
  let bob: Player;
  beforeAll(async () => {
    alice = await w.player({ units: { hauler_grub: 2, whisper_mite: 1, seedling_ark: 1, rooted_polyp: 1, razorwing: 1 }, resources: { fiber: 100_000, crystal: 0, biomass: 30 } });
    bob = await w.player({ coords: [alice.coords[0], 1, 2] });
  });
  const near = () => [alice.coords[0], 2, 1] as [number, number, number];

  it.each([
    ['the start position', () => ({ target: alice.coords }), DISPATCH.sameAsStart],
    ['no unit', () => ({ target: near(), units: {} }), DISPATCH.noUnits],
    ['only zero amounts', () => ({ target: near(), units: { hauler_grub: 0 } }), DISPATCH.noUnits],
    ['a unit that cannot move, alone', () => ({ target: near(), units: { rooted_polyp: 1 } }), DISPATCH.cannotMove],
    ['more cargo than the fleet holds', () => ({ target: bob.coords, units: { hauler_grub: 1 }, resources: { fiber: 5_001 } }), DISPATCH.cargoExceeded],
    ['exploration without hours', () => ({ target: near(), mission: 'EXPLORATION' as const, units: { hauler_grub: 1 } }), DISPATCH.explorationInvalid],
    ['exploration of 0 hours', () => ({ target: near(), mission: 'EXPLORATION' as const, exploration_duration_hours: 0 }), DISPATCH.explorationInvalid],
    ['exploration over the maximum', () => ({ target: near(), mission: 'EXPLORATION' as const, exploration_duration_hours: 25 }), 'Exploration duration (25h) exceeds your maximum allowed (24h).'],
    ['units not at the start', () => ({ target: bob.coords, units: { hauler_grub: 3 } }), 'Not enough Hauler Grub at Home: 3 selected, 2 there.'],
    ['an unknown unit', () => ({ target: bob.coords, units: { void_kraken: 1 } }), "Unknown unit 'void_kraken'."],
    ['a resource named like a built-in property', () => ({ target: bob.coords, resources: { constructor: 1 } }), "Unknown resource 'constructor'."],
    ['units that do not fit the mission', () => ({ target: near(), mission: 'COLONIZE' as const, units: { hauler_grub: 1, seedling_ark: 1 } }), 'Hauler Grub cannot take part in a Colonize mission.'],
    ['units that cannot attack, with the article the label takes', () => ({ target: bob.coords, mission: 'ATTACK' as const, units: { whisper_mite: 1 } }), 'Whisper Mite cannot take part in an Attack mission.'],
    ['resources on a mission that carries none', () => ({ target: near(), mission: 'EXPLORATION' as const, exploration_duration_hours: 2, resources: { fiber: 1 } }), 'Explore missions carry no resources: only Transport, Colonize and Station do.'],
    ['resources not in stock', () => ({ target: bob.coords, resources: { crystal: 10 } }), 'Not enough Crystal at Home: 10 selected, 0 in stock.'],
    ['fuel not in stock', () => ({ target: bob.coords, units: { hauler_grub: 2 } }), /^Not enough Biomass for fuel: this flight burns \d+, 30 is left at Home\.$/],
    ['outside the galaxy', () => ({ target: [alice.coords[0], 1, 26] as [number, number, number] }), () => `Coordinates ${alice.coords[0]}:1:26 are outside the galaxy (regions 1-961, sub-regions 1-961, positions 1-25).`],
    ['a transport to an empty position', () => ({ target: near() }), () => `There is no territory at ${alice.coords[0]}:2:1 to deliver to.`],
    ['a station at an empty position', () => ({ target: near(), mission: 'STATION' as const }), () => `There is no territory at ${alice.coords[0]}:2:1 to station at.`],
    ['a station at another player who is no ally', () => ({ target: bob.coords, mission: 'STATION' as const }), DISPATCH.stationNeedsAlly],
    ['a colony on a taken position', () => ({ target: bob.coords, mission: 'COLONIZE' as const, units: { seedling_ark: 1 } }), () => `The position ${bob.coords.join(':')} is already taken by Home.`],
    ['an attack on an empty position', () => ({ target: near(), mission: 'ATTACK' as const, units: { razorwing: 1 } }), () => `There is no territory at ${alice.coords[0]}:2:1 to attack.`],
    ['a multi-party participant sent directly', () => ({ target: bob.coords, mission: 'MULTI_PARTY_ATTACK_PARTICIPANT' as const, units: { razorwing: 1 } }), JOIN_BY_INVITATION],
    ['a state rather than a mission', () => ({ target: bob.coords, mission: 'ALLIED_STATIONED' as const }), 'Allied stationed is not a mission a fleet can be sent on.'],
  ])('%s', async (_, input, sentence) => {
    const before = await w.row(alice.territory);
    const message = await refusal(send(alice, input()));
    if (sentence instanceof RegExp) expect(message).toMatch(sentence);
    else expect(message).toBe(typeof sentence === 'function' ? sentence() : sentence);
    expect(await w.row(alice.territory)).toEqual(before);
  });

  it('from a territory of someone else', async () => {
    expect(await refusal(sendFleet(w.deps(), alice.actor, { start_territory_id: bob.territory, target_region: 1, target_sub_region: 1, target_position: 1, mission: 'TRANSPORT', units: { hauler_grub: 1 } }, T0))).toBe('You do not own this territory');
  });

  it('with every fleet slot in use (max_fleets from effects)', async () => {
    const carol = await w.player({ units: { hauler_grub: 5 } });
    const dave = await w.player({ coords: [carol.coords[0], 2, 2] });
    const max = (await statsOverview(w.deps(), carol.actor, T0)).global_stats.max_fleets;
    expect(max).toBe(2);
    for (let i = 0; i < max; i += 1) await send(carol, { target: dave.coords });
    expect(await refusal(send(carol, { target: dave.coords }))).toBe('All your fleet slots are in use (2 of 2): wait for a fleet to come home or recall one.');
    expect((await w.row(carol.territory)).units).toEqual({ hauler_grub: 3 });
  });
});

describe('concurrency', () => {
  it('50 dispatches at once from one stock never send more than is there', async () => {
    const many = await fleetWorld({ universe: { base_effects: { max_fleets: 100 } } });
    try {
      const alice = await many.player({ units: { hauler_grub: 20 }, resources: { fiber: 0, crystal: 0, biomass: 1_000_000 } });
      const bob = await many.player({ coords: [freshRegion(), 1, 1] });
      const attempts = await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          sendFleet(many.deps(), alice.actor, { start_territory_id: alice.territory, target_region: bob.coords[0], target_sub_region: 1, target_position: 1, mission: 'TRANSPORT', units: { hauler_grub: 1 } }, T0),
        ),
      );
      const sent = attempts.filter((a) => a.status === 'fulfilled').length;
      const refused = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
      expect(sent).toBe(20);
      for (const r of refused) expect(String((r.reason as Error).message)).toBe('Not enough Hauler Grub at Home: 1 selected, 0 there.');
      expect((await many.row(alice.territory)).units).toEqual({});
      const [count] = await many.sql<{ n: string; units: string }>(`select count(*) as n, sum((units->>'hauler_grub')::int) as units from movements where user_id = ?`, [alice.actor.id]);
      expect(Number(count!.n)).toBe(20);
      expect(Number(count!.units)).toBe(20);
    } finally {
      await many.stop();
    }
  });
});

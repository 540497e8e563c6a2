import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeMovements, applyArrival, cancelStationing, disbandAlliance, gatherStation, GameError, DISPATCH, recallMovement, sendFleet, statsOverview,
} from '@brood/world';
import { eventually, fleetWorld, T0, type FleetWorld, type Player } from './support/fleet-world';

/** Gathering, stationing with an ally (slots, recall, cancel by the host) and the active movements view. */

let w: FleetWorld;
beforeAll(async () => {
  w = await fleetWorld();
  // The alliances migration (0050) creates these; the same columns here when it is not part of this build.
  await w.sql(`create table if not exists alliances (id serial primary key, name varchar(50) not null, tag varchar(5) not null, description varchar(500) not null default '', created_at timestamptz not null default now())`);
  await w.sql(`create table if not exists alliance_members (user_id integer primary key references users (id) on delete cascade, alliance_id integer not null references alliances (id) on delete cascade, rank varchar(8) not null, joined_at timestamptz not null default now())`);
});
afterAll(async () => {
  await w?.stop();
});

let alliances = 0;
async function ally(...players: Player[]): Promise<void> {
  alliances += 1;
  const [row] = await w.sql<{ id: number }>('insert into alliances (name, tag) values (?, ?) returning id', [`Brood ${alliances}`, `B${alliances}`]);
  for (const [i, p] of players.entries()) await w.sql('insert into alliance_members (user_id, alliance_id, rank) values (?, ?, ?)', [p.actor.id, row!.id, i === 0 ? 'LEADER' : 'MEMBER']);
}

const station = (p: Player, target: [number, number, number], units: Record<string, number> = { hauler_grub: 1 }) =>
  sendFleet(w.deps(), p.actor, { start_territory_id: p.territory, target_region: target[0], target_sub_region: target[1], target_position: target[2], mission: 'STATION', units }, T0);
const rejection = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a refusal'); }, (e: unknown) => { expect(e).toBeInstanceOf(GameError); return (e as GameError).message; });
const leg = async (id: string) => (await w.sql<{ leg: number; arrival_time: Date | null; mission: string }>('select leg, arrival_time, mission from movements where id = ?', [id]))[0];

describe('gather-station', () => {
  it('sends one STATION per source; a source that cannot send is listed with its reason', async () => {
    const alice = await w.player({ units: {} });
    const west = await w.territory(alice, { coords: [alice.coords[0], 2, 1], units: { hauler_grub: 3 }, resources: { biomass: 5_000 } });
    const east = await w.territory(alice, { coords: [alice.coords[0], 2, 3], units: {}, resources: { biomass: 5_000 } });
    const result = await gatherStation(w.deps(), alice.actor, {
      target_territory_id: alice.territory,
      source_operations: [{ source_territory_id: west, units: { hauler_grub: 3 } }, { source_territory_id: east, units: { hauler_grub: 1 } }],
    }, T0);
    expect(result.successful_movements).toHaveLength(1);
    expect(result.successful_movements[0]).toMatchObject({ start_territory_id: west, mission_type: 'STATION' });
    expect(result.failed_operations).toEqual([{ source_territory_id: east, error: 'Not enough Hauler Grub at Outpost: 1 selected, 0 there.' }]);
    const sent = result.successful_movements[0]!;
    await applyArrival(w.deps(), { id: sent.id, leg: 0 }, new Date(sent.arrival_time));
    expect((await w.row(alice.territory)).units).toEqual({ hauler_grub: 3 });
    expect((await w.row(west)).units).toEqual({});
  });

  it('needs at least one fleet, and a target of the player', async () => {
    const alice = await w.player();
    const bob = await w.player();
    expect(await rejection(gatherStation(w.deps(), alice.actor, { target_territory_id: alice.territory, source_operations: [] }, T0))).toBe(DISPATCH.gatherEmpty);
    expect(await rejection(gatherStation(w.deps(), alice.actor, { target_territory_id: bob.territory, source_operations: [{ source_territory_id: alice.territory, units: { hauler_grub: 1 } }] }, T0))).toBe('You do not own this territory');
  });
});

describe('stationing with an ally', () => {
  it('flies as ALLIED_STATIONING_PENDING, becomes ALLIED_STATIONED on arrival in one of the host territory slots, and the host can send it home', async () => {
    const alice = await w.player({ units: { hauler_grub: 3 } });
    const bob = await w.player({ coords: [alice.coords[0], 4, 4] });
    const carol = await w.player({ coords: [alice.coords[0], 8, 8], units: { hauler_grub: 1 } });
    await ally(bob, alice, carol);
    const sent = await station(alice, bob.coords, { hauler_grub: 2 });
    expect(sent.mission_type).toBe('ALLIED_STATIONING_PENDING');
    // The host territory has one allied slot (this universe), taken by the fleet on its way.
    // The refusal says what the host would need for another slot: the structure and its research chain.
    expect(await rejection(station(carol, bob.coords))).toBe(
      'Home has no free allied fleet slot (1 of 1 in use). Each level of Kin Beacon there gives one slot; Kin Beacon needs Swarm Synapse 1 and Kinship Bonds 1 (research: Pheromone Signalling 1, then Kinship Bonds 1).',
    );

    expect(await applyArrival(w.deps(), { id: sent.id, leg: 0 }, new Date(sent.arrival_time))).toBe('applied');
    expect(await leg(sent.id)).toMatchObject({ mission: 'ALLIED_STATIONED', arrival_time: null, leg: 1 });
    expect((await w.row(bob.territory)).units).toEqual({});
    const stats = await statsOverview(w.deps(), bob.actor, new Date(sent.arrival_time));
    expect(stats.territory_stats[String(bob.territory)]).toMatchObject({ allied_fleet_slots_current: 1, allied_fleet_slots_max: 1 });

    const hostView = (await activeMovements(w.deps(), bob.actor)).find((m) => m.id === sent.id)!;
    expect(hostView).toMatchObject({ is_own_fleet: false, is_allied_stationing: true, arrival_time: null, units: [{ unit_key: 'hauler_grub', quantity: 2 }], username: alice.username });

    expect(await rejection(cancelStationing(w.deps(), carol.actor, { movement_id: sent.id }, new Date(sent.arrival_time)))).toBe('Only the owner of the territory can cancel an allied stationing there');
    const later = new Date(new Date(sent.arrival_time).getTime() + 3_600_000);
    const cancelled = await cancelStationing(w.deps(), bob.actor, { movement_id: sent.id }, later);
    const oneWay = (await w.sql<{ one_way_seconds: number }>('select one_way_seconds from movements where id = ?', [sent.id]))[0]!.one_way_seconds;
    expect(new Date(cancelled.arrival_time).getTime()).toBe(later.getTime() + oneWay * 1000);
    const [note] = await w.sql<{ message_type: string; content: Record<string, unknown> }>(`select message_type, content from notifications where user_id = ? and message_type = 'ALLIED_STATIONING_CANCELLED_BY_TARGET'`, [alice.actor.id]);
    expect(note!.content).toMatchObject({ reason_failed: 'The owner of Home cancelled the stationing.', original_mission: 'ALLIED_STATIONED' });
    await eventually(() => w.events.find((e) => e.user_id === alice.actor.id && e.event === 'MOVEMENT_CANCELLED'));
    await eventually(() => w.events.find((e) => e.user_id === bob.actor.id && e.event === 'MOVEMENT_CANCELLED'));
    expect((await statsOverview(w.deps(), bob.actor, later)).territory_stats[String(bob.territory)]!.allied_fleet_slots_current).toBe(0);
    await applyArrival(w.deps(), { id: sent.id, leg: 2 }, new Date(cancelled.arrival_time));
    expect((await w.row(alice.territory)).units).toEqual({ hauler_grub: 3 });
  });

  it('the owner can recall a stationed fleet (a whole leg home); a host who left the alliance sends an arriving fleet home', async () => {
    const alice = await w.player({ units: { hauler_grub: 2 } });
    const bob = await w.player({ coords: [alice.coords[0], 5, 5] });
    await ally(bob, alice);
    const first = await station(alice, bob.coords);
    await applyArrival(w.deps(), { id: first.id, leg: 0 }, new Date(first.arrival_time));
    const recalled = await recallMovement(w.deps(), alice.actor, { movement_id: first.id }, new Date(first.arrival_time));
    expect(recalled).toMatchObject({ mission_type: 'RETURN', original_mission: 'ALLIED_STATIONED' });

    const second = await station(alice, bob.coords);
    await w.sql('delete from alliance_members where user_id = ?', [bob.actor.id]);
    await applyArrival(w.deps(), { id: second.id, leg: 0 }, new Date(second.arrival_time));
    expect((await leg(second.id))!.mission).toBe('RETURN');
    const [failed] = await w.sql<{ content: Record<string, unknown> }>(`select content from notifications where user_id = ? and message_type = 'STATIONING_FAILED'`, [alice.actor.id]);
    expect(failed!.content.reason_failed).toBe('Home is no longer held by a member of your alliance.');
  });
});

describe('disbanding an alliance', () => {
  it('sends home the fleets members stationed with one another (stationed or on their way), telling owners why and hosts', async () => {
    const alice = await w.player({ units: { hauler_grub: 2 } });
    const bob = await w.player({ coords: [alice.coords[0], 7, 7] });
    const carol = await w.player({ coords: [alice.coords[0], 9, 9], units: { hauler_grub: 1 } });
    await ally(bob, alice, carol);
    const stationed = await station(alice, bob.coords);
    await applyArrival(w.deps(), { id: stationed.id, leg: 0 }, new Date(stationed.arrival_time));
    const flying = await station(carol, alice.coords);
    const [row] = await w.sql<{ alliance_id: number }>('select alliance_id from alliance_members where user_id = ?', [bob.actor.id]);
    const at = new Date(stationed.arrival_time);

    expect(await disbandAlliance(w.deps(), bob.actor, { alliance_id: row!.alliance_id }, at)).toEqual({ message: 'Alliance disbanded.' });
    expect(await leg(stationed.id)).toMatchObject({ mission: 'RETURN' });
    expect(await leg(flying.id)).toMatchObject({ mission: 'RETURN' });
    const notes = await w.sql<{ user_id: number; content: Record<string, unknown> }>(`select user_id, content from notifications where user_id in (?, ?) and message_type = 'ALLIED_STATIONING_CANCELLED_BY_TARGET'`, [alice.actor.id, carol.actor.id]);
    expect(notes.map((n) => n.user_id).sort()).toEqual([alice.actor.id, carol.actor.id].sort());
    expect(notes[0]!.content.reason_failed).toMatch(/^The alliance Brood \d+ was disbanded: its members are no longer allies\.$/);
    await eventually(() => w.events.find((e) => e.user_id === bob.actor.id && e.event === 'MOVEMENT_CANCELLED'));
    expect((await statsOverview(w.deps(), bob.actor, at)).territory_stats[String(bob.territory)]!.allied_fleet_slots_current).toBe(0);
  });
});

describe('active movements', () => {
  it('lists own fleets and foreign fleets heading for the player, whose units are hidden; not others', async () => {
    const alice = await w.player({ units: { hauler_grub: 2 } });
    const bob = await w.player({ coords: [alice.coords[0], 6, 6], units: { hauler_grub: 1 } });
    const carol = await w.player();
    const outgoing = await sendFleet(w.deps(), alice.actor, { start_territory_id: alice.territory, target_region: bob.coords[0], target_sub_region: 6, target_position: 6, mission: 'TRANSPORT', units: { hauler_grub: 2 }, resources: { fiber: 100 } }, T0);
    const incoming = await sendFleet(w.deps(), bob.actor, { start_territory_id: bob.territory, target_region: alice.coords[0], target_sub_region: 1, target_position: 1, mission: 'TRANSPORT', units: { hauler_grub: 1 }, resources: { crystal: 50 } }, T0);

    const mine = await activeMovements(w.deps(), alice.actor);
    expect(mine.map((m) => m.id).sort()).toEqual([outgoing.id, incoming.id].sort());
    const own = mine.find((m) => m.id === outgoing.id)!;
    expect(own).toMatchObject({
      user_id: alice.actor.id, username: alice.username, mission_type: 'TRANSPORT', is_returning: false, is_own_fleet: true, is_attacking_player: false,
      is_allied_stationing: false, target_owner_id: bob.actor.id, start_territory_id: alice.territory, start_territory_name: 'Home',
      start_region: alice.coords[0], start_sub_region: 1, start_position: 1, target_territory_id: bob.territory, target_territory_name: 'Home',
      target_region: bob.coords[0], target_sub_region: 6, target_position: 6, start_time: T0.toISOString(), arrival_time: outgoing.arrival_time,
      units: [{ unit_key: 'hauler_grub', quantity: 2 }], resources: [{ resource_key: 'fiber', amount: 100 }],
      attack_group_id: null, current_participants: null, max_participants: null, is_multi_party_initiator: false, exploration_duration_hours: null,
    });
    const foreign = mine.find((m) => m.id === incoming.id)!;
    expect(foreign).toMatchObject({ is_own_fleet: false, username: bob.username, units: [{ unit_key: 'hauler_grub', quantity: null }], resources: [] });
    expect(await activeMovements(w.deps(), carol.actor)).toEqual([]);

    // Once bob's transport has delivered and turned home, it no longer heads for alice.
    await applyArrival(w.deps(), { id: incoming.id, leg: 0 }, new Date(incoming.arrival_time));
    expect((await activeMovements(w.deps(), alice.actor)).map((m) => m.id)).toEqual([outgoing.id]);
    expect((await activeMovements(w.deps(), bob.actor)).find((m) => m.id === incoming.id)).toMatchObject({ mission_type: 'RETURN', is_returning: true, original_mission: 'TRANSPORT' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseNotificationContent } from '@brood/contracts';
import { arriveMovements, markNotificationRead } from '@brood/world';
import { eventually, fleetWorld, type FleetWorld, type Player } from './support/fleet-world';
import { warHelpers } from './support/war-world';

/**
 * Battles in the world: the world after a battle is what the stored report says (units, defenses,
 * stock, wreckage, returning cargo, scores), for two players and for five (three attackers in one
 * attack group, the defender and a stationed ally), and every stored battle re-runs to the same text.
 */

let w: FleetWorld;
let h: ReturnType<typeof warHelpers>;
beforeAll(async () => {
  w = await fleetWorld();
  h = warHelpers(w);
});
afterAll(async () => {
  await w?.stop();
});

const participantOf = (report: { participant_results: { user_id: unknown; is_stationed_ally: boolean }[] }, p: Player, ally = false) =>
  report.participant_results.find((r) => r.user_id === p.actor.id && r.is_stationed_ally === ally)!;

describe('a lone attack', () => {
  it('warns the defender at launch, fights on arrival, and leaves the world as the stored report says', async () => {
    const alice = await w.player({ units: { razorwing: 1_000, carrion_beetle: 1 } });
    const bob = await w.player({ coords: [alice.coords[0], 2, 1], units: { razorwing: 300, hauler_grub: 2 }, resources: { fiber: 40_000, crystal: 40_000, biomass: 40_000 } });
    await w.sql(`update territories set defenses = '{"thorn_pit": 10}'::jsonb where id = ?`, [bob.territory]);
    const sent = await h.send(alice, bob.coords, { units: { razorwing: 1_000, carrion_beetle: 1 } });
    const [warning] = await h.notes(bob.actor.id, 'INCOMING_ATTACK_WARNING');
    expect(warning!.content).toMatchObject({ attacker_username: alice.username, target_coords: bob.coords, arrival_time: sent.arrival_time });

    expect(await h.arrive(sent.id)).toBe('applied');
    const [combat] = await h.notes(alice.actor.id, 'COMBAT_REPORT');
    const [defense] = await h.notes(bob.actor.id, 'DEFENSE_REPORT');
    expect(combat!.content).toEqual(defense!.content);
    const battleId = Number(combat!.related_object_id);
    const stored = await h.battle(battleId);
    const { battle_id, engine_version, ...report } = combat!.content;
    expect({ battle_id, engine_version }).toEqual({ battle_id: battleId, engine_version: stored.engine_version });
    expect(report).toEqual(stored.parsed);
    // Stored once, in the battle: each notification row holds a reference, served expanded (and valid for the cards).
    const rows = await w.sql<{ content: unknown }>(`select content from notifications where related_object_id = ? and message_type in ('COMBAT_REPORT', 'DEFENSE_REPORT')`, [String(battleId)]);
    expect(rows.map((r) => r.content)).toEqual([{ battle_id: battleId }, { battle_id: battleId }]);
    expect(parseNotificationContent('COMBAT_REPORT', combat!.content)).toMatchObject({ ok: true });
    expect((await markNotificationRead(w.db.orm.em.fork(), { id: bob.actor.id }, defense!.id)).content).toEqual(combat!.content);
    for (const field of ['outcome', 'participant_results', 'rounds_fought', 'round_details', 'attacker_user_id', 'defender_user_id', 'attacker_origin_coords', 'attacker_origin_territory_name', 'defender_territory_coords', 'defender_territory_name', 'location_coords', 'plunder', 'instant_salvage_resources', 'wreckage', 'seed']) {
      expect(report).toHaveProperty(field);
    }
    expect(stored.parsed.outcome).toBe('VICTORY_ATTACKER');
    // Each report rides on its own real-time event.
    const heard = await eventually(() => w.events.find((e) => e.user_id === bob.actor.id && e.event === 'DEFENSE_REPORT'));
    expect(heard.data).toMatchObject({ movement_id: sent.id, territory_id: bob.territory, notification: { message_type: 'DEFENSE_REPORT', related_object_id: String(battleId) } });

    // The defender's territory: survivors plus bunkered units, surviving and repaired defenses, stock less plunder.
    const mine = participantOf(stored.parsed, bob) as unknown as { survivors: Record<string, number>; units_saved_by_bunker: Record<string, number>; initial_units: Record<string, number> };
    const row = (await w.sql<{ units: Record<string, number>; defenses: Record<string, number>; resources: Record<string, number> }>('select units, defenses, resources from territories where id = ?', [bob.territory]))[0]!;
    for (const key of Object.keys(mine.initial_units)) expect(row.units[key] ?? 0).toBe((mine.survivors[key] ?? 0) + (mine.units_saved_by_bunker[key] ?? 0));
    expect(row.defenses.thorn_pit ?? 0).toBe(mine.survivors.thorn_pit ?? 0);
    for (const [k, v] of Object.entries(stored.parsed.plunder.resources)) expect(row.resources[k]).toBeCloseTo(40_000 - v, 0);

    // The attackers fly home with their survivors, the plunder and what they salvaged at once.
    const theirs = participantOf(stored.parsed, alice) as unknown as { survivors: Record<string, number>; plunder: Record<string, number>; instant_salvage: Record<string, number> };
    const back = (await h.movement(sent.id))!;
    expect(back).toMatchObject({ mission: 'RETURN', units: theirs.survivors });
    for (const k of new Set([...Object.keys(theirs.plunder), ...Object.keys(theirs.instant_salvage)])) {
      expect(back.resources[k]).toBe((theirs.plunder[k] ?? 0) + (theirs.instant_salvage[k] ?? 0));
    }
    expect(Object.values(stored.parsed.instant_salvage_resources).some((v) => v > 0)).toBe(true);
    // What the battle left behind lies at the target; both players heard of it.
    expect((await h.wreckageAt(bob.coords))!.resources).toEqual(stored.parsed.wreckage.resources);
    await eventually(() => w.events.find((e) => e.user_id === bob.actor.id && e.event === 'WRECKAGE_FIELD_SPAWNED'));
    // Scores follow the losses.
    const scores = await w.sql<{ user_id: number; unit_score: number }>('select user_id, unit_score from player_scores where user_id in (?, ?)', [alice.actor.id, bob.actor.id]);
    expect(scores).toHaveLength(2);
    // A second run of the same job changes nothing.
    expect(await arriveMovements(w.deps(), [{ id: sent.id, leg: 0 }], new Date(sent.arrival_time)).then((o) => [...o.values()])).toEqual(['stale']);
  });

  it('fails when the target is gone, or is the attacker\'s own by the time the fleet lands', async () => {
    const alice = await w.player({ units: { razorwing: 10 } });
    const bob = await w.player({ coords: [alice.coords[0], 2, 2], units: {} });
    const carol = await w.player({ coords: [alice.coords[0], 2, 3], units: {} });
    const gone = await h.send(alice, bob.coords, { units: { razorwing: 5 } });
    const mine = await h.send(alice, carol.coords, { units: { razorwing: 5 } });
    await w.sql('delete from territories where id = ?', [bob.territory]);
    await w.sql('update territories set owner_id = ? where id = ?', [alice.actor.id, carol.territory]);
    await h.arrive(gone.id);
    await h.arrive(mine.id);
    expect((await h.notes(alice.actor.id)).map((n) => n.message_type).filter((t) => t.startsWith('ATTACK_FAILED'))).toEqual(['ATTACK_FAILED_TARGET_NOT_FOUND', 'ATTACK_FAILED_OWN_TERRITORY']);
    expect((await h.movement(gone.id))!).toMatchObject({ mission: 'RETURN', units: { razorwing: 5 } });
    expect((await h.movement(mine.id))!).toMatchObject({ mission: 'RETURN', units: { razorwing: 5 } });
  });
});

describe('five players: an attack group of three, the defender and a stationed ally', () => {
  it('fights as one attacking side in a batch, moves every member on once, and the ally loses its fleet', async () => {
    const region = (await w.player()).coords[0] + 1;
    const defender = await w.player({ coords: [region, 5, 5], units: { razorwing: 50 }, resources: { fiber: 90_000, crystal: 90_000, biomass: 90_000 } });
    const ally = await w.player({ coords: [region, 6, 5], units: {} });
    const attackers = [
      await w.player({ coords: [region, 4, 1], units: { razorwing: 300, hauler_grub: 2 } }),
      await w.player({ coords: [region, 4, 2], units: { razorwing: 300, spine_lancer: 20 } }),
      await w.player({ coords: [region, 4, 3], units: { razorwing: 300, carrion_beetle: 2 } }),
    ];
    const sent = [
      await h.send(attackers[0]!, defender.coords, { units: { razorwing: 300, hauler_grub: 2 } }),
      await h.send(attackers[1]!, defender.coords, { units: { razorwing: 300, spine_lancer: 20 } }),
      await h.send(attackers[2]!, defender.coords, { units: { razorwing: 300, carrion_beetle: 2 } }),
    ];
    const group = sent[0]!.id;
    const arrival = new Date(Math.max(...sent.map((s) => new Date(s.arrival_time).getTime())));
    await w.sql(`update movements set attack_group_id = ?, arrival_time = ?, mission = case when id = ? then 'MULTI_PARTY_ATTACK_INITIATOR' else 'MULTI_PARTY_ATTACK_PARTICIPANT' end where id in (?, ?, ?)`, [group, arrival, group, ...sent.map((s) => s.id)]);
    // The ally's fleet is stationed there (as an accepted allied stationing leaves it): kamikaze drifters, which burst in round K.
    await w.sql(
      `insert into movements (id, user_id, mission, start_territory_id, start_region, start_sub_region, start_position, target_territory_id, target_region, target_sub_region, target_position, target_owner_id, units, resources, fuel_paid, one_way_seconds, start_time, arrival_time, leg, created_at)
       values (gen_random_uuid(), ?, 'ALLIED_STATIONED', ?, ?, ?, ?, ?, ?, ?, ?, ?, '{"feral_drifter": 5}'::jsonb, '{}'::jsonb, 0, 60, ?, null, 1, ?)`,
      [ally.actor.id, ally.territory, ...ally.coords, defender.territory, ...defender.coords, defender.actor.id, arrival, arrival],
    );

    const outcomes = await arriveMovements(w.deps(), sent.map((s) => ({ id: s.id, leg: 0 })), arrival);
    expect([...outcomes.values()].sort()).toEqual(['applied', 'stale', 'stale']);
    const battles = await w.sql<{ id: string }>('select id from battles where region = ? and sub_region = 5 and position = 5', [region]);
    expect(battles).toHaveLength(1);
    const stored = await h.battle(Number(battles[0]!.id));
    const report = stored.parsed;
    // Attackers in movement id order, then the owner, then the allies.
    const byId = sent.map((s, i) => ({ id: s.id, user: attackers[i]!.actor.id })).sort((x, y) => (x.id < y.id ? -1 : 1));
    expect(report.participant_results.map((p) => [p.role, p.user_id, p.is_stationed_ally])).toEqual([
      ...byId.map((a) => ['ATTACKER', a.user, false]),
      ['DEFENDER', defender.actor.id, false],
      ['DEFENDER', ally.actor.id, true],
    ]);
    expect(report.outcome).toBe('VICTORY_ATTACKER');
    for (const [i, a] of byId.entries()) {
      const back = (await h.movement(a.id))!;
      expect(back).toMatchObject({ mission: 'RETURN', leg: 1, units: report.participant_results[i]!.survivors });
      expect(await h.notes(a.user, 'COMBAT_REPORT')).toHaveLength(1);
    }
    const jobs = await w.sql<{ data: { id: string; leg: number } }>(`select data from pgboss.job where name = 'movement-arrival' and data->>'leg' = '1' and data->>'id' in (?, ?, ?)`, sent.map((s) => s.id));
    expect(jobs).toHaveLength(3);
    expect(await h.notes(defender.actor.id, 'DEFENSE_REPORT')).toHaveLength(1);
    expect(await h.notes(ally.actor.id, 'DEFENSE_REPORT')).toHaveLength(1);
    expect(report.participant_results[4]!.survivors).toEqual({});
    expect((await h.notes(ally.actor.id, 'FLEET_LOST'))[0]!.content).toMatchObject({ reason_lost: expect.stringContaining('Destroyed defending') });
    expect(await w.sql(`select 1 from movements where user_id = ? and mission = 'ALLIED_STATIONED'`, [ally.actor.id])).toHaveLength(0);
    expect((await h.wreckageAt(defender.coords))!.resources).toEqual(report.wreckage.resources);
  });

  it('an ally whose stationing lands earlier in the same batch defends with the owner', async () => {
    const region = (await w.player()).coords[0] + 1;
    const defender = await w.player({ coords: [region, 7, 5], units: { razorwing: 5 } });
    const ally = await w.player({ coords: [region, 7, 6], units: { spine_lancer: 10 } });
    const attacker = await w.player({ coords: [region, 7, 1], units: { razorwing: 60 } });
    const [alliance] = await w.sql<{ id: number }>(`insert into alliances (name, tag) values (?, ?) returning id`, [`Brood ${region}`, `B${region % 10_000}`]);
    await w.sql(`insert into alliance_members (user_id, alliance_id, rank) values (?, ?, 'LEADER'), (?, ?, 'MEMBER')`, [defender.actor.id, alliance!.id, ally.actor.id, alliance!.id]);
    const stationing = await h.send(ally, defender.coords, { mission: 'STATION', units: { spine_lancer: 10 } });
    const attack = await h.send(attacker, defender.coords, { units: { razorwing: 60 } });
    const landed = new Date(stationing.arrival_time);
    const fight = new Date(Math.max(new Date(attack.arrival_time).getTime(), landed.getTime() + 1_000));
    await w.sql('update movements set arrival_time = ? where id = ?', [fight, attack.id]);

    const outcomes = await arriveMovements(w.deps(), [{ id: attack.id, leg: 0 }, { id: stationing.id, leg: 0 }], fight);
    expect([...outcomes.values()]).toEqual(['applied', 'applied']);
    const [battle] = await w.sql<{ id: string }>('select id from battles where region = ? and sub_region = 7 and position = 5', [region]);
    const report = (await h.battle(Number(battle!.id))).parsed;
    expect(report.participant_results.map((p) => [p.role, p.user_id, p.is_stationed_ally])).toEqual([
      ['ATTACKER', attacker.actor.id, false],
      ['DEFENDER', defender.actor.id, false],
      ['DEFENDER', ally.actor.id, true],
    ]);
    expect(participantOf(report, ally, true)).toMatchObject({ initial_units: { spine_lancer: 10 } });
    expect(await h.notes(ally.actor.id, 'DEFENSE_REPORT')).toHaveLength(1);
  });

  it('with one job per member outside a batch: the first fights for all, the others find a later leg', async () => {
    const region = (await w.player()).coords[0] + 1;
    const defender = await w.player({ coords: [region, 5, 5], units: { razorwing: 5 } });
    const a = await w.player({ coords: [region, 4, 1], units: { razorwing: 50 } });
    const b = await w.player({ coords: [region, 4, 2], units: { razorwing: 50 } });
    const sa = await h.send(a, defender.coords, { units: { razorwing: 50 } });
    const sb = await h.send(b, defender.coords, { units: { razorwing: 50 } });
    const arrival = new Date(Math.max(new Date(sa.arrival_time).getTime(), new Date(sb.arrival_time).getTime()));
    await w.sql(`update movements set attack_group_id = ?, arrival_time = ? where id in (?, ?)`, [sa.id, arrival, sa.id, sb.id]);
    expect(await h.arrive(sb.id)).toBe('applied');
    expect(await arriveMovements(w.deps(), [{ id: sa.id, leg: 0 }], arrival).then((o) => [...o.values()])).toEqual(['stale']);
    expect(await w.sql('select 1 from battles where region = ?', [region])).toHaveLength(1);
  });
});

/**
 * Wounds are chance: a Skirmisher killed is wounded one time in seven and then regenerates one time in
 * two, so the ally's one razorwing outlived the first battle about one run in thirteen. This world's
 * Skirmishers are never wounded: the ally the first battle destroys stays destroyed.
 */
describe('two attacks on one target, in a world without wounds', () => {
  let wz: FleetWorld;
  let hz: ReturnType<typeof warHelpers>;
  beforeAll(async () => {
    wz = await fleetWorld({ universe: { combat: { archetypes: { Skirmisher: { wound_chance: 0, regeneration_chance: 0 } } } } });
    hz = warHelpers(wz);
    expect(wz.deps().catalogue.universe.combat.archetypes.Skirmisher).toEqual({ wound_chance: 0, regeneration_chance: 0 });
  });
  afterAll(async () => {
    await wz?.stop();
  });

  it('two attacks on one target in a batch: an ally the first destroys is not in the second', async () => {
    const region = (await wz.player()).coords[0] + 1;
    const defender = await wz.player({ coords: [region, 8, 5], units: {} });
    const ally = await wz.player({ coords: [region, 8, 6], units: {} });
    const first = await wz.player({ coords: [region, 8, 1], units: { razorwing: 200 } });
    const second = await wz.player({ coords: [region, 8, 2], units: { razorwing: 200 } });
    const a = await hz.send(first, defender.coords, { units: { razorwing: 200 } });
    const b = await hz.send(second, defender.coords, { units: { razorwing: 200 } });
    const t1 = new Date(Math.max(new Date(a.arrival_time).getTime(), new Date(b.arrival_time).getTime()));
    const t2 = new Date(t1.getTime() + 1_000);
    await wz.sql('update movements set arrival_time = case when id = ? then ?::timestamptz else ?::timestamptz end where id in (?, ?)', [a.id, t1, t2, a.id, b.id]);
    await wz.sql(
      `insert into movements (id, user_id, mission, start_territory_id, start_region, start_sub_region, start_position, target_territory_id, target_region, target_sub_region, target_position, target_owner_id, units, resources, fuel_paid, one_way_seconds, start_time, arrival_time, leg, created_at)
       values (gen_random_uuid(), ?, 'ALLIED_STATIONED', ?, ?, ?, ?, ?, ?, ?, ?, ?, '{"razorwing": 1}'::jsonb, '{}'::jsonb, 0, 60, ?, null, 1, ?)`,
      [ally.actor.id, ally.territory, ...ally.coords, defender.territory, ...defender.coords, defender.actor.id, t1, t1],
    );

    expect([...(await arriveMovements(wz.deps(), [{ id: a.id, leg: 0 }, { id: b.id, leg: 0 }], t2)).values()]).toEqual(['applied', 'applied']);
    const battles = await wz.sql<{ id: string }>('select id from battles where region = ? and sub_region = 8 and position = 5 order by fought_at', [region]);
    const [one, two] = await Promise.all(battles.map((row) => hz.battle(Number(row.id)).then((stored) => stored.parsed)));
    expect(one!.participant_results.map((p) => [p.user_id, p.is_stationed_ally])).toEqual([[first.actor.id, false], [defender.actor.id, false], [ally.actor.id, true]]);
    expect(one!.participant_results[2]!.survivors).toEqual({});
    expect(two!.participant_results.map((p) => [p.user_id, p.is_stationed_ally])).toEqual([[second.actor.id, false], [defender.actor.id, false]]);
    expect(await hz.notes(ally.actor.id, 'DEFENSE_REPORT')).toHaveLength(1);
  });
});

describe('replay', () => {
  it('re-runs every battle of this file to the stored report, byte for byte', async () => {
    expect(await h.expectEveryBattleReplays()).toBeGreaterThanOrEqual(3);
  });
});

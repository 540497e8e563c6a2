import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distance, fleetSpeed, travelTime } from '@brood/game-core';
import {
  acceptInvitation, activeMovements, declineInvitation, GameError, INVITATION_EXPIRED, inviteToAttack, recallMovement, sendFleet, tooLateSentence,
} from '@brood/world';
import { at, fleetWorld, freshRegion, T0, type FleetWorld, type Player } from './support/fleet-world';

/**
 * Multi-party attacks in the world (GAME-RULES "Multi-party attack"): the group's rows, legs, jobs and
 * notifications when players join in time or late, when a late joiner is refused, when an invitation
 * is declined, and when a participant or the initiator recalls. The battle at arrival is the attack's.
 */

let w: FleetWorld;
beforeAll(async () => {
  w = await fleetWorld();
});
afterAll(async () => {
  await w?.stop();
});

const ARMY = { razorwing: 5 };
const now = (ms: number) => at(ms);

async function refusal(promise: Promise<unknown>): Promise<GameError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(GameError);
  return error as GameError;
}

/** A defender and four raiders, each one position (distance 1) from the defender: equal flights. */
async function scene() {
  const r = freshRegion();
  const bob = await w.player({ coords: [r, 2, 3], name: 'Bastion' });
  const [alice, carol, dave, erin] = await Promise.all(
    ([[r, 1, 3], [r, 3, 3], [r, 2, 2], [r, 2, 4]] as const).map((coords) => w.player({ coords: [...coords], units: { razorwing: 20 } })),
  );
  const flight = travelTime(distance(alice!.coords, bob.coords), fleetSpeed(ARMY, w.catalogue), w.catalogue.universe.universe_speed_factor) * 1000;
  const attack = await sendFleet(w.deps(), alice!.actor, {
    start_territory_id: alice!.territory, target_region: bob.coords[0], target_sub_region: bob.coords[1], target_position: bob.coords[2], mission: 'ATTACK', units: ARMY,
  }, T0);
  return { bob, alice: alice!, carol: carol!, dave: dave!, erin: erin!, flight, attack };
}

const invite = (from: Player, movementId: string, to: Player, when = T0) => inviteToAttack(w.deps(), from.actor, { movement_id: movementId, invited_user_username: to.username }, when);
const join = (who: Player, invitationId: number, when: Date, units: Record<string, number> = ARMY) =>
  acceptInvitation(w.deps(), who.actor, { invitation_id: invitationId, joining_fleet_territory_id: who.territory, units }, when);

async function movement(id: string) {
  const [row] = await w.sql<{ mission: string; arrival_time: string; leg: number; attack_group_id: string | null; original_mission: string | null }>('select mission, arrival_time, leg, attack_group_id, original_mission from movements where id = ?', [id]);
  return { ...row!, arrival_time: new Date(row!.arrival_time) };
}
async function jobsOf(id: string) {
  const rows = await w.sql<{ leg: number; start_after: string }>(`select (data->>'leg')::int as leg, start_after from pgboss.job where name = 'movement-arrival' and data->>'id' = ? order by leg`, [id]);
  return rows.map((r) => ({ leg: r.leg, start_after: new Date(r.start_after) }));
}
const notes = (p: Player, type?: string) =>
  w.sql<{ message_type: string; title: string; content: Record<string, unknown>; is_read: boolean; related_object_id: string | null }>(
    `select message_type, title, content, is_read, related_object_id from notifications where user_id = ? ${type ? 'and message_type = ?' : ''} order by created_at, title`,
    type ? [p.actor.id, type] : [p.actor.id],
  );

describe('joining a multi-party attack', () => {
  it('an invitation turns the attack into a group; joiners in time arrive with it, a late one moves every member\'s arrival (new legs and jobs), a too late one is refused', async () => {
    const { bob, alice, carol, dave, erin, flight, attack } = await scene();
    const arrival = at(flight);

    const toCarol = await invite(alice, attack.id, carol);
    expect(toCarol).toMatchObject({ invited_username: carol.username, attack_group_id: attack.id, mission_type: 'MULTI_PARTY_ATTACK_INITIATOR' });
    expect(await movement(attack.id)).toMatchObject({ mission: 'MULTI_PARTY_ATTACK_INITIATOR', attack_group_id: attack.id, leg: 0 });
    const [card] = await notes(carol, 'MULTI_PARTY_ATTACK_INVITATION_RECEIVED');
    expect(card!.content).toEqual({
      invitation_id: toCarol.invitation_id, initiator_username: alice.username, target_coords: bob.coords, target_territory_name: 'Bastion',
      current_arrival_time: arrival.toISOString(), message: `Join the strike on ${bob.coords.join(':')}! Your fleet will arrive with the group.`,
    });
    const toDave = await invite(alice, attack.id, dave);
    const toErin = await invite(alice, attack.id, erin);

    // Carol flies as long as Alice and leaves at once: she arrives exactly with the group, nobody moves.
    const carolJoins = await join(carol, toCarol.invitation_id, T0);
    expect(carolJoins).toMatchObject({ mission_type: 'MULTI_PARTY_ATTACK_PARTICIPANT', attack_group_id: attack.id, arrival_time: arrival.toISOString(), group_arrival_moved: false });
    expect((await w.row(carol.territory)).units).toEqual({ razorwing: 15 });
    expect(await notes(alice, 'MULTI_PARTY_ATTACK_INVITATION_ACCEPTED')).toHaveLength(1);
    expect((await notes(carol, 'MULTI_PARTY_ATTACK_INVITATION_RECEIVED'))[0]!.is_read).toBe(true);

    // Dave leaves a tenth of the flight later: 10% late, within 30% of the 90% Alice still flies.
    const late = Math.round(flight / 10);
    const daveJoins = await join(dave, toDave.invitation_id, now(late));
    const moved = at(flight + late);
    expect(daveJoins).toMatchObject({ arrival_time: moved.toISOString(), group_arrival_moved: true });
    for (const [id, leg] of [[attack.id, 1], [carolJoins.id, 1], [daveJoins.id, 0]] as const) {
      expect(await movement(id)).toMatchObject({ arrival_time: moved, leg, attack_group_id: attack.id });
      const jobs = await jobsOf(id);
      expect(jobs.at(-1)).toEqual({ leg, start_after: moved });
    }
    expect((await jobsOf(attack.id)).map((j) => j.leg)).toEqual([0, 1]);

    // Everybody heard: the initiator of each join, Carol of Dave's, both of the new time; Bob is warned at each join.
    expect((await notes(alice, 'MULTI_PARTY_ATTACK_INVITATION_ACCEPTED')).map((n) => n.content.attacker_username)).toEqual([carol.username, dave.username]);
    expect((await notes(carol, 'MULTI_PARTY_ATTACK_PLAYER_JOINED')).map((n) => n.content.attacker_username)).toEqual([dave.username]);
    for (const p of [alice, carol]) {
      const [updated] = await notes(p, 'MULTI_PARTY_ATTACK_ARRIVAL_TIME_UPDATED');
      expect(updated!.content).toMatchObject({ current_arrival_time: moved.toISOString(), target_coords: bob.coords });
    }
    expect(await notes(dave, 'MULTI_PARTY_ATTACK_ARRIVAL_TIME_UPDATED')).toHaveLength(0);
    expect((await notes(dave, 'FLEET_LAUNCHED'))[0]!.related_object_id).toBe(daveJoins.id);
    const warnings = await notes(bob, 'INCOMING_ATTACK_WARNING');
    // at launch (alice alone), when carol joins in time, and when dave's join moves the arrival (launch and
    // carol's join share the test's instant, so the order of those two is not fixed)
    const told = warnings.map((n) => `${n.content.attacker_username} @ ${n.content.arrival_time}`).sort();
    expect(told).toEqual([
      `${alice.username} @ ${arrival.toISOString()}`,
      `${[alice.username, carol.username].join(', ')} @ ${arrival.toISOString()}`,
      `${[alice.username, carol.username, dave.username].join(', ')} @ ${moved.toISOString()}`,
    ].sort());

    const group = (await activeMovements(w.deps(), alice.actor)).find((m) => m.id === attack.id);
    expect(group).toMatchObject({ attack_group_id: attack.id, current_participants: 2, max_participants: w.catalogue.universe.max_participants, is_multi_party_initiator: true });

    // Erin leaves at half the original flight: 40% of it late, and only 30% of the 60% left may be added.
    const refused = await refusal(join(erin, toErin.invitation_id, now(flight / 2)));
    expect(refused.kind).toBe('BAD_REQUEST');
    expect(refused.message).toBe(tooLateSentence(flight * 0.4, Math.floor((flight * 0.6) * w.catalogue.universe.multi_party_max_delay_share), flight * 0.6, w.catalogue.universe.multi_party_max_delay_share));
    expect(refused.message).toMatch(/^Your fleet would arrive .* after the group, but a joining fleet may delay the attack by at most .* \(30% of the .* the main fleet still has to fly\)\./);
    expect((await w.row(erin.territory)).units).toEqual({ razorwing: 20 });
    expect(await movement(attack.id)).toMatchObject({ arrival_time: moved, leg: 1 });
    expect((await w.sql<{ status: string }>('select status from attack_invitations where id = ?', [toErin.invitation_id]))[0]!.status).toBe('PENDING');

    // Recalls: Carol leaves alone, then Alice breaks the group up and Erin's invitation expires.
    await recallMovement(w.deps(), carol.actor, { movement_id: carolJoins.id }, now(late * 2));
    expect(await movement(carolJoins.id)).toMatchObject({ mission: 'RETURN', original_mission: 'MULTI_PARTY_ATTACK_PARTICIPANT', attack_group_id: null });
    for (const p of [alice, dave]) expect((await notes(p, 'MULTI_PARTY_ATTACK_PARTICIPANT_RECALLED')).map((n) => n.content.attacker_username)).toEqual([carol.username]);
    expect(await movement(attack.id)).toMatchObject({ mission: 'MULTI_PARTY_ATTACK_INITIATOR', arrival_time: moved });

    const recalled = await recallMovement(w.deps(), alice.actor, { movement_id: attack.id }, now(late * 3));
    expect(recalled).toMatchObject({ mission_type: 'RETURN', arrival_time: at(late * 6).toISOString() });
    expect(await movement(daveJoins.id)).toMatchObject({ mission: 'RETURN', attack_group_id: null, arrival_time: at(late * 3 + late * 2), leg: 1 });
    expect((await jobsOf(daveJoins.id)).at(-1)).toEqual({ leg: 1, start_after: at(late * 5) });
    expect(await notes(dave, 'MULTI_PARTY_ATTACK_RECALLED_BY_INITIATOR')).toHaveLength(1);
    expect(await notes(carol, 'MULTI_PARTY_ATTACK_RECALLED_BY_INITIATOR')).toHaveLength(0);
    expect((await w.sql<{ status: string }>('select status from attack_invitations where id = ?', [toErin.invitation_id]))[0]!.status).toBe('EXPIRED');
    expect((await refusal(join(erin, toErin.invitation_id, now(late * 4)))).message).toBe(INVITATION_EXPIRED);
  });

  it('a declined invitation tells the initiator, reads as answered, and cannot be answered again', async () => {
    const { alice, carol, attack } = await scene();
    const { invitation_id } = await invite(alice, attack.id, carol);
    expect(await declineInvitation(w.deps(), carol.actor, { invitation_id }, now(1000))).toEqual({ invitation_id, status: 'DECLINED' });
    const [declined] = await notes(alice, 'MULTI_PARTY_ATTACK_INVITATION_DECLINED');
    expect(declined!.content).toMatchObject({ attacker_username: carol.username, message: expect.stringContaining(`${carol.username} declined your invitation`) });
    expect((await notes(carol, 'MULTI_PARTY_ATTACK_INVITATION_RECEIVED'))[0]!.is_read).toBe(true);
    expect((await refusal(declineInvitation(w.deps(), carol.actor, { invitation_id }, now(2000)))).message).toBe('You have already declined this invitation.');
    expect((await refusal(join(carol, invitation_id, now(2000)))).message).toBe('You have already declined this invitation.');
    // Nobody else answers it.
    expect((await refusal(declineInvitation(w.deps(), alice.actor, { invitation_id }, now(2000)))).kind).toBe('NOT_FOUND');
    // A declined player may be invited again.
    expect((await invite(alice, attack.id, carol, now(3000))).invited_username).toBe(carol.username);
  });
});

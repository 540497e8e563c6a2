import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distance, fleetSpeed, travelTime } from '@brood/game-core';
import {
  acceptInvitation, applyArrival, authenticate, blockPlayer, DELETE_MESSAGES, deleteAccount, DELETED_PLAYER, deleteMessage, GameError, hallOfFameEntry, inviteToAttack,
  listMessages, listNotifications, removeExpiredGuests, reportMessage, requestBuddy, sendFleet, sendMessage,
} from '@brood/world';
import { createPasswordHasher } from '../../apps/api/src/auth/password';
import { at, fleetWorld, freshRegion, T0, type FleetWorld, type Player } from './support/fleet-world';

/**
 * A player deletes their account (docs/privacy.md): by the one path a guest's expiry takes too, the
 * map frees their territories, the attack group they lead breaks up with notices, an ally stationed
 * with them goes home, their alliance passes on, others' reports and the Hall of Fame name them
 * 'deleted player', the audit log keeps its entries, and they cannot sign in again.
 */

let w: FleetWorld;
const hasher = createPasswordHasher();
const PASSWORD = 'leaving for good';
beforeAll(async () => {
  w = await fleetWorld();
});
afterAll(async () => {
  await w?.stop();
});

const ARMY = { razorwing: 5 };
const leave = (p: Player, password: string, when: Date) => deleteAccount({ ...w.deps(), passwords: hasher }, p.actor, { password, ip: '10.77.0.1' }, when);
const send = (p: Player, to: Player, mission: 'ATTACK' | 'STATION', units: Record<string, number>, when: Date) =>
  sendFleet(w.deps(), p.actor, { start_territory_id: p.territory, target_region: to.coords[0], target_sub_region: to.coords[1], target_position: to.coords[2], mission, units }, when);
const refusal = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a refusal'); }, (e: unknown) => { expect(e).toBeInstanceOf(GameError); return e as GameError; });
const served = (p: Player) => listNotifications(w.deps().em, p.actor, { include_read: true, limit: 200, skip: 0 });
const movement = async (id: string) => (await w.sql<{ mission: string; attack_group_id: string | null; leg: number; arrival_time: Date | null }>('select mission, attack_group_id, leg, arrival_time from movements where id = ?', [id]))[0];

describe('deleting an account', () => {
  it('frees the map, turns the group and the allies home with notices, passes the alliance on, and names the player "deleted player" for others', async () => {
    const r = freshRegion();
    const alice = await w.player({ coords: [r, 2, 3], units: { razorwing: 40 } });
    const [bob, carol, dave, erin] = await Promise.all([
      w.player({ coords: [r, 2, 4], name: 'Bastion' }),
      w.player({ coords: [r, 3, 3], units: { razorwing: 20 } }),
      w.player({ coords: [r, 1, 3], units: { hauler_grub: 2 } }),
      w.player({ coords: [r, 3, 4], units: { razorwing: 5 } }),
    ]);
    await w.sql('update users set password_hash = ? where id = ?', [await hasher.hash(PASSWORD), alice.actor.id]);
    const [alliance] = await w.sql<{ id: number }>(`insert into alliances (name, tag) values ('Leavers', 'LV${r % 100}') returning id`);
    await w.sql(`insert into alliance_members (user_id, alliance_id, rank, joined_at) values (?, ?, 'LEADER', ?), (?, ?, 'MEMBER', ?)`, [alice.actor.id, alliance!.id, T0, dave.actor.id, alliance!.id, T0]);
    await w.sql(`insert into moderation_audit (operator_name, action, target_kind, target_id, target_label, reason) values ('op', 'SUSPEND', 'player', ?, ?, 'test')`, [String(alice.actor.id), alice.username]);

    // Erin's raid on Alice: a battle both keep a report of, and a Hall of Fame entry naming Alice.
    const raid = await send(erin, alice, 'ATTACK', ARMY, T0);
    expect(await applyArrival(w.deps(), { id: raid.id, leg: 0 }, new Date(raid.arrival_time))).toBe('applied');
    const [battle] = await w.sql<{ id: string }>('select id from battles where ? = any(participant_user_ids) order by id desc limit 1', [alice.actor.id]);
    const [fame] = await w.sql<{ id: number }>(
      `insert into hall_of_fame_entries (attacker_user_id, attacker_username, defender_user_id, defender_username, outcome, total_unit_value, combat_timestamp, battle_id)
       values (?, ?, ?, ?, 'VICTORY_DEFENDER', 1, ?, ?) returning id`,
      [erin.actor.id, erin.username, alice.actor.id, alice.username, new Date(raid.arrival_time), battle!.id],
    );

    // Dave stations with Alice; Alice leads an attack on Bob that Carol joins.
    const t1 = new Date(raid.arrival_time);
    const stay = await send(dave, alice, 'STATION', { hauler_grub: 2 }, t1);
    expect(await applyArrival(w.deps(), { id: stay.id, leg: 0 }, new Date(stay.arrival_time))).toBe('applied');
    const t2 = new Date(stay.arrival_time);
    const strike = await send(alice, bob, 'ATTACK', ARMY, t2);
    const { invitation_id } = await inviteToAttack(w.deps(), alice.actor, { movement_id: strike.id, invited_user_username: carol.username }, t2);
    const joined = await acceptInvitation(w.deps(), carol.actor, { invitation_id, joining_fleet_territory_id: carol.territory, units: ARMY }, t2);
    const flight = travelTime(distance(alice.coords, bob.coords), fleetSpeed(ARMY, w.catalogue), w.catalogue.universe.universe_speed_factor) * 1000;
    const t3 = new Date(t2.getTime() + flight / 2);

    // A wrong password changes nothing.
    const wrong = await refusal(leave(alice, 'not my password', t3));
    expect([wrong.kind, wrong.message]).toEqual(['FORBIDDEN', DELETE_MESSAGES.wrongPassword]);
    expect(await w.sql('select id from users where id = ?', [alice.actor.id])).toHaveLength(1);

    await leave(alice, PASSWORD, t3);

    // The account and everything it owned are gone; its place on the map is free.
    expect(await w.sql('select id from users where id = ?', [alice.actor.id])).toEqual([]);
    expect(await w.sql('select id from territories where region = ? and sub_region = ? and position = ?', alice.coords)).toEqual([]);
    expect(await w.sql('select id from movements where user_id = ?', [alice.actor.id])).toEqual([]);
    expect((await refusal(authenticate({ em: w.deps().em, passwords: hasher, catalogue: w.catalogue }, { identifier: alice.username, password: PASSWORD, ip: '10.77.0.1' }, t3))).kind).toBe('UNAUTHORIZED');

    // The group broke up: Carol flies home, out of the group, and is told; she lands with her fleet.
    const carolsFleet = (await movement(joined.id))!;
    expect(carolsFleet).toMatchObject({ mission: 'RETURN', attack_group_id: null });
    const [calledOff] = (await served(carol)).filter((n) => n.message_type === 'MULTI_PARTY_ATTACK_RECALLED_BY_INITIATOR');
    expect(calledOff?.content).toMatchObject({ message: expect.stringContaining(DELETED_PLAYER) });
    expect(await applyArrival(w.deps(), { id: joined.id, leg: carolsFleet.leg }, new Date(carolsFleet.arrival_time!))).toBe('applied');
    expect((await w.row(carol.territory)).units).toEqual({ razorwing: 20 });

    // Dave's stationed fleet flies home, told why; Dave leads the alliance now.
    expect(await movement(stay.id)).toMatchObject({ mission: 'RETURN' });
    const [sentHome] = (await served(dave)).filter((n) => n.message_type === 'ALLIED_STATIONING_CANCELLED_BY_TARGET');
    expect(sentHome?.content).toMatchObject({ reason_failed: 'The owner of Home has left the game.' });
    expect(await w.sql('select rank from alliance_members where user_id = ?', [dave.actor.id])).toEqual([{ rank: 'LEADER' }]);

    // Others read 'deleted player' where Alice's name stood: Erin's report, every notice, the Hall of Fame.
    const report = (await served(erin)).find((n) => n.message_type === 'COMBAT_REPORT')!.content as { participant_results: { user_id: number; username: string }[]; round_details: { participant_results: { username: string }[] }[] };
    expect(report.participant_results.map((p) => p.username).sort()).toEqual([DELETED_PLAYER, erin.username].sort());
    expect(report.round_details.flatMap((d) => d.participant_results.map((p) => p.username))).toContain(DELETED_PLAYER);
    for (const other of [bob, carol, dave, erin]) expect(JSON.stringify(await served(other))).not.toContain(alice.username);
    const entry = await hallOfFameEntry(w.deps().em, fame!.id);
    expect([entry.attacker_username, entry.defender_username]).toEqual([erin.username, DELETED_PLAYER]);
    expect(JSON.stringify(entry.combat_log_data)).not.toContain(alice.username);

    // The operators' audit log keeps its entry about her.
    expect(await w.sql('select target_label from moderation_audit where target_id = ?', [String(alice.actor.id)])).toEqual([{ target_label: alice.username }]);
  });

  it('leaves the other side their messages, from and to "deleted player"; buddies and blocks go; a report keeps its copied text', async () => {
    const r = freshRegion();
    const [gus, hal, ivy] = await Promise.all([w.player({ coords: [r, 1, 1] }), w.player({ coords: [r, 1, 2] }), w.player({ coords: [r, 1, 3] })]);
    const ids = [gus, hal, ivy].map((p) => p.actor.id);
    await w.sql(`update users set created_at = ?, password_hash = ? where id = ?`, [new Date(T0.getTime() - 30 * 86_400_000), await hasher.hash(PASSWORD), gus.actor.id]);
    await w.sql(`update users set created_at = ? where id in (?, ?)`, [new Date(T0.getTime() - 30 * 86_400_000), hal.actor.id, ivy.actor.id]);
    const write = (from: Player, to: Player, subject: string) => sendMessage(w.deps(), from.actor, { recipient_username: to.username, subject, body: `${subject}: the text` }, T0);
    const rude = await write(gus, hal, 'rude');
    await write(hal, gus, 'reply');
    const binned = await write(ivy, gus, 'ivy to gus, deleted by ivy');
    await deleteMessage(w.deps(), ivy.actor, { id: binned.id });
    await reportMessage(w.deps(), hal.actor, { id: rude.id }, T0);
    await blockPlayer(w.deps(), hal.actor, { id: gus.actor.id }, T0);
    await blockPlayer(w.deps(), gus.actor, { id: ivy.actor.id }, T0);
    await requestBuddy(w.deps(), gus.actor, { username: ivy.username }, T0);

    await leave(gus, PASSWORD, T0);
    const folder = (p: Player, f: 'inbox' | 'sent') => listMessages(w.deps().em, p.actor, { folder: f, skip: 0, limit: 50 });
    expect((await folder(hal, 'inbox')).messages).toEqual([expect.objectContaining({ subject: 'rude', body: 'rude: the text', sender_id: null, sender_username: DELETED_PLAYER })]);
    expect((await folder(hal, 'sent')).messages).toEqual([expect.objectContaining({ subject: 'reply', recipient_id: null, recipient_username: DELETED_PLAYER })]);
    expect((await folder(ivy, 'sent')).messages).toEqual([]);
    // Nobody keeps Ivy's deleted message to Gus: it is gone, not left behind.
    expect(await w.sql('select id from messages where id = ?', [binned.id])).toEqual([]);
    const left = (table: string, a: string, b: string) => w.sql(`select 1 from ${table} where ${a} = any(string_to_array(?, ',')::int[]) or ${b} = any(string_to_array(?, ',')::int[])`, [ids.join(), ids.join()]);
    expect(await left('player_blocks', 'blocker_id', 'blocked_id')).toEqual([]);
    expect(await left('buddies', 'requester_id', 'addressee_id')).toEqual([]);
    const [report] = await w.sql<Record<string, unknown>>('select reported_id, reported_username, subject, body, message_id from message_reports where reporter_id = ?', [hal.actor.id]);
    expect(report).toEqual({ reported_id: null, reported_username: gus.username, subject: 'rude', body: 'rude: the text', message_id: String(rude.id) });
  });

  it('a guest past its expiry goes by the same path: an ally stationed with it is sent home', async () => {
    const r = freshRegion();
    const guest = await w.player({ coords: [r, 2, 3] });
    const ally = await w.player({ coords: [r, 1, 3], units: { hauler_grub: 1 } });
    const [alliance] = await w.sql<{ id: number }>(`insert into alliances (name, tag) values ('Guests', 'GU${r % 100}') returning id`);
    await w.sql(`insert into alliance_members (user_id, alliance_id, rank, joined_at) values (?, ?, 'LEADER', ?), (?, ?, 'MEMBER', ?)`, [guest.actor.id, alliance!.id, T0, ally.actor.id, alliance!.id, T0]);
    const stay = await send(ally, guest, 'STATION', { hauler_grub: 1 }, T0);
    await w.sql(`update users set is_test_account = true, expires_at = ? where id = ?`, [at(1000), guest.actor.id]);
    expect(await removeExpiredGuests(w.deps(), at(2000))).toContain(guest.actor.id);
    expect(await movement(stay.id)).toMatchObject({ mission: 'RETURN' });
    expect(await w.sql('select rank from alliance_members where user_id = ?', [ally.actor.id])).toEqual([{ rank: 'LEADER' }]);
  });

  it('a guest cannot delete itself with a password it never had: it is told to claim the account first', async () => {
    const guest = await w.player();
    await w.sql(`update users set is_test_account = true, expires_at = ? where id = ?`, [at(86_400_000), guest.actor.id]);
    expect((await refusal(leave(guest, PASSWORD, T0))).message).toBe(DELETE_MESSAGES.guest);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { completeQueueItem, removeExpiredGuests, type AllianceDetailView, type AllianceView, type ApplicationView } from '@brood/world';
import { useTestApi } from './support/test-api';
import { callApi, listenToEvents, makePlayer, type Player } from './support/players';
import { waitFor } from './realtime-helpers';

const ctx = useTestApi();

type AllianceBody = AllianceView & { members?: AllianceDetailView['members'] };
type ApplicationBody = ApplicationView;

let events: Awaited<ReturnType<typeof listenToEvents>> = [];
beforeAll(async () => {
  events = await listenToEvents(ctx);
});

const found = (who: Player, body: object) => callApi<AllianceBody>(ctx, 'POST', '/api/v1/alliances', who, body);
const me = async (who: Player) => (await callApi<{ alliance_membership: unknown }>(ctx, 'GET', '/api/v1/users/me', who)).body.alliance_membership;

/** Events sent to `who` since `from` (NOTIFY arrives shortly after the commit). */
async function eventsFor(who: Player, from: number, expected: number) {
  await waitFor(`${expected} events for ${who.name}`, () => events.slice(from).filter((e) => e.user_id === who.id).length >= expected);
  return events.slice(from).filter((e) => e.user_id === who.id).map((e) => ({ event: e.event, data: e.data }));
}

describe('founding and browsing alliances', () => {
  it('founds an alliance led by its founder, with the tag upper-cased, and shows it on /users/me', async () => {
    const ana = await makePlayer(ctx, 'al_ana');
    expect(await me(ana)).toBeNull();
    const res = await found(ana, { name: '  Hive Mind ', tag: 'hv1', description: 'We swarm.' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Hive Mind', tag: 'HV1', description: 'We swarm.', leader_id: ana.id, leader_username: 'al_ana', member_count: 1, slots_max: 20, recruitment_type: 'APPLICATION' });
    expect(res.body.members).toEqual([{ user_id: ana.id, username: 'al_ana', rank: 'LEADER', joined_at: expect.any(String) }]);
    expect(await me(ana)).toEqual({ alliance_id: res.body.id, alliance_name: 'Hive Mind', alliance_tag: 'HV1', rank: 'LEADER', joined_at: expect.any(String) });
    expect(await found(ana, { name: 'Second', tag: 'SEC' })).toEqual({ status: 409, body: { detail: 'You are already in an alliance.' } });
    const bo = await makePlayer(ctx, 'al_bo');
    expect(await found(bo, { name: 'hive mind', tag: 'NEW' })).toEqual({ status: 409, body: { detail: 'An alliance with this name or tag already exists.' } });
    expect(await found(bo, { name: 'Other', tag: 'hv1' })).toEqual({ status: 409, body: { detail: 'An alliance with this name or tag already exists.' } });
    expect(await me(bo)).toBeNull();
  });

  it('refuses bad names, tags and descriptions with the spec sentences', async () => {
    const cy = await makePlayer(ctx, 'al_cy');
    const refusals: [object, string][] = [
      [{ tag: 'ABC' }, 'Alliance Name and Tag are required.'],
      [{ name: 'Name', tag: ' ' }, 'Alliance Name and Tag are required.'],
      [{ name: 'ab', tag: 'ABC' }, 'Alliance name must be 3 to 50 characters.'],
      [{ name: 'x'.repeat(51), tag: 'ABC' }, 'Alliance name must be 3 to 50 characters.'],
      [{ name: 'Fine', tag: 'AB' }, 'Alliance tag must be 3 to 5 characters: letters A-Z and digits 0-9 only.'],
      [{ name: 'Fine', tag: 'ABCDEF' }, 'Alliance tag must be 3 to 5 characters: letters A-Z and digits 0-9 only.'],
      [{ name: 'Fine', tag: 'A-B' }, 'Alliance tag must be 3 to 5 characters: letters A-Z and digits 0-9 only.'],
      [{ name: 'Fine', tag: 'ABC', description: 'd'.repeat(501) }, 'Description must be at most 500 characters.'],
    ];
    for (const [body, detail] of refusals) expect(await found(cy, body)).toEqual({ status: 422, body: { detail } });
    expect((await found(cy, { name: 42, tag: 'ABC' })).status).toBe(422);
    expect((await callApi(ctx, 'POST', '/api/v1/alliances', undefined, { name: 'Anon', tag: 'ANON' })).status).toBe(401);
  });

  it('lists ten by name by default, pages with skip and limit, searches name or tag, and finds one by id', async () => {
    for (let i = 0; i < 12; i += 1) await found(await makePlayer(ctx, `al_lead${i}`), { name: `Zeta ${String(i).padStart(2, '0')}`, tag: `ZT${i}` });
    const viewer = await makePlayer(ctx, 'al_viewer');
    const zetas = await callApi<AllianceBody[]>(ctx, 'GET', '/api/v1/alliances?search=zeta', viewer);
    expect(zetas.body.map((a) => a.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Zeta ${String(i).padStart(2, '0')}`));
    const next = await callApi<AllianceBody[]>(ctx, 'GET', '/api/v1/alliances?search=zeta&skip=10&limit=10', viewer);
    expect(next.body.map((a) => a.name)).toEqual(['Zeta 10', 'Zeta 11']);
    expect((await callApi<AllianceBody[]>(ctx, 'GET', '/api/v1/alliances?search=zt1', viewer)).body.map((a) => a.tag)).toEqual(['ZT1', 'ZT10', 'ZT11']);
    expect((await callApi<AllianceBody[]>(ctx, 'GET', '/api/v1/alliances?search=%25', viewer)).body).toEqual([]);
    expect((await callApi(ctx, 'GET', '/api/v1/alliances?limit=101', viewer)).status).toBe(422);
    const one = await callApi<AllianceBody>(ctx, 'GET', `/api/v1/alliances/${zetas.body[0]!.id}`, viewer);
    expect(one.body).toMatchObject({ name: 'Zeta 00', member_count: 1, members: [{ rank: 'LEADER', username: 'al_lead0' }] });
    expect(await callApi(ctx, 'GET', '/api/v1/alliances/999999', viewer)).toEqual({ status: 404, body: { detail: 'Alliance not found.' } });
    expect((await callApi(ctx, 'GET', '/api/v1/alliances')).status).toBe(401);
  });
});

describe('applications', () => {
  it('apply, see it as leader or officer, accept into MEMBER; every refusal on the way; events to those concerned', async () => {
    const [lea, off, mem, eve, fox] = await Promise.all(['ap_lea', 'ap_off', 'ap_mem', 'ap_eve', 'ap_fox'].map((n) => makePlayer(ctx, n)));
    const alliance = (await found(lea!, { name: 'Applicants Inc', tag: 'APP' })).body;
    await ctx.sql.query(`insert into alliance_members (user_id, alliance_id, rank) values ($1, $3, 'OFFICER'), ($2, $3, 'MEMBER')`, [off!.id, mem!.id, alliance.id]);
    const apply = (who: Player, message?: string) => callApi<ApplicationBody>(ctx, 'POST', `/api/v1/alliances/${alliance.id}/applications`, who, message === undefined ? {} : { message });
    expect(await apply(eve!, 'x'.repeat(251))).toEqual({ status: 422, body: { detail: 'Application message must be at most 250 characters.' } });
    const mark = events.length;
    const sent = await apply(eve!, ' Let me in ');
    expect(sent).toEqual({ status: 201, body: { id: expect.any(Number), user_id: eve!.id, username: 'ap_eve', alliance_id: alliance.id, alliance_name: 'Applicants Inc', alliance_tag: 'APP', message: 'Let me in', status: 'PENDING', created_at: expect.any(String) } });
    const received = { event: 'ALLIANCE_APPLICATION_RECEIVED', data: { alliance_id: alliance.id, alliance_name: 'Applicants Inc', username: 'ap_eve' } };
    expect(await eventsFor(lea!, mark, 1)).toEqual([received]);
    expect(await eventsFor(off!, mark, 1)).toEqual([received]);
    expect(events.slice(mark).filter((e) => e.user_id === mem!.id)).toEqual([]);
    expect(await apply(eve!)).toEqual({ status: 409, body: { detail: 'You already have a pending application to this alliance.' } });
    expect(await apply(mem!)).toEqual({ status: 409, body: { detail: 'You are already a member of this alliance.' } });
    expect(await apply(lea!)).toEqual({ status: 409, body: { detail: 'You are already a member of this alliance.' } });
    expect((await callApi(ctx, 'POST', '/api/v1/alliances/999999/applications', fox!, {})).status).toBe(404);
    const foxApp = (await apply(fox!)).body;

    const pending = await callApi<ApplicationBody[]>(ctx, 'GET', `/api/v1/alliances/${alliance.id}/applications`, off!);
    expect(pending.body.map((a) => a.username)).toEqual(['ap_eve', 'ap_fox']);
    const decide = (who: Player, id: number, status: string) => callApi<ApplicationBody>(ctx, 'PUT', `/api/v1/alliances/applications/${id}`, who, { status });
    expect(await decide(mem!, sent.body.id, 'accepted')).toEqual({ status: 403, body: { detail: 'Only the leader or an officer can manage applications.' } });
    expect(await decide(fox!, sent.body.id, 'accepted')).toEqual({ status: 403, body: { detail: 'You are not a member of this alliance.' } });
    expect(await decide(off!, 999999, 'accepted')).toEqual({ status: 404, body: { detail: 'Application not found.' } });
    expect((await decide(off!, sent.body.id, 'maybe')).status).toBe(422);
    const before = events.length;
    expect(await decide(off!, sent.body.id, 'accepted')).toMatchObject({ status: 200, body: { status: 'ACCEPTED', username: 'ap_eve' } });
    const joined = { alliance_id: alliance.id, alliance_name: 'Applicants Inc', username: 'ap_eve' };
    expect(await eventsFor(eve!, before, 1)).toEqual([{ event: 'ALLIANCE_APPLICATION_ACCEPTED', data: joined }]);
    for (const p of [lea!, off!, mem!]) expect(await eventsFor(p, before, 1)).toEqual([{ event: 'ALLIANCE_MEMBER_JOINED', data: { ...joined, rank: 'MEMBER' } }]);
    expect(await me(eve!)).toMatchObject({ alliance_id: alliance.id, rank: 'MEMBER' });
    expect(await decide(lea!, sent.body.id, 'rejected')).toEqual({ status: 409, body: { detail: 'This application has already been decided.' } });

    const rejectedAt = events.length;
    expect(await decide(lea!, foxApp.id, 'REJECTED')).toMatchObject({ status: 200, body: { status: 'REJECTED' } });
    expect(await eventsFor(fox!, rejectedAt, 1)).toEqual([{ event: 'ALLIANCE_APPLICATION_REJECTED', data: { alliance_id: alliance.id, alliance_name: 'Applicants Inc', username: 'ap_fox' } }]);
    expect((await callApi<ApplicationBody[]>(ctx, 'GET', `/api/v1/alliances/${alliance.id}/applications`, lea!)).body).toEqual([]);
    expect(await me(fox!)).toBeNull();
  });

  it('refuses to accept a player who joined another alliance meanwhile, and to fill a full alliance', async () => {
    const [lead, other, gus, hal] = await Promise.all(['fu_lead', 'fu_other', 'fu_gus', 'fu_hal'].map((n) => makePlayer(ctx, n)));
    const alliance = (await found(lead!, { name: 'Full House', tag: 'FULL' })).body;
    const gusApp = (await callApi<ApplicationBody>(ctx, 'POST', `/api/v1/alliances/${alliance.id}/applications`, gus!, {})).body;
    const halApp = (await callApi<ApplicationBody>(ctx, 'POST', `/api/v1/alliances/${alliance.id}/applications`, hal!, {})).body;
    const elsewhere = (await found(other!, { name: 'Elsewhere', tag: 'ELSE' })).body;
    await ctx.sql.query(`insert into alliance_members (user_id, alliance_id, rank) values ($1, $2, 'MEMBER')`, [gus!.id, elsewhere.id]);
    expect(await callApi(ctx, 'PUT', `/api/v1/alliances/applications/${gusApp.id}`, lead!, { status: 'accepted' })).toEqual({ status: 409, body: { detail: 'This player is already in an alliance.' } });
    expect(await callApi(ctx, 'POST', `/api/v1/alliances/${alliance.id}/applications`, gus!, {})).toEqual({ status: 409, body: { detail: 'You are already in an alliance.' } });

    const fillers: number[] = [];
    for (let i = 0; i < 19; i += 1) fillers.push((await makePlayer(ctx, `fu_fill${i}`)).id);
    await ctx.sql.query(`insert into alliance_members (user_id, alliance_id, rank) select unnest($1::int[]), $2, 'MEMBER'`, [fillers, alliance.id]);
    expect((await callApi<AllianceBody>(ctx, 'GET', `/api/v1/alliances/${alliance.id}`, lead!)).body).toMatchObject({ member_count: 20, slots_max: 20 });
    expect(await callApi(ctx, 'PUT', `/api/v1/alliances/applications/${halApp.id}`, lead!, { status: 'accepted' })).toEqual({ status: 409, body: { detail: 'This alliance is full.' } });
    const ivy = await makePlayer(ctx, 'fu_ivy');
    expect(await callApi(ctx, 'POST', `/api/v1/alliances/${alliance.id}/applications`, ivy, {})).toEqual({ status: 409, body: { detail: 'This alliance is full.' } });

    // The leader's alliance_slots research (Kinship Bonds, +1 a level) opens two more slots.
    await ctx.sql.query(
      `insert into queue_items (id, kind, user_id, item_key, target_level, start_time, end_time) values (gen_random_uuid(), 'research', $1, 'kinship_bonds', 2, now() - interval '2 hours', now() - interval '1 hour')`,
      [lead!.id],
    );
    expect((await callApi<AllianceBody>(ctx, 'GET', `/api/v1/alliances/${alliance.id}`, lead!)).body).toMatchObject({ member_count: 20, slots_max: 22 });
    expect(await callApi(ctx, 'PUT', `/api/v1/alliances/applications/${halApp.id}`, lead!, { status: 'accepted' })).toMatchObject({ status: 200 });
  });
});

describe('leaving, kicking, ranks, transfer and disbanding tell the members', () => {
  it('sends each change to the members concerned and clears memberships', async () => {
    const [lea, off, mem, out] = await Promise.all(['ev_lea', 'ev_off', 'ev_mem', 'ev_out'].map((n) => makePlayer(ctx, n)));
    const alliance = (await found(lea!, { name: 'Event Horizon', tag: 'EVH' })).body;
    await ctx.sql.query(`insert into alliance_members (user_id, alliance_id, rank) values ($1, $4, 'MEMBER'), ($2, $4, 'MEMBER'), ($3, $4, 'MEMBER')`, [off!.id, mem!.id, out!.id, alliance.id]);
    const base = { alliance_id: alliance.id, alliance_name: 'Event Horizon' };

    let mark = events.length;
    await callApi(ctx, 'PUT', `/api/v1/alliances/members/${off!.id}/rank`, lea!, { rank: 'OFFICER' });
    for (const p of [lea!, off!, mem!, out!]) expect(await eventsFor(p, mark, 1)).toEqual([{ event: 'ALLIANCE_RANK_CHANGED', data: { ...base, username: 'ev_off', rank: 'OFFICER' } }]);

    mark = events.length;
    await callApi(ctx, 'POST', `/api/v1/alliances/members/${out!.id}/kick`, off!);
    for (const p of [lea!, off!, mem!, out!]) expect(await eventsFor(p, mark, 1)).toEqual([{ event: 'ALLIANCE_MEMBER_KICKED', data: { ...base, username: 'ev_out' } }]);
    expect(await me(out!)).toBeNull();

    mark = events.length;
    expect(await callApi(ctx, 'POST', `/api/v1/alliances/transfer-leadership/${off!.id}`, lea!)).toEqual({ status: 200, body: { leader_id: off!.id, leader_username: 'ev_off' } });
    for (const p of [lea!, off!, mem!]) expect(await eventsFor(p, mark, 1)).toEqual([{ event: 'ALLIANCE_LEADERSHIP_CHANGED', data: { ...base, username: 'ev_off', rank: 'LEADER' } }]);
    expect(await me(lea!)).toMatchObject({ rank: 'OFFICER' });

    mark = events.length;
    await callApi(ctx, 'POST', '/api/v1/alliances/leave', mem!);
    for (const p of [lea!, off!]) expect(await eventsFor(p, mark, 1)).toEqual([{ event: 'ALLIANCE_MEMBER_LEFT', data: { ...base, username: 'ev_mem' } }]);
    // 'A member left your alliance.' is for those who stay: the one who left hears nothing (published with the others').
    expect(events.slice(mark).filter((e) => e.user_id === mem!.id)).toEqual([]);

    mark = events.length;
    expect(await callApi(ctx, 'DELETE', `/api/v1/alliances/${alliance.id}`, lea!)).toEqual({ status: 403, body: { detail: 'Only the leader can disband the alliance.' } });
    expect(await callApi(ctx, 'DELETE', `/api/v1/alliances/${alliance.id}`, off!)).toEqual({ status: 200, body: { message: 'Alliance disbanded.' } });
    for (const p of [lea!, off!]) expect(await eventsFor(p, mark, 1)).toEqual([{ event: 'ALLIANCE_DISBANDED', data: base }]);
    expect(await me(lea!)).toBeNull();
    expect(await me(off!)).toBeNull();
    expect(await callApi(ctx, 'GET', `/api/v1/alliances/${alliance.id}`, lea!)).toEqual({ status: 404, body: { detail: 'Alliance not found.' } });
  });
});

describe('alliance slots', () => {
  it('tell every member when the leader’s research changes them, and nobody for research that does not', async () => {
    const [lead, off, mem] = await Promise.all(['sl_lead', 'sl_off', 'sl_mem'].map((n) => makePlayer(ctx, n)));
    const alliance = (await found(lead!, { name: 'Slot Machine', tag: 'SLOT' })).body;
    await ctx.sql.query(`insert into alliance_members (user_id, alliance_id, rank) values ($1, $3, 'OFFICER'), ($2, $3, 'MEMBER')`, [off!.id, mem!.id, alliance.id]);
    const deps = () => ({ em: ctx.api.db.orm.em.fork(), catalogue: ctx.api.deps.catalogue, boss: ctx.api.deps.boss });
    /** A research item of `who` that ended a minute ago, completed by the worker's command. */
    const researched = async (who: Player, techKey: string) => {
      const { rows } = await ctx.sql.query<{ id: string; end_time: Date }>(
        `insert into queue_items (id, kind, user_id, item_key, target_level, start_time, end_time)
         values (gen_random_uuid(), 'research', $1, $2, 1, now() - interval '1 hour', now() - interval '1 minute') returning id, end_time`,
        [who.id, techKey],
      );
      expect(await completeQueueItem(deps(), rows[0]!.id, new Date())).toBe('completed');
    };
    const allianceEvents = (who: Player, from: number) => events.slice(from).filter((e) => e.user_id === who.id && e.event.startsWith('ALLIANCE_')).map((e) => ({ event: e.event, data: e.data }));

    const mark = events.length;
    // A member's own Kinship Bonds and the leader's other research leave the slots as they are.
    await researched(mem!, 'kinship_bonds');
    await researched(lead!, 'photosynthetic_weave');
    await researched(lead!, 'kinship_bonds');
    const changed = { event: 'ALLIANCE_SLOTS_CHANGED', data: { alliance_id: alliance.id, alliance_name: 'Slot Machine' } };
    for (const p of [lead!, off!, mem!]) {
      await waitFor(`the slots event for ${p.name}`, () => allianceEvents(p, mark).length >= 1);
      expect(allianceEvents(p, mark)).toEqual([changed]);
    }
    expect((await callApi<AllianceBody>(ctx, 'GET', `/api/v1/alliances/${alliance.id}`, mem!)).body).toMatchObject({ member_count: 3, slots_max: 21 });
  });

  it('follow the successor of a removed guest leader, and the members hear of both changes', async () => {
    const [guest, off, mem] = await Promise.all(['sg_guest', 'sg_off', 'sg_mem'].map((n) => makePlayer(ctx, n)));
    const alliance = (await found(guest!, { name: 'Guest House', tag: 'GSTH' })).body;
    await ctx.sql.query(`insert into alliance_members (user_id, alliance_id, rank) values ($1, $3, 'OFFICER'), ($2, $3, 'MEMBER')`, [off!.id, mem!.id, alliance.id]);
    // The officer who takes over has researched Kinship Bonds: one slot more than under the guest.
    await ctx.sql.query(
      `insert into queue_items (id, kind, user_id, item_key, target_level, start_time, end_time) values (gen_random_uuid(), 'research', $1, 'kinship_bonds', 1, now() - interval '2 hours', now() - interval '1 hour')`,
      [off!.id],
    );
    await ctx.sql.query(`update users set is_test_account = true, expires_at = now() - interval '1 minute' where id = $1`, [guest!.id]);
    const mark = events.length;
    expect(await removeExpiredGuests({ em: ctx.api.db.orm.em.fork(), catalogue: ctx.api.deps.catalogue, boss: ctx.api.deps.boss }, new Date())).toContain(guest!.id);
    const base = { alliance_id: alliance.id, alliance_name: 'Guest House' };
    for (const p of [off!, mem!]) {
      expect(await eventsFor(p, mark, 2)).toEqual([
        { event: 'ALLIANCE_LEADERSHIP_CHANGED', data: { ...base, username: 'sg_off', rank: 'LEADER' } },
        { event: 'ALLIANCE_SLOTS_CHANGED', data: base },
      ]);
    }
    expect((await callApi<AllianceBody>(ctx, 'GET', `/api/v1/alliances/${alliance.id}`, mem!)).body).toMatchObject({ leader_id: off!.id, member_count: 2, slots_max: 21 });
  });
});

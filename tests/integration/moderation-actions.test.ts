import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addHallOfFameEntry, applyArrival, setOperatorRole } from '@brood/world';
import { attachRealtime, SUSPENDED_CLOSE_CODE, type Realtime } from '../../apps/api/src/realtime/hub';
import { useTestApi } from './support/test-api';
import { makePlayer, listenToEvents } from './support/players';
import { makeOperator, signUp, trpc, type SignedUp } from './support/moderation';
import { openSocket, refusal, waitFor } from './realtime-helpers';

/** Every action of the moderation console: its effect, its refusals, and its entry in the append-only audit log. */

const ctx = useTestApi();
let realtime: Realtime;
let base: string;
let op: SignedUp;

beforeAll(async () => {
  realtime = await attachRealtime(ctx.api.app, ctx.api.deps);
  await ctx.api.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.api.app.server.address() as AddressInfo).port}`;
  op = await signUp(ctx, 'act_operator', '10.8.0.1');
  await makeOperator(ctx, op);
});
afterAll(async () => {
  await realtime?.close();
});

const audit = async () => (await trpc<{ action: string; operator_name: string; target_id: string; target_label: string; reason: string; details: Record<string, unknown> }[]>(ctx, op, 'admin.auditLog', {})).data;

describe('suspend and unsuspend', () => {
  it('stops the token at once, sends the open page away, refuses sign-in, keeps the fleets flying; unsuspend lets them back', async () => {
    const sam = await signUp(ctx, 'act_sam', '10.8.0.2');
    const host = await signUp(ctx, 'act_host', '10.8.0.3');
    await ctx.sql.query(`update territories set units = '{"hauler_grub": 2}', resources = '{"fiber": 50000, "crystal": 50000, "biomass": 50000}' where id = $1`, [sam.territory]);
    const sent = await ctx.api.app.inject({
      method: 'POST', url: '/api/v1/movements', headers: sam.headers,
      payload: { start_territory_id: sam.territory, target_region: host.coords[0], target_sub_region: host.coords[1], target_position: host.coords[2], mission: 'TRANSPORT', units: { hauler_grub: 2 }, resources: { fiber: 1000 } },
    });
    expect(sent.statusCode).toBe(201);
    const fleet = sent.json() as { id: string; arrival_time: string };
    const socket = await openSocket(base, sam.headers.authorization.slice(7));
    const events = await listenToEvents(ctx);

    expect(await trpc(ctx, op, 'admin.suspend', { user_id: sam.id, reason: '  ' })).toMatchObject({ status: 422, message: 'A reason of 1 to 500 characters is required.' });
    expect(await trpc(ctx, op, 'admin.suspend', { user_id: 999_999, reason: 'bots' })).toMatchObject({ status: 404, message: 'Player not found.' });
    expect(await trpc(ctx, op, 'admin.suspend', { user_id: op.id, reason: 'bots' })).toMatchObject({ status: 400, message: 'You cannot suspend yourself.' });
    expect(await trpc(ctx, op, 'admin.suspend', { user_id: sam.id, reason: 'Scripted farming' })).toMatchObject({ status: 200 });

    // The open page hears why and its socket is closed by the server; the token is refused on the next call.
    await waitFor('the suspension event', () => socket.events().some((e) => e.event === 'ACCOUNT_SUSPENDED'));
    expect(socket.events().find((e) => e.event === 'ACCOUNT_SUSPENDED')!.data).toEqual({ reason: 'Scripted farming' });
    expect((await socket.closed).code).toBe(SUSPENDED_CLOSE_CODE);
    // The test's own LISTEN connection hears the same NOTIFY, in its own time: the socket hearing it first proves nothing about it.
    await waitFor('the suspension notify', () => events.some((e) => e.event === 'ACCOUNT_SUSPENDED'));
    expect(events.filter((e) => e.event === 'ACCOUNT_SUSPENDED')).toEqual([{ user_id: sam.id, event: 'ACCOUNT_SUSPENDED', data: { reason: 'Scripted farming' } }]);
    const me = await ctx.api.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: sam.headers });
    expect({ status: me.statusCode, body: me.json() }).toEqual({ status: 401, body: { detail: 'Your account is suspended.' } });
    expect(await refusal(base, `?token=${sam.headers.authorization.slice(7)}`)).toEqual({ status: 401, body: JSON.stringify({ detail: 'Your account is suspended.' }) });
    const login = await ctx.api.app.inject({
      method: 'POST', url: '/api/v1/auth/token', remoteAddress: '10.8.0.2',
      payload: new URLSearchParams({ username: 'act_sam', password: 'spawning-pools' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect({ status: login.statusCode, body: login.json() }).toEqual({ status: 403, body: { detail: 'Your account is suspended. Reason: Scripted farming' } });
    expect(await trpc(ctx, op, 'admin.suspend', { user_id: sam.id, reason: 'again' })).toMatchObject({ status: 409, message: 'This player is already suspended.' });

    // Their fleet still arrives and delivers.
    const deps = { em: ctx.api.deps.orm.em.fork(), catalogue: ctx.api.deps.catalogue, boss: ctx.api.deps.boss };
    expect(await applyArrival(deps, { id: fleet.id, leg: 0 }, new Date(fleet.arrival_time))).toBe('applied');
    const { rows } = await ctx.sql.query<{ mission: string }>('select mission from movements where id = $1', [fleet.id]);
    expect(rows).toEqual([{ mission: 'RETURN' }]);

    expect(await trpc(ctx, op, 'admin.unsuspend', { user_id: sam.id, reason: 'Appeal accepted' })).toMatchObject({ status: 200 });
    expect((await ctx.api.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: sam.headers })).statusCode).toBe(200);
    expect(await trpc(ctx, op, 'admin.unsuspend', { user_id: sam.id, reason: 'again' })).toMatchObject({ status: 409, message: 'This player is not suspended.' });
    const log = await audit();
    expect(log.slice(0, 2)).toMatchObject([
      { action: 'UNSUSPEND', operator_name: 'act_operator', target_id: String(sam.id), target_label: 'act_sam', reason: 'Appeal accepted' },
      { action: 'SUSPEND', operator_name: 'act_operator', target_id: String(sam.id), target_label: 'act_sam', reason: 'Scripted farming' },
    ]);
  });

  it('refuses to suspend an operator', async () => {
    const other = await makePlayer(ctx, 'act_other_op');
    await ctx.sql.query('update users set is_operator = true where id = $1', [other.id]);
    expect(await trpc(ctx, op, 'admin.suspend', { user_id: other.id, reason: 'x' })).toMatchObject({ status: 400, message: 'Operators cannot be suspended; revoke the role from the command line first.' });
  });
});

describe('renames', () => {
  it('renames an offensive territory and tells its owner', async () => {
    const owner = await signUp(ctx, 'act_owner', '10.8.0.4');
    expect(await trpc(ctx, op, 'admin.renameTerritory', { territory_id: owner.territory, name: '   ', reason: 'slur' })).toMatchObject({ status: 422 });
    expect(await trpc(ctx, op, 'admin.renameTerritory', { territory_id: 999_999, name: 'Hive', reason: 'slur' })).toMatchObject({ status: 404, message: 'Territory not found.' });
    expect(await trpc(ctx, op, 'admin.renameTerritory', { territory_id: owner.territory, name: ' Quiet Hive ', reason: 'Offensive name' })).toMatchObject({ status: 200, data: { id: owner.territory, name: 'Quiet Hive' } });
    const { rows } = await ctx.sql.query('select name from territories where id = $1', [owner.territory]);
    expect(rows).toEqual([{ name: 'Quiet Hive' }]);
    const { rows: notes } = await ctx.sql.query('select message_type, content from notifications where user_id = $1 and related_object_id = $2', [owner.id, String(owner.territory)]);
    expect(notes).toMatchObject([{ message_type: 'GENERIC_INFORMATION', content: { details: 'Offensive name' } }]);
    expect((await audit())[0]).toMatchObject({ action: 'RENAME_TERRITORY', target_label: 'Quiet Hive', reason: 'Offensive name', details: { to: 'Quiet Hive' } });
  });

  it('renames an offensive alliance (name and tag) and tells every member', async () => {
    const leader = await signUp(ctx, 'act_leader', '10.8.0.5');
    const founded = await ctx.api.app.inject({ method: 'POST', url: '/api/v1/alliances', headers: leader.headers, payload: { name: 'Rude Name', tag: 'RUDE' } });
    expect(founded.statusCode).toBe(201);
    const alliance = founded.json() as { id: number };
    await ctx.api.app.inject({ method: 'POST', url: '/api/v1/alliances', headers: op.headers, payload: { name: 'Taken Name', tag: 'TAKEN' } });
    expect(await trpc(ctx, op, 'admin.renameAlliance', { alliance_id: alliance.id, name: 'Taken Name', tag: 'CALM', reason: 'x' })).toMatchObject({ status: 409, message: 'An alliance with this name or tag already exists.' });
    expect(await trpc(ctx, op, 'admin.renameAlliance', { alliance_id: alliance.id, name: 'Calm', tag: 'c!', reason: 'x' })).toMatchObject({ status: 422 });
    expect(await trpc(ctx, op, 'admin.renameAlliance', { alliance_id: alliance.id, name: 'Calm Swarm', tag: 'calm', reason: 'Offensive name' })).toMatchObject({ status: 200, data: { name: 'Calm Swarm', tag: 'CALM' } });
    const { rows } = await ctx.sql.query('select name, tag from alliances where id = $1', [alliance.id]);
    expect(rows).toEqual([{ name: 'Calm Swarm', tag: 'CALM' }]);
    const { rows: notes } = await ctx.sql.query('select title from notifications where user_id = $1 and message_type = $2', [leader.id, 'GENERIC_INFORMATION']);
    expect(notes).toEqual([{ title: 'An operator renamed your alliance [RUDE] Rude Name to [CALM] Calm Swarm' }]);
    expect((await audit())[0]).toMatchObject({ action: 'RENAME_ALLIANCE', target_label: '[CALM] Calm Swarm', details: { from: '[RUDE] Rude Name' } });
  });
});

describe('Hall of Fame comments', () => {
  it('deletes a comment, keeping its text in the audit entry', async () => {
    const writer = await signUp(ctx, 'act_writer', '10.8.0.6');
    const entry = await ctx.api.deps.orm.em.fork().transactional((em) =>
      addHallOfFameEntry(em, { attacker_user_id: null, attacker_username: 'a', defender_user_id: null, defender_username: 'd', outcome: 'DRAW', total_unit_value: 1, combat_timestamp: new Date(), combat_log_data: {} }),
    );
    const posted = await ctx.api.app.inject({ method: 'POST', url: `/api/v1/halloffame/entries/${entry}/comments`, headers: writer.headers, payload: { comment_text: 'something vile' } });
    const comment = posted.json() as { id: number };
    expect(await trpc(ctx, op, 'admin.deleteComment', { comment_id: comment.id, reason: '' })).toMatchObject({ status: 422 });
    expect(await trpc(ctx, op, 'admin.deleteComment', { comment_id: comment.id, reason: 'Harassment' })).toMatchObject({ status: 200, data: { id: comment.id } });
    expect(await trpc(ctx, op, 'admin.deleteComment', { comment_id: comment.id, reason: 'Harassment' })).toMatchObject({ status: 404, message: 'Comment not found.' });
    expect((await ctx.sql.query('select 1 from hall_of_fame_comments where id = $1', [comment.id])).rows).toEqual([]);
    expect((await audit())[0]).toMatchObject({ action: 'DELETE_HOF_COMMENT', target_label: 'Comment by act_writer', reason: 'Harassment', details: { comment_text: 'something vile', entry_id: entry } });
  });
});

describe('announcements', () => {
  it('stores one GENERIC_INFORMATION per player in one statement and raises one NOTIFY for every socket', async () => {
    const events = await listenToEvents(ctx);
    const listener = await signUp(ctx, 'act_listener', '10.8.0.7');
    const socket = await openSocket(base, listener.headers.authorization.slice(7));
    expect(await trpc(ctx, op, 'admin.announce', { title: '', message: 'x' })).toMatchObject({ status: 422, message: 'The title must be 1 to 200 characters.' });
    const players = (await ctx.sql.query<{ n: number }>('select count(*)::int as n from users')).rows[0]!.n;
    const sent = await trpc<{ recipients: number }>(ctx, op, 'admin.announce', { title: 'Maintenance at 04:00', message: 'The universe pauses for ten minutes.' });
    expect(sent).toMatchObject({ status: 200, data: { recipients: players } });
    const { rows } = await ctx.sql.query<{ n: number }>(`select count(distinct user_id)::int as n from notifications where title = 'Maintenance at 04:00' and message_type = 'GENERIC_INFORMATION'`);
    expect(rows[0]!.n).toBe(players);
    await waitFor('the announcement', () => socket.events().some((e) => e.event === 'ANNOUNCEMENT'));
    await waitFor('the announcement notify', () => events.some((e) => e.event === 'ANNOUNCEMENT'));
    expect(events.filter((e) => e.event === 'ANNOUNCEMENT')).toEqual([{ user_id: null, event: 'ANNOUNCEMENT', data: { title: 'Maintenance at 04:00' } }]);
    socket.close();
    expect((await audit())[0]).toMatchObject({ action: 'ANNOUNCE', target_label: 'Maintenance at 04:00', details: { recipients: players } });
  });
});

describe('the audit log', () => {
  it('is append-only in the database itself', async () => {
    const before = await audit();
    expect(before.length).toBeGreaterThan(0);
    await expect(ctx.sql.query(`update moderation_audit set reason = 'rewritten'`)).rejects.toThrow(/append-only/);
    await expect(ctx.sql.query('delete from moderation_audit')).rejects.toThrow(/append-only/);
    await expect(ctx.sql.query('truncate moderation_audit')).rejects.toThrow(/append-only/);
    expect(await audit()).toEqual(before);
  });

  it('records grants and revokes made from the command line', async () => {
    const cand = await makePlayer(ctx, 'act_candidate');
    const em = ctx.api.deps.orm.em;
    expect(await setOperatorRole(em, 'ACT_CANDIDATE', true, 'new moderator', new Date())).toEqual({ id: cand.id, username: 'act_candidate', changed: true });
    expect(await setOperatorRole(em, 'act_candidate', true, 'again', new Date())).toMatchObject({ changed: false });
    expect(await setOperatorRole(em, 'act_candidate', false, 'stepped down', new Date())).toMatchObject({ changed: true });
    await expect(setOperatorRole(em, 'nobody_here', true, 'x', new Date())).rejects.toThrow('No player is named nobody_here.');
    expect((await audit()).slice(0, 2)).toMatchObject([
      { action: 'REVOKE_OPERATOR', operator_name: 'command line', target_label: 'act_candidate', reason: 'stepped down' },
      { action: 'GRANT_OPERATOR', operator_name: 'command line', target_label: 'act_candidate', reason: 'new moderator' },
    ]);
  });
});

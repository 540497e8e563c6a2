import { describe, expect, it } from 'vitest';
import { removeOldMessages } from '@brood/world';
import { useTestApi } from './support/test-api';
import { callApi, listenToEvents, makePlayer, type Player } from './support/players';
import { makeOperator, trpc } from './support/moderation';

const ctx = useTestApi();

interface Message {
  id: number;
  sender_id: number;
  sender_username: string;
  recipient_id: number;
  recipient_username: string;
  subject: string;
  body: string;
  is_read: boolean;
  is_circular: boolean;
  created_at: string;
}
type Page = { messages: Message[]; total: number };

/** A player whose account is older than a day (the plain limits apply). */
async function veteran(name: string): Promise<Player> {
  const p = await makePlayer(ctx, name);
  await ctx.sql.query("update users set created_at = now() - interval '30 days' where id = $1", [p.id]);
  return p;
}
const send = (from: Player, to: string, subject = 'Hello', body = 'Trade fiber for crystal? https://example.test') =>
  callApi<Message>(ctx, 'POST', '/api/v1/messages', from, { recipient_username: to, subject, body });
const inbox = (who: Player, folder = 'inbox') => callApi<Page>(ctx, 'GET', `/api/v1/messages?folder=${folder}`, who);

describe('private messages', () => {
  it('reach the recipient by name in any case, newest first, with MESSAGE_RECEIVED and the unread count; each side deletes only its own copy', async () => {
    const [ann, bob] = [await veteran('msg_ann'), await veteran('msg_bob')];
    const events = await listenToEvents(ctx);
    const first = await send(ann, 'MSG_BOB', 'First', 'plain <b>text</b>');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ sender_id: ann.id, sender_username: 'msg_ann', recipient_id: bob.id, recipient_username: 'msg_bob', subject: 'First', body: 'plain <b>text</b>', is_read: false, is_circular: false });
    await send(ann, 'msg_bob', 'Second');
    const received = await inbox(bob);
    expect(received.body.messages.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(received.body.total).toBe(2);
    expect((await callApi(ctx, 'GET', '/api/v1/messages/unread-count', bob)).body).toEqual({ count: 2 });
    await expect.poll(() => events.filter((e) => e.event === 'MESSAGE_RECEIVED' && e.user_id === bob.id).length).toBe(2);
    expect(events.find((e) => e.event === 'MESSAGE_RECEIVED')!.data).toEqual({ id: first.body.id, sender_id: ann.id, sender_username: 'msg_ann', subject: 'First', is_circular: false });

    expect((await callApi(ctx, 'POST', `/api/v1/messages/${first.body.id}/read`, bob)).status).toBe(200);
    expect((await callApi(ctx, 'GET', '/api/v1/messages/unread-count', bob)).body).toEqual({ count: 1 });
    expect((await callApi(ctx, 'DELETE', `/api/v1/messages/${first.body.id}`, bob)).status).toBe(200);
    expect((await inbox(bob)).body.messages.map((m) => m.subject)).toEqual(['Second']);
    expect((await inbox(ann, 'sent')).body.messages.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect((await callApi(ctx, 'GET', '/api/v1/messages?folder=sent&skip=1&limit=1', ann)).body).toMatchObject({ total: 2, messages: [{ subject: 'First' }] });
  });

  it('nobody else reads, deletes or reports a message (404, as for one that is not there), and the sender cannot report their own', async () => {
    const [ann, bob, eve] = [await veteran('own_ann'), await veteran('own_bob'), await veteran('own_eve')];
    const m = (await send(ann, 'own_bob', 'Secret plan')).body;
    for (const [method, url] of [['POST', `/api/v1/messages/${m.id}/read`], ['DELETE', `/api/v1/messages/${m.id}`], ['POST', `/api/v1/messages/${m.id}/report`]] as const) {
      expect(await callApi(ctx, method, url, eve)).toEqual({ status: 404, body: { detail: 'Message not found.' } });
    }
    expect((await inbox(eve)).body.messages).toEqual([]);
    expect(await callApi(ctx, 'POST', `/api/v1/messages/${m.id}/report`, ann)).toEqual({ status: 403, body: { detail: 'You can report only a message you received.' } });
    expect((await inbox(bob)).body.messages[0]).toMatchObject({ id: m.id, is_read: false });
  });

  it('refuses an unknown recipient, oneself, and texts past the universe lengths with a detail', async () => {
    const ann = await veteran('len_ann');
    await veteran('len_bob');
    expect(await send(ann, 'nobody_here')).toEqual({ status: 404, body: { detail: 'No player has that name. Check the spelling, or find them with the player search.' } });
    expect(await send(ann, 'len_ann')).toEqual({ status: 400, body: { detail: 'You cannot write to yourself.' } });
    expect(await send(ann, 'len_bob', 'x'.repeat(101))).toEqual({ status: 422, body: { detail: 'Subject must be 1 to 100 characters.' } });
    expect(await send(ann, 'len_bob', 'ok', 'y'.repeat(2001))).toEqual({ status: 422, body: { detail: 'Message must be 1 to 2000 characters.' } });
    expect((await send(ann, 'len_bob', 'x'.repeat(100), 'y'.repeat(2000))).status).toBe(201);
  });
});

describe('blocking', () => {
  it("drops a blocked sender's messages and buddy requests without telling them; unblocking lets new ones through", async () => {
    const [ann, bob] = [await veteran('blk_ann'), await veteran('blk_bob')];
    const events = await listenToEvents(ctx);
    expect((await callApi(ctx, 'POST', `/api/v1/players/${ann.id}/block`, bob)).status).toBe(200);
    const sent = await send(ann, 'blk_bob', 'Are you there?');
    expect(sent.status).toBe(201);
    expect((await inbox(ann, 'sent')).body.messages.map((m) => m.subject)).toEqual(['Are you there?']);
    expect((await inbox(bob)).body.messages).toEqual([]);
    expect((await callApi(ctx, 'GET', '/api/v1/messages/unread-count', bob)).body).toEqual({ count: 0 });
    expect((await callApi(ctx, 'POST', '/api/v1/buddies', ann, { username: 'blk_bob' })).status).toBe(201);
    expect((await callApi<{ requests: unknown[] }>(ctx, 'GET', '/api/v1/buddies', bob)).body.requests).toEqual([]);
    expect((await callApi<{ requests: unknown[] }>(ctx, 'GET', '/api/v1/buddies', ann)).body.requests).toMatchObject([{ username: 'blk_bob', direction: 'outgoing' }]);
    expect((await callApi<{ is_blocked: boolean }>(ctx, 'GET', `/api/v1/players/${ann.id}`, bob)).body.is_blocked).toBe(true);

    expect((await callApi(ctx, 'DELETE', `/api/v1/players/${ann.id}/block`, bob)).status).toBe(200);
    await send(ann, 'blk_bob', 'Now?');
    expect((await inbox(bob)).body.messages.map((m) => m.subject)).toEqual(['Now?']);
    await expect.poll(() => events.filter((e) => e.event === 'MESSAGE_RECEIVED' && e.user_id === bob.id).map((e) => e.data.subject)).toEqual(['Now?']);
  });
});

describe('alliance circulars', () => {
  it('reach every other member (or one rank) marked as circular and nobody outside; plain members may not send one', async () => {
    const [lead, officer, member, outsider] = [await veteran('cir_lead'), await veteran('cir_off'), await veteran('cir_mem'), await veteran('cir_out')];
    const alliance = await callApi<{ id: number }>(ctx, 'POST', '/api/v1/alliances', lead, { name: 'Circular Club', tag: 'CIRC', description: '' });
    for (const p of [officer, member]) {
      const app = await callApi<{ id: number }>(ctx, 'POST', `/api/v1/alliances/${alliance.body.id}/applications`, p, {});
      await callApi(ctx, 'PUT', `/api/v1/alliances/applications/${app.body.id}`, lead, { status: 'accepted' });
    }
    await callApi(ctx, 'PUT', `/api/v1/alliances/members/${officer.id}/rank`, lead, { rank: 'OFFICER' });

    const all = await callApi(ctx, 'POST', `/api/v1/alliances/${alliance.body.id}/circular`, lead, { subject: 'Muster', body: 'All fleets home.' });
    expect(all).toEqual({ status: 201, body: { recipients: 2 } });
    for (const p of [officer, member]) expect((await inbox(p)).body.messages).toMatchObject([{ subject: 'Muster', is_circular: true, sender_username: 'cir_lead' }]);
    expect((await inbox(outsider)).body.messages).toEqual([]);

    expect((await callApi(ctx, 'POST', `/api/v1/alliances/${alliance.body.id}/circular`, officer, { subject: 'Members only', body: '.', rank: 'MEMBER' })).body).toEqual({ recipients: 1 });
    expect((await inbox(member)).body.messages.map((m) => m.subject)).toEqual(['Members only', 'Muster']);
    expect((await inbox(lead)).body.messages).toEqual([]);
    expect(await callApi(ctx, 'POST', `/api/v1/alliances/${alliance.body.id}/circular`, member, { subject: 'x', body: 'y' })).toEqual({ status: 403, body: { detail: 'Only the leader and officers can send a circular to the alliance.' } });
    expect(await callApi(ctx, 'POST', `/api/v1/alliances/${alliance.body.id}/circular`, outsider, { subject: 'x', body: 'y' })).toEqual({ status: 403, body: { detail: 'You can send a circular only to your own alliance.' } });
  });
});

describe('rate limits', () => {
  it('count sends in the database: fewer for young accounts and guests, the hour too, and a 429 says when', async () => {
    const messages = ctx.api.deps.catalogue.universe.messages;
    const [young, guest, old] = [await makePlayer(ctx, 'rl_young'), await makePlayer(ctx, 'rl_guest'), await veteran('rl_old')];
    await veteran('rl_target');
    await ctx.sql.query('update users set is_test_account = true where id = $1', [guest.id]);
    for (let i = 0; i < messages.new_account_per_minute; i += 1) expect((await send(young, 'rl_target')).status).toBe(201);
    const refused = await send(young, 'rl_target');
    expect(refused.status).toBe(429);
    expect((refused.body as unknown as { detail: string }).detail).toMatch(
      new RegExp(`^Message limit reached: accounts younger than 24 hours may send ${messages.new_account_per_minute} messages per minute\\. You can send again in (\\d+m )?\\d+s\\.$`),
    );
    for (let i = 0; i < messages.guest_per_minute; i += 1) expect((await send(guest, 'rl_target')).status).toBe(201);
    expect((await send(guest, 'rl_target')).body).toMatchObject({ detail: expect.stringContaining(`guest accounts may send ${messages.guest_per_minute} messages per minute`) });

    // An older account: its sends over the last hour, written an hour's worth back, reach the hour's limit.
    await ctx.sql.query(
      "insert into message_sends (sender_id, created_at) select $1, now() - interval '50 minutes' from generate_series(1, $2)",
      [old.id, messages.per_hour],
    );
    expect((await send(old, 'rl_target')).body).toMatchObject({ detail: expect.stringMatching(new RegExp(`players may send ${messages.per_hour} messages per hour\\. You can send again in 1[0-9]m`)) });
    await ctx.sql.query("update message_sends set created_at = now() - interval '61 minutes' where sender_id = $1", [old.id]);
    expect((await send(old, 'rl_target')).status).toBe(201);
  });
});

describe('retention', () => {
  it('removes messages older than messages.retention_days with every copy; reports keep theirs; a second run removes nothing', async () => {
    const [ann, bob] = [await veteran('ret_ann'), await veteran('ret_bob')];
    const old = (await send(ann, 'ret_bob', 'Ancient')).body;
    await send(ann, 'ret_bob', 'Fresh');
    expect((await callApi(ctx, 'POST', `/api/v1/messages/${old.id}/report`, bob)).status).toBe(201);
    const days = ctx.api.deps.catalogue.universe.messages.retention_days;
    await ctx.sql.query(`update message_sends set created_at = now() - interval '${days + 1} days' where id = (select send_id from messages where id = $1)`, [old.id]);
    const deps = { em: ctx.api.deps.orm.em.fork(), catalogue: ctx.api.deps.catalogue };
    expect(await removeOldMessages(deps, new Date())).toBeGreaterThanOrEqual(1);
    expect(await removeOldMessages(deps, new Date())).toBe(0);
    expect((await inbox(bob)).body.messages.map((m) => m.subject)).toEqual(['Fresh']);
    expect((await inbox(ann, 'sent')).body.messages.map((m) => m.subject)).toEqual(['Fresh']);
    const reports = await ctx.sql.query('select subject, message_id from message_reports where reporter_id = $1', [bob.id]);
    expect(reports.rows).toEqual([{ subject: 'Ancient', message_id: null }]);
  });
});

describe('player search and profile', () => {
  it('lists names starting with the text first, then names containing it; short texts by prefix only; wildcards are text', async () => {
    for (const name of ['srch_zeta', 'xsrch_zed', 'srch_alpha', 'nozeal', 'srch%x']) await veteran(name);
    const search = async (q: string) => (await callApi<{ players: { username: string }[] }>(ctx, 'GET', `/api/v1/players?search=${encodeURIComponent(q)}`, await veteran(`viewer_${q.length}_${Date.now()}`))).body.players.map((p) => p.username);
    expect(await search('SRCH_')).toEqual(['srch_alpha', 'srch_zeta', 'xsrch_zed']);
    expect(await search('srch%')).toEqual(['srch%x']);
    expect(await search('ze')).toEqual([]);
    expect(await search('zeal')).toEqual(['nozeal']);
  });

  it("shows a player's card: alliance tag, a rank per category, territories, member since, and the viewer's block", async () => {
    const [viewer, other] = [await veteran('card_viewer'), await veteran('card_other')];
    const card = await callApi<Record<string, unknown>>(ctx, 'GET', `/api/v1/players/${other.id}`, viewer);
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({ id: other.id, username: 'card_other', alliance_tag: null, is_blocked: false, buddy: 'none', territories: [] });
    expect((card.body.scores as { category: string }[]).map((s) => s.category)).toEqual(['total_score', 'building_score', 'research_score', 'unit_score', 'defense_score']);
    expect(await callApi(ctx, 'GET', '/api/v1/players/2147483000', viewer)).toEqual({ status: 404, body: { detail: 'Player not found.' } });
  });
});

describe('the Reports queue', () => {
  it('shows a reported message with both players and its context; an operator dismisses one and suspends for another, each audited', async () => {
    const [ann, bob, op] = [await veteran('rep_ann'), await veteran('rep_bob'), await veteran('rep_op')];
    await makeOperator(ctx, op);
    await send(ann, 'rep_bob', 'Before', 'earlier words');
    const first = (await send(ann, 'rep_bob', 'Threat', 'give me your fiber')).body;
    expect(await callApi(ctx, 'POST', `/api/v1/messages/${first.id}/report`, bob)).toMatchObject({ status: 201, body: { status: 'OPEN' } });
    expect(await callApi(ctx, 'POST', `/api/v1/messages/${first.id}/report`, bob)).toEqual({ status: 409, body: { detail: 'You have already reported this message; an operator will look at it.' } });
    const queue = await trpc<{ id: number; reporter: { username: string }; reported: { username: string }; message: { subject: string }; context: { subject: string }[] }[]>(ctx, op, 'admin.reports', { status: 'OPEN' });
    const report = queue.data.find((r) => r.message.subject === 'Threat')!;
    expect(report).toMatchObject({ reporter: { username: 'rep_bob' }, reported: { username: 'rep_ann' }, context: [{ subject: 'Before' }] });
    expect((await trpc(ctx, op, 'admin.resolveReport', { id: report.id, action: 'dismiss', reason: 'Banter' })).status).toBe(200);
    expect(await trpc(ctx, op, 'admin.resolveReport', { id: report.id, action: 'dismiss', reason: 'Again' })).toMatchObject({ status: 409, message: 'This report has already been resolved.' });

    const second = (await send(ann, 'rep_bob', 'Worse', 'real threat')).body;
    const reported = await callApi<{ id: number }>(ctx, 'POST', `/api/v1/messages/${second.id}/report`, bob);
    expect((await trpc(ctx, op, 'admin.resolveReport', { id: reported.body.id, action: 'suspend', reason: 'Threats' })).status).toBe(200);
    expect((await callApi(ctx, 'GET', '/api/v1/messages', ann)).status).toBe(401);
    const audit = await ctx.sql.query<{ action: string; reason: string }>("select action, reason from moderation_audit where operator_id = $1 order by id", [op.id]);
    expect(audit.rows).toEqual([{ action: 'DISMISS_REPORT', reason: 'Banter' }, { action: 'SUSPEND', reason: 'Threats' }, { action: 'ACT_ON_REPORT', reason: 'Threats' }]);
  });
});

import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApi } from './support/test-api';
import { callApi, makePlayer, type Player } from './support/players';

const ctx = useTestApi();

type Rank = 'LEADER' | 'OFFICER' | 'MEMBER';
const roster: Record<'L' | 'O1' | 'O2' | 'M1' | 'M2', Rank> = { L: 'LEADER', O1: 'OFFICER', O2: 'OFFICER', M1: 'MEMBER', M2: 'MEMBER' };
type Who = keyof typeof roster;
const players = {} as Record<Who | 'X', Player>;
let allianceId = 0;

/** Puts the alliance back to L, O1, O2, M1, M2 with their ranks before every case. */
async function resetRoster(): Promise<void> {
  await ctx.sql.query('delete from alliance_members where alliance_id = $1', [allianceId]);
  for (const [who, rank] of Object.entries(roster)) {
    await ctx.sql.query('insert into alliance_members (user_id, alliance_id, rank) values ($1, $2, $3)', [players[who as Who].id, allianceId, rank]);
  }
}

async function rankOf(p: Player): Promise<Rank | null> {
  const { rows } = await ctx.sql.query<{ rank: Rank }>('select rank from alliance_members where user_id = $1', [p.id]);
  return rows[0]?.rank ?? null;
}

beforeAll(async () => {
  for (const who of [...Object.keys(roster), 'X'] as (Who | 'X')[]) players[who] = await makePlayer(ctx, `pw_${who}`);
  const created = await callApi<{ id: number }>(ctx, 'POST', '/api/v1/alliances', players.L, { name: 'Matrix', tag: 'MTX' });
  allianceId = created.body.id;
});
beforeEach(resetRoster);

const FORBID_MEMBER = { kick: 'Only the leader or an officer can kick members.', rank: 'Only the leader or an officer can change member ranks.' };

/** [actor, target, expected status, detail or the rank the target ends with]. */
const kicks: [Who, Who, number, string?][] = [
  ['L', 'O1', 200], ['L', 'M1', 200], ['L', 'L', 400, 'You cannot kick yourself.'],
  ['O1', 'M1', 200], ['O1', 'O2', 403, 'Officers can only kick members.'], ['O1', 'L', 403, 'The leader cannot be kicked.'], ['O1', 'O1', 400, 'You cannot kick yourself.'],
  ['M1', 'M2', 403, FORBID_MEMBER.kick], ['M1', 'O1', 403, FORBID_MEMBER.kick], ['M1', 'L', 403, FORBID_MEMBER.kick], ['M1', 'M1', 400, 'You cannot kick yourself.'],
];
const promotions: [Who, Who, number, string?][] = [
  ['L', 'M1', 200], ['L', 'O1', 409, 'This member is already an officer.'], ['L', 'L', 400, 'You cannot change your own rank.'],
  ['O1', 'M1', 200], ['O1', 'O2', 409, 'This member is already an officer.'], ['O1', 'L', 403, 'The leader’s rank changes only by a transfer of leadership.'],
  ['M1', 'M2', 403, FORBID_MEMBER.rank], ['M1', 'M1', 400, 'You cannot change your own rank.'],
];
const demotions: [Who, Who, number, string?][] = [
  ['L', 'O1', 200], ['L', 'M1', 409, 'This member is already a member.'],
  ['O1', 'O2', 403, 'Only the leader can demote an officer.'], ['O1', 'M1', 403, 'Only the leader can demote an officer.'], ['O1', 'L', 403, 'The leader’s rank changes only by a transfer of leadership.'], ['O1', 'O1', 400, 'You cannot change your own rank.'],
  ['M1', 'O1', 403, FORBID_MEMBER.rank],
];
const transfers: [Who, Who, number, string?][] = [
  ['L', 'O1', 200], ['L', 'M1', 400, 'Leadership can only be transferred to an officer.'], ['L', 'L', 400, 'You already lead this alliance.'],
  ['O1', 'O2', 403, 'Only the leader can transfer leadership.'], ['O1', 'L', 403, 'Only the leader can transfer leadership.'], ['M1', 'O1', 403, 'Only the leader can transfer leadership.'],
];

describe('who may do what to whom in an alliance', () => {
  it.each(kicks)('kick: %s kicks %s -> %i', async (actor, target, status, detail) => {
    const res = await callApi(ctx, 'POST', `/api/v1/alliances/members/${players[target].id}/kick`, players[actor]);
    expect(res.status).toBe(status);
    if (status === 200) {
      expect(res.body).toEqual({ message: 'Member has been kicked from the alliance.' });
      expect(await rankOf(players[target])).toBeNull();
    } else {
      expect(res.body).toEqual({ detail });
      expect(await rankOf(players[target])).toBe(roster[target]);
    }
  });

  it.each(promotions)('promote: %s promotes %s -> %i', async (actor, target, status, detail) => {
    const res = await callApi(ctx, 'PUT', `/api/v1/alliances/members/${players[target].id}/rank`, players[actor], { rank: 'OFFICER' });
    expect(res.status).toBe(status);
    if (status === 200) expect(await rankOf(players[target])).toBe('OFFICER');
    else {
      expect(res.body).toEqual({ detail });
      expect(await rankOf(players[target])).toBe(roster[target]);
    }
  });

  it.each(demotions)('demote: %s demotes %s -> %i', async (actor, target, status, detail) => {
    const res = await callApi(ctx, 'PUT', `/api/v1/alliances/members/${players[target].id}/rank`, players[actor], { rank: 'member' });
    expect(res.status).toBe(status);
    if (status === 200) expect(await rankOf(players[target])).toBe('MEMBER');
    else {
      expect(res.body).toEqual({ detail });
      expect(await rankOf(players[target])).toBe(roster[target]);
    }
  });

  it.each(transfers)('transfer: %s hands leadership to %s -> %i', async (actor, target, status, detail) => {
    const res = await callApi(ctx, 'POST', `/api/v1/alliances/transfer-leadership/${players[target].id}`, players[actor]);
    expect(res.status).toBe(status);
    if (status === 200) {
      expect(await rankOf(players[target])).toBe('LEADER');
      expect(await rankOf(players[actor])).toBe('OFFICER');
    } else {
      expect(res.body).toEqual({ detail });
      expect(await rankOf(players[actor])).toBe(roster[actor]);
      expect(await rankOf(players[target])).toBe(roster[target]);
    }
  });

  it('nobody is made LEADER through the rank call, and outsiders are not found', async () => {
    expect(await callApi(ctx, 'PUT', `/api/v1/alliances/members/${players.O1.id}/rank`, players.L, { rank: 'LEADER' })).toEqual({ status: 400, body: { detail: 'Leadership moves only by a transfer to an officer.' } });
    expect(await callApi(ctx, 'PUT', `/api/v1/alliances/members/${players.O1.id}/rank`, players.L, { rank: 'KING' })).toMatchObject({ status: 422 });
    expect(await callApi(ctx, 'POST', `/api/v1/alliances/members/${players.X.id}/kick`, players.L)).toEqual({ status: 404, body: { detail: 'Member not found in your alliance.' } });
    expect(await callApi(ctx, 'POST', `/api/v1/alliances/transfer-leadership/${players.X.id}`, players.L)).toEqual({ status: 404, body: { detail: 'Selected officer not found.' } });
    expect(await callApi(ctx, 'POST', `/api/v1/alliances/members/${players.M1.id}/kick`, players.X)).toEqual({ status: 409, body: { detail: 'You are not in an alliance.' } });
    expect((await callApi(ctx, 'POST', '/api/v1/alliances/members/abc/kick', players.L)).status).toBe(422);
  });

  it('settings, applications and disbanding by rank', async () => {
    const put = (who: Player) => callApi(ctx, 'PUT', `/api/v1/alliances/${allianceId}`, who, { description: `by ${who.name}` });
    expect(await put(players.M1)).toEqual({ status: 403, body: { detail: 'Only the leader or an officer can change the alliance settings.' } });
    expect(await put(players.X)).toEqual({ status: 403, body: { detail: 'You are not a member of this alliance.' } });
    expect(await put(players.O1)).toMatchObject({ status: 200, body: { description: 'by pw_O1' } });
    expect(await put(players.L)).toMatchObject({ status: 200, body: { description: 'by pw_L' } });
    const list = (who: Player) => callApi(ctx, 'GET', `/api/v1/alliances/${allianceId}/applications`, who);
    expect(await list(players.M1)).toEqual({ status: 403, body: { detail: 'Only the leader or an officer can manage applications.' } });
    expect(await list(players.X)).toEqual({ status: 403, body: { detail: 'You are not a member of this alliance.' } });
    expect(await list(players.O1)).toEqual({ status: 200, body: [] });
    for (const who of [players.O1, players.M1]) {
      expect(await callApi(ctx, 'DELETE', `/api/v1/alliances/${allianceId}`, who)).toEqual({ status: 403, body: { detail: 'Only the leader can disband the alliance.' } });
    }
    expect(await callApi(ctx, 'POST', '/api/v1/alliances/leave', players.L)).toEqual({ status: 409, body: { detail: 'The leader cannot leave the alliance: transfer leadership or disband it.' } });
    expect(await callApi(ctx, 'POST', '/api/v1/alliances/leave', players.O1)).toEqual({ status: 200, body: { message: 'You have left the alliance.' } });
    expect(await rankOf(players.O1)).toBeNull();
    expect(await callApi(ctx, 'POST', '/api/v1/alliances/leave', players.O1)).toEqual({ status: 409, body: { detail: 'You are not in an alliance.' } });
  });

  it('a removed leader is succeeded by the longest-serving officer, and an emptied alliance is dissolved', async () => {
    await ctx.sql.query(`update alliance_members set joined_at = now() - interval '1 day' where user_id = $1`, [players.O2.id]);
    const heirLess = await makePlayer(ctx, 'pw_solo');
    const solo = await callApi<{ id: number }>(ctx, 'POST', '/api/v1/alliances', heirLess, { name: 'Solo band', tag: 'SOLO' });
    await ctx.sql.query('delete from users where id = any($1)', [[players.L.id, heirLess.id]]);
    expect(await rankOf(players.O2)).toBe('LEADER');
    expect(await rankOf(players.O1)).toBe('OFFICER');
    expect((await ctx.sql.query('select 1 from alliances where id = $1', [solo.body.id])).rowCount).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachRealtime, type Realtime } from '../../apps/api/src/realtime/hub';
import { useTestApi } from './support/test-api';
import { callApi, makePlayer, readUntil, type Player } from './support/players';

/**
 * A signed-in call does not read its account while the api hears the account's changes (the users
 * table NOTIFYs them, migration 0130): every change still stops or changes the session, whoever makes
 * it. The trigger is switched off in places only to show what is kept.
 */

const ctx = useTestApi();
let realtime: Realtime;

beforeAll(async () => {
  realtime = await attachRealtime(ctx.api.app, ctx.api.deps);
});
afterAll(async () => {
  await realtime?.close();
});

const me = (who: Player) => callApi<{ detail?: string; username?: string }>(ctx, 'GET', '/api/v1/users/me', who);
const role = async (who: Player) => {
  const res = await ctx.api.app.inject({ method: 'GET', url: '/trpc/users.role', headers: who.headers });
  return { status: res.statusCode, isOperator: (res.json() as { result?: { data: { json: { is_operator: boolean } } } }).result?.data.json.is_operator };
};

const withoutTrigger = async (change: () => Promise<unknown>) => {
  await ctx.sql.query('alter table users disable trigger users_session_changed');
  try {
    await change();
  } finally {
    await ctx.sql.query('alter table users enable trigger users_session_changed');
  }
};

describe('the accounts behind signed-in calls', () => {
  it('are kept between calls, and a suspension or a removal made elsewhere still reaches the next calls', async () => {
    const kim = await makePlayer(ctx, 'sess_kim');
    expect(await me(kim)).toMatchObject({ status: 200, body: { username: 'sess_kim' } });

    // Kept: with the trigger off, a suspension is not heard and the calls go on.
    await withoutTrigger(() => ctx.sql.query('update users set suspended_at = now() where id = $1', [kim.id]));
    expect((await me(kim)).status).toBe(200);
    await ctx.sql.query('update users set suspended_at = null where id = $1', [kim.id]);

    // Heard: a suspension written straight into the table (another process's) stops the token.
    await ctx.sql.query('update users set suspended_at = now() where id = $1', [kim.id]);
    expect(await readUntil(() => me(kim), (r) => r.status === 401)).toEqual({ status: 401, body: { detail: 'Your account is suspended.' } });
    // A refused account is never kept: lifting the suspension lets the next call in.
    await withoutTrigger(() => ctx.sql.query('update users set suspended_at = null where id = $1', [kim.id]));
    expect((await me(kim)).status).toBe(200);

    await ctx.sql.query('delete from users where id = $1', [kim.id]);
    expect(await readUntil(() => me(kim), (r) => r.status === 401)).toEqual({ status: 401, body: { detail: 'Could not validate credentials' } });
  });

  it('never keeps an operator, so a revoked role ends at once', async () => {
    const ola = await makePlayer(ctx, 'sess_ola');
    await ctx.sql.query('update users set is_operator = true where id = $1', [ola.id]);
    expect(await readUntil(() => role(ola), (r) => r.isOperator === true)).toEqual({ status: 200, isOperator: true });
    await withoutTrigger(() => ctx.sql.query('update users set is_operator = false where id = $1', [ola.id]));
    expect(await role(ola)).toEqual({ status: 200, isOperator: false });
  });

  it('are read on every call while the api does not hear the changes', async () => {
    const sessions = ctx.api.deps.sessions;
    const una = await makePlayer(ctx, 'sess_una');
    sessions.setLive(false);
    try {
      expect((await me(una)).status).toBe(200);
      await withoutTrigger(() => ctx.sql.query('update users set suspended_at = now() where id = $1', [una.id]));
      expect(await me(una)).toEqual({ status: 401, body: { detail: 'Your account is suspended.' } });
    } finally {
      sessions.setLive(true);
    }
  });
});

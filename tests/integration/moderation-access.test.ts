import { describe, expect, it } from 'vitest';
import { useTestApi } from './support/test-api';
import { makePlayer, type Player } from './support/players';
import { procedures } from './support/moderation';

/**
 * The moderation console is for operators only: every procedure of the admin router, read from the
 * router itself (a new one is covered without touching this file), answers a normal player 403 with
 * its sentence, and a signed-out caller 401, whatever the input.
 */

const ctx = useTestApi();

const ADMIN_PROCEDURES = Object.entries(procedures)
  .filter(([path]) => path.startsWith('admin.'))
  .map(([path, procedure]) => ({ path, type: procedure._def.type }));

async function call(path: string, type: string, who?: Player): Promise<{ status: number; message: string }> {
  const headers = who ? who.headers : {};
  const res =
    type === 'query'
      ? await ctx.api.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`, headers })
      : await ctx.api.app.inject({ method: 'POST', url: `/trpc/${path}`, headers, payload: { json: {} } });
  return { status: res.statusCode, message: (res.json() as { error: { json: { message: string } } }).error.json.message };
}

describe('the admin router', () => {
  it('has the console procedures (so the loop below is not empty)', () => {
    expect(ADMIN_PROCEDURES.map((p) => p.path).sort()).toEqual(
      ['announce', 'auditLog', 'battleReport', 'deleteComment', 'endVacation', 'fleets', 'player', 'playerFairPlay', 'renameAlliance', 'renameTerritory', 'reports', 'resolveReport', 'searchPlayers', 'suspend', 'universe', 'unsuspend'].map((p) => `admin.${p}`),
    );
  });

  it.each(ADMIN_PROCEDURES)('$path: 403 for a normal player, 401 signed out', async ({ path, type }) => {
    const player = await makePlayer(ctx, `plain_${path.slice(6).toLowerCase()}`);
    expect(await call(path, type, player)).toEqual({ status: 403, message: 'Only operators may use the moderation console.' });
    expect((await call(path, type)).status).toBe(401);
  });

  it('lets an operator through, and tells the web who is one', async () => {
    const plain = await makePlayer(ctx, 'plain_role');
    const op = await makePlayer(ctx, 'op_role');
    await ctx.sql.query('update users set is_operator = true where id = $1', [op.id]);
    const role = async (who: Player) => (await ctx.api.app.inject({ method: 'GET', url: '/trpc/users.role', headers: who.headers })).json().result.data.json;
    expect(await role(plain)).toEqual({ is_operator: false });
    expect(await role(op)).toEqual({ is_operator: true });
    const universe = await ctx.api.app.inject({ method: 'GET', url: '/trpc/admin.universe', headers: op.headers });
    expect(universe.statusCode).toBe(200);
    // The role is read on every call: revoked, the same token is refused at once.
    await ctx.sql.query('update users set is_operator = false where id = $1', [op.id]);
    expect((await call('admin.universe', 'query', op)).status).toBe(403);
  });
});

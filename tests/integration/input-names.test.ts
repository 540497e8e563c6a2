import { beforeAll, describe, expect, it } from 'vitest';
import { FORMAT_CHARACTER_MESSAGE } from '../../apps/api/src/input-guard';
import { useTestApi } from './support/test-api';
import { makeOperator, signUp, trpc, type SignedUp } from './support/moderation';

/**
 * Names other players read hold no invisible or direction-changing character (issue #24 item 4: an
 * alliance named three zero-width spaces, or `abc\u202Eevil`, was created), and are trimmed.
 */
const ctx = useTestApi();
let ana: SignedUp;
let op: SignedUp;

beforeAll(async () => {
  ana = await signUp(ctx, 'names_ana', '10.61.0.1');
  op = await signUp(ctx, 'names_op', '10.61.0.2');
  await makeOperator(ctx, op);
});

const INVISIBLE = [
  ['three zero-width spaces', '\u200b\u200b\u200b'],
  ['a right-to-left override', 'abc\u202eevil'],
  ['a zero-width joiner', 'Hi\u200dve'],
  ['a soft hyphen', 'Hi\u00adve'],
  ['a left-to-right isolate', '\u2066Hive'],
] as const;

const refused = (field: string) => ({ detail: [{ loc: ['body', field], msg: FORMAT_CHARACTER_MESSAGE, type: 'custom' }] });
const inject = (method: 'POST' | 'PUT', url: string, payload: object) => ctx.api.app.inject({ method, url: `/api/v1${url}`, headers: ana.headers, payload });

describe('invisible and direction-changing characters', () => {
  it.each(INVISIBLE)('are refused in a territory name (%s)', async (_, bad) => {
    const res = await inject('PUT', `/territories/${ana.territory}/name`, { name: bad });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(refused('name'));
  });

  it.each(INVISIBLE)('are refused in an alliance name and tag (%s)', async (_, bad) => {
    const name = await inject('POST', '/alliances', { name: bad, tag: 'ZW' });
    expect(name.statusCode).toBe(422);
    expect(name.json()).toEqual(refused('name'));
    const tag = await inject('POST', '/alliances', { name: 'Zero Width', tag: bad.slice(0, 4) });
    expect(tag.statusCode).toBe(422);
    expect(tag.json()).toEqual(refused('tag'));
    const { rows } = await ctx.sql.query('select 1 from alliances where name = $1 or tag = $2', [bad, bad.slice(0, 4)]);
    expect(rows).toEqual([]);
  });

  it.each(INVISIBLE)('are refused in a username (%s)', async (_, bad) => {
    const res = await ctx.api.app.inject({ method: 'POST', url: '/api/v1/auth/register', remoteAddress: '10.61.0.3', payload: { username: `drone${bad}`, email: 'zw@hive.test', password: 'spawning-pools' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body', 'username']);
  });

  it.each(INVISIBLE)('are refused in what an operator names: a territory, an alliance, an announcement title (%s)', async (_, bad) => {
    const reason = 'names test';
    for (const [path, input] of [
      ['admin.renameTerritory', { territory_id: ana.territory, name: bad, reason }],
      ['admin.renameAlliance', { alliance_id: 1, name: bad, tag: 'OK', reason }],
      ['admin.renameAlliance', { alliance_id: 1, name: 'Fine', tag: bad.slice(0, 4), reason }],
      ['admin.announce', { title: bad, message: 'Welcome' }],
    ] as const) {
      expect(await trpc(ctx, op, path, input), path).toMatchObject({ status: 400, message: expect.stringContaining(FORMAT_CHARACTER_MESSAGE) });
    }
  });

  it('trims names and leaves visible text alone, accents and emoji included', async () => {
    const res = await inject('PUT', `/territories/${ana.territory}/name`, { name: '  Ruche été 🐝  ' });
    expect(res.statusCode).toBe(200);
    const created = await inject('POST', '/alliances', { name: '  Visible Hive  ', tag: ' VIS ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Visible Hive', tag: 'VIS' });
    const { rows } = await ctx.sql.query<{ name: string }>('select name from territories where id = $1', [ana.territory]);
    expect(rows[0]!.name).toBe('Ruche été 🐝');
  });

  it('keep their place in free text, where emoji are joined by one', async () => {
    const created = await trpc(ctx, op, 'admin.announce', { title: 'Family day', message: 'Bring 👨\u200d👩\u200d👧' });
    expect(created.status).toBe(200);
  });
});

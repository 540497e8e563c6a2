import superjson from 'superjson';
import { appRouter } from '../../../apps/api/src/root';
import type { ApiWithSql } from './test-api';
import type { Player } from './players';

/** Players made the way real ones are (sign-up and sign-in over REST from an address), and tRPC calls to the console. */

export interface SignedUp extends Player {
  territory: number;
  coords: [number, number, number];
}

/** Registers `name` from `ip`, signs in from `loginIp` (default: the same), and finds the starting territory. */
export async function signUp(ctx: ApiWithSql, name: string, ip: string, loginIp = ip): Promise<SignedUp> {
  const password = 'spawning-pools';
  const reg = await ctx.api.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { username: name, email: `${name}@hive.test`, password }, remoteAddress: ip });
  if (reg.statusCode !== 201) throw new Error(`register ${name}: ${reg.statusCode} ${reg.body}`);
  const login = await ctx.api.app.inject({
    method: 'POST', url: '/api/v1/auth/token', remoteAddress: loginIp,
    payload: new URLSearchParams({ username: name, password }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (login.statusCode !== 200) throw new Error(`login ${name}: ${login.statusCode} ${login.body}`);
  const id = (reg.json() as { id: number }).id;
  const { rows } = await ctx.sql.query<{ id: number; region: number; sub_region: number; position: number }>('select id, region, sub_region, position from territories where owner_id = $1', [id]);
  const t = rows[0]!;
  return { id, name, headers: { authorization: `Bearer ${(login.json() as { access_token: string }).access_token}` }, territory: t.id, coords: [t.region, t.sub_region, t.position] };
}

/** An operator, as `npm run admin -- grant` makes one (the same command). */
export async function makeOperator(ctx: ApiWithSql, player: Player): Promise<void> {
  const { setOperatorRole } = await import('@brood/world');
  await setOperatorRole(ctx.api.deps.orm.em, player.name, true, 'test operator', new Date());
}

/** Every procedure of the app's router by path ('admin.suspend'), with its type (query or mutation). */
export const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;

/** One tRPC call as `who`: the status and either the answer or the error's sentence. */
export async function trpc<T = unknown>(ctx: ApiWithSql, who: Player, path: string, input: unknown = undefined): Promise<{ status: number; data: T; message: string | null }> {
  const encoded = JSON.stringify(superjson.serialize(input));
  const res =
    procedures[path]?._def.type === 'query'
      ? await ctx.api.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(encoded)}`, headers: who.headers })
      : await ctx.api.app.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...who.headers, 'content-type': 'application/json' }, payload: encoded });
  const body = res.json() as { result?: { data: unknown }; error?: { json: { message: string } } };
  return {
    status: res.statusCode,
    data: (body.result ? superjson.deserialize(body.result.data as never) : null) as T,
    message: body.error?.json.message ?? null,
  };
}

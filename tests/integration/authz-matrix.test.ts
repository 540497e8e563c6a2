import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allProcedures } from '@brood/api/testing';
import { appRouter } from '../../apps/api/src/root';
import { restDeclarations } from '../../apps/api/src/rest/route';
import { restBinding } from '../../apps/api/src/http/openapi';
import { authzWorld, type AuthzWorld, type ObjectKind } from './support/authz-world';
import type { JsonSchema } from './support/fuzz';
import { useTestApi } from './support/test-api';

/**
 * The authorization matrix (issue #17): every procedure and every /api/v1 route that takes an object id,
 * found in the router and the REST declarations, is called by a player who does not own the object
 * (another alliance's leader with a territory and stock of their own): the answer holds none of the
 * owner's data and the owner's rows are byte for byte the same afterwards. A new procedure with an id
 * field fails here until the tables below say whose object that id names.
 */
type Named = ObjectKind | 'public' | 'operators';
/** Attacked here: not public, and not the operators' console (every admin procedure answers a player 403: moderation-access.test.ts, from the router list). */
const isAttacked = (n: Named | undefined) => n !== 'public' && n !== 'operators';

/** An id field's object, by field name wherever it appears. */
const BY_FIELD: Record<string, Named> = {
  territory_id: 'territory',
  start_territory_id: 'territory',
  target_territory_id: 'territory',
  source_territory_id: 'territory',
  territory_id_for_cost: 'territory',
  movement_id: 'movement',
  joining_fleet_territory_id: 'territory',
  invitation_id: 'invitation',
  invitationId: 'invitation', // the join's spelling in the core spec
  battle_id: 'battle',
  regionId: 'public', // the galaxy map is everybody's
  avatar_id: 'public', // a picture of the catalogue, nobody's object
};
/** Procedures that answer 200 with a refusal per item (spec: gathering lists its failures per source). */
const REFUSES_PER_ITEM = new Set(['movements.gatherStation']);
/** ... by router and field, where the field's name alone does not say. */
const BY_ROUTER: Record<string, Named> = {
  'construction.queue_item_id': 'buildItem',
  'research.queue_item_id': 'researchItem',
  'recruitment.queue_item_id': 'recruitItem',
  'defense.queue_item_id': 'defenseItem',
  'territories.id': 'territory',
  'notifications.id': 'notification',
  'hallOfFame.id': 'public', // Hall of Fame entries and their comments are public
  'admin.user_id': 'operators',
  'admin.battle_id': 'operators',
  'admin.alliance_id': 'operators',
  'admin.comment_id': 'operators',
  'admin.id': 'operators', // the audit log's target filter and a message report's id
  'messages.id': 'message',
  'buddies.id': 'buddy',
  'players.id': 'public', // a player's profile card is everybody's; blocking changes only the blocker's rows
};
/** ... by procedure and field, where even the router does not say. */
const BY_PROCEDURE: Record<string, Named> = {
  'alliances.get.id': 'public', // an alliance's page is public (social spec 7)
  'alliances.submitApplication.id': 'public', // anyone may apply to any alliance
  'alliances.update.id': 'alliance',
  'alliances.disband.id': 'alliance',
  'alliances.applications.id': 'alliance',
  'alliances.decide.id': 'application',
  'alliances.kick.id': 'member',
  'alliances.setRank.id': 'member',
  'alliances.transferLeadership.id': 'member',
  'messages.circular.id': 'alliance', // a circular goes to the sender's own alliance only
};

function objectOf(procedure: string, field: string): Named | undefined {
  return BY_PROCEDURE[`${procedure}.${field}`] ?? BY_ROUTER[`${procedure.split('.')[0]}.${field}`] ?? BY_FIELD[field];
}

const defs = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { inputs: z.ZodType[] } }> } })._def.procedures;
const procedures = allProcedures().filter((p) => p.type !== 'subscription');

function inputSchema(path: string): JsonSchema | null {
  const schema = defs[path]?._def.inputs[0];
  return schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : null;
}

/** Every field path of a schema whose name ends in id (`a`, `list.[].b`), nested objects and arrays included. */
function idFields(schema: JsonSchema | null, at: string[] = []): string[][] {
  if (!schema) return [];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.flatMap((s) => idFields(s, at));
  if (schema.items) return idFields(schema.items, [...at, '[]']);
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => (/id$/i.test(name) ? [[...at, name]] : idFields(field, [...at, name])));
}

const ctx = useTestApi();
let world: AuthzWorld;

/** An input the attacker could send about their own things: their territory, real keys, one of each. */
function baseline(schema: JsonSchema, name = ''): unknown {
  const alternatives = (schema.anyOf ?? schema.oneOf)?.filter((s) => s.type !== 'null');
  if (alternatives?.length) return baseline(alternatives[0]!, name);
  if (schema.enum?.length) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  if (name in world.keys) return world.keys[name as keyof AuthzWorld['keys']];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return /territory/.test(name) ? world.attacker.territoryId : 1;
    case 'string':
      if (schema.format === 'uuid') return randomUUID();
      return { status: 'accepted', rank: 'MEMBER', mission: 'TRANSPORT' }[name] ?? 'probe';
    case 'boolean':
      return true;
    case 'array':
      return [baseline(schema.items ?? {}, name)];
    case 'object':
      if (schema.properties) return Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, baseline(s, k)]));
      return { [world.keys.unit_key]: 1 };
    default:
      return null;
  }
}

function setAt(value: unknown, path: string[], to: unknown): void {
  const [head, ...rest] = path;
  if (head === undefined || value === null || typeof value !== 'object') return;
  if (head === '[]') return (value as unknown[]).forEach((item) => (rest.length ? setAt(item, rest, to) : undefined));
  if (rest.length === 0) (value as Record<string, unknown>)[head] = to;
  else setAt((value as Record<string, unknown>)[head], rest, to);
}

/** The attacker's inputs for a procedure: one victim id at a time, then all of them together. */
function attacks(path: string): { label: string; input: unknown }[] {
  const schema = inputSchema(path)!;
  const owned = idFields(schema).map((field) => ({ field, kind: objectOf(path, field.at(-1)!) })).filter((f) => isAttacked(f.kind));
  const variants = owned.map((f) => [f]);
  if (owned.length > 1) variants.push(owned);
  return variants.map((fields) => {
    const input = baseline(schema);
    for (const { field, kind } of fields) setAt(input, field, world.objects[kind as ObjectKind]);
    return { label: fields.map((f) => `${f.field.join('.')}=${f.kind}`).join(' '), input };
  });
}

beforeAll(async () => {
  world = await authzWorld(ctx.api, ctx.sql);
});

/** The attacker's call leaked nothing: none of the victim's texts in the answer, none of the victim's rows changed. */
async function expectNoLeak(label: string, procedure: string, call: () => Promise<{ statusCode: number; body: string }>, refused = true): Promise<void> {
  const before = await world.digest();
  const res = await call();
  for (const text of world.markers) expect(res.body, `${label} answered ${res.statusCode} with the victim's data`).not.toContain(text);
  expect(await world.digest(), `${label} changed the victim's rows (answered ${res.statusCode} ${res.body.slice(0, 200)})`).toBe(before);
  if (!refused) return;
  if (REFUSES_PER_ITEM.has(procedure) && res.statusCode < 300) {
    expect(res.body, `${label}: every item refused`).toMatch(/"successful_movements":\[\]/);
    return;
  }
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
}

function callTrpc(path: string, type: string, input: unknown) {
  const payload = JSON.stringify({ json: input });
  return type === 'query'
    ? ctx.api.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(payload)}`, headers: world.attacker.headers })
    : ctx.api.app.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...world.attacker.headers, 'content-type': 'application/json' }, payload });
}

describe('the authorization matrix', () => {
  it("shows the victim's texts to the victim (so their absence elsewhere means something)", async () => {
    const own = (url: string) => ctx.api.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: world.victim.headers }).then((r) => r.body);
    const seen = [await own(`/territories/${world.victim.territoryId}`), await own('/notifications?include_read=true'), await own(`/alliances/${world.objects.alliance}/applications`), await own('/messages')].join('\n');
    for (const text of world.markers) expect(seen).toContain(text);
  });

  it('knows whose object every id field of every procedure names', () => {
    const unknown = procedures.flatMap(({ path }) => idFields(inputSchema(path)).filter((f) => objectOf(path, f.at(-1)!) === undefined).map((f) => `${path} ${f.join('.')}`));
    expect(unknown, 'say in BY_FIELD, BY_ROUTER or BY_PROCEDURE whose object these ids name').toEqual([]);
  });

  it.each(procedures.filter(({ path }) => idFields(inputSchema(path)).some((f) => isAttacked(objectOf(path, f.at(-1)!)))).map((p) => [p.path, p] as const))(
    'tRPC %s refuses another player and leaks nothing',
    async (path, { type }) => {
      for (const { label, input } of attacks(path)) {
        await expectNoLeak(`${path} ${label}`, path, () => callTrpc(path, type, input));
      }
    },
  );

  it('covers every REST route whose path names an object, with its path and body ids', async () => {
    const doc = (await ctx.api.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{ paths: Record<string, Record<string, { requestBody?: { content: { 'application/json': { schema: JsonSchema } } } }>> }>();
    let checked = 0;
    for (const route of restDeclarations(ctx.api.app)) {
      const { procedure, pathFields } = await restBinding(route);
      if (!procedure) continue;
      const params = Object.entries(pathFields).map(([param, field]) => ({ param, field, kind: objectOf(procedure, field) }));
      const bodySchema = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]![route.method.toLowerCase()]!.requestBody?.content['application/json'].schema;
      const bodyIds = idFields(bodySchema ?? null).filter((f) => isAttacked(objectOf(procedure, f.at(-1)!)));
      const attacked = [...params.filter((p) => isAttacked(p.kind)).map((p) => ({ param: p.param })), ...bodyIds.map((field) => ({ field }))];
      for (const target of attacked) {
        const url = route.path.replace(/:(\w+)/g, (_m, param: string) => {
          const field = pathFields[param]!;
          const kind = objectOf(procedure, field);
          if ('param' in target && target.param === param) return encodeURIComponent(String(world.objects[kind as ObjectKind]));
          return String(baseline({ type: kind === 'territory' ? 'integer' : 'string', format: kind === 'territory' ? undefined : 'uuid' }, kind === 'territory' ? 'territory' : field));
        });
        const body = bodySchema ? (baseline(bodySchema) as object) : undefined;
        if ('field' in target && body) setAt(body, target.field, world.objects[objectOf(procedure, target.field.at(-1)!) as ObjectKind]);
        checked += 1;
        await expectNoLeak(`${route.method} ${url} ${JSON.stringify(body ?? null)}`, procedure, () =>
          ctx.api.app.inject({ method: route.method, url: `/api/v1${url}`, headers: world.attacker.headers, ...(body ? { payload: body } : {}) }),
        );
      }
    }
    expect(checked).toBeGreaterThan(15);
  });

  // Last: these calls may change the attacker's own standing (leave, claim), which the rows above rely on.
  it("answers the attacker's own reads and writes without an id with none of the victim's data, changing none of the victim's rows", async () => {
    const rest = procedures.filter(({ path }) => idFields(inputSchema(path)).every((f) => objectOf(path, f.at(-1)!) === 'public'));
    expect(rest.length).toBeGreaterThan(15);
    for (const { path, type } of rest) {
      const schema = inputSchema(path);
      await expectNoLeak(path, path, () => callTrpc(path, type, schema ? baseline(schema) : undefined), false);
    }
  });
});

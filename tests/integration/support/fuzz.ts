import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApi, TestPlayer } from '@brood/api/testing';
import { MISSIONS } from '@brood/game-core';

/**
 * Arbitraries for the fuzz suites (fuzz-rest, fuzz-trpc): values that look like what the api reads
 * (the player's own ids, catalogue keys, enum words, edges of the integer range) mixed with junk, so a
 * run reaches past the input schemas into the commands as well as hammering the schemas themselves.
 */
export interface FuzzWorld {
  api: TestApi;
  player: TestPlayer;
  territoryId: number;
  /** Ids the player owns (a queue item, a movement, a notification), as text. */
  ownTexts: string[];
}

const WORDS = ['', ' ', '0', '1', '-1', 'true', 'false', 'null', 'NaN', '1e3', '0x10', '%', '..', '__proto__', 'constructor', 'toString', 'ACCEPTED', 'rejected', 'OFFICER', 'LEADER', 'member'];
const EDGE_NUMBERS = [0, -1, 1, 2, 2_147_483_647, 2_147_483_648, -2_147_483_648, Number.MAX_SAFE_INTEGER, 1e300, 0.5, -0];

export function catalogueWords(api: TestApi): string[] {
  const c = api.deps.catalogue;
  return [...Object.keys(c.structures), ...Object.keys(c.technologies), ...Object.keys(c.units), ...Object.keys(c.defenses), ...c.orderedResourceKeys, ...MISSIONS];
}

/** One JSON-able value: a plausible id or key most of the time, junk of every JSON type otherwise. */
export function valueArb(world: FuzzWorld): fc.Arbitrary<unknown> {
  const plausible = fc.oneof(
    fc.constant(world.territoryId),
    fc.constantFrom(...world.ownTexts, ...catalogueWords(world.api), ...WORDS),
    fc.constantFrom(...EDGE_NUMBERS),
    fc.integer({ min: -3, max: 3_000_000 }),
    fc.uuid(),
  );
  const junk = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant('x'.repeat(3000)),
    fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 6 })), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...catalogueWords(world.api)), fc.string({ maxLength: 6 })), fc.oneof(fc.integer({ min: -5, max: 2_000_000_000 }), fc.string({ maxLength: 4 })), { maxKeys: 4 }),
  );
  return fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 2, arbitrary: junk });
}

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/** A value its JSON Schema accepts, or nearly: so generated inputs get past the schemas into the commands. */
export function schemaArb(world: FuzzWorld, schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const words = fc.constantFrom(...world.ownTexts, ...catalogueWords(world.api));
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => schemaArb(world, s, depth)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (depth > 2) return valueArb(world);
  switch (type) {
    case 'integer':
    case 'number':
      return fc.oneof(fc.constant(world.territoryId), fc.integer({ min: 0, max: 5 }), fc.constantFrom(...EDGE_NUMBERS));
    case 'string':
      return schema.format === 'uuid' ? fc.oneof(fc.uuid(), words) : fc.oneof(words, fc.string({ maxLength: 12 }), fc.integer({ min: 0, max: 3 }).map(String));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schemaArb(world, schema.items ?? {}, depth + 1), { maxLength: 3 });
    case 'object':
      if (schema.properties) return fieldsArb(world, schema.properties, depth + 1);
      if (typeof schema.additionalProperties === 'object') {
        return fc.dictionary(words, schemaArb(world, schema.additionalProperties, depth + 1), { maxKeys: 3 });
      }
      return valueArb(world);
    default:
      return valueArb(world);
  }
}

/** An object over the fields a route or procedure reads, each fitting its schema or junk, present or not, sometimes with strangers. */
export function fieldsArb(world: FuzzWorld, properties: Record<string, JsonSchema>, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const value = valueArb(world);
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [name, fc.oneof({ weight: 4, arbitrary: schemaArb(world, schema, depth) }, { weight: 1, arbitrary: value })]),
  );
  const known = fc.record(fields, { requiredKeys: [] });
  const extra = fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), value, { maxKeys: 2 }) });
  return fc.tuple(known, extra).map(([k, e]) => ({ ...e, ...k }));
}

/** A body or input: mostly the known fields, sometimes any JSON at all. */
export function inputArb(world: FuzzWorld, properties: Record<string, JsonSchema>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary: fieldsArb(world, properties) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) }, { weight: 1, arbitrary: valueArb(world) });
}

/** A path segment: the player's own ids, numbers at and past the edges, uuids, and percent-escaped junk. */
export function segmentArb(world: FuzzWorld): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constant(String(world.territoryId)),
    fc.constantFrom(...world.ownTexts, ...WORDS.filter((w) => w !== '' && w !== '..')),
    fc.constantFrom('99999999999999999999', '2147483648', '-5', ' 1', '1.5', '%zz', '%00', 'a%2Fb'),
    fc.nat().map(String),
    fc.uuid(),
    fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
  );
}

/** Who calls: the signed-in player most often, nobody, or a forged token. */
export const authArb = fc.constantFrom<'player' | 'none' | 'forged'>('player', 'player', 'player', 'none', 'forged');

export function authHeaders(world: FuzzWorld, auth: 'player' | 'none' | 'forged'): Record<string, string> {
  if (auth === 'player') return world.player.headers;
  if (auth === 'forged') return { authorization: `Bearer ${world.player.token.slice(0, -4)}AAAA` };
  return {};
}

/** A REST refusal carries `detail`: a sentence, or the list of invalid fields. */
export function restProblem(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return null;
  let detail: unknown;
  try {
    detail = (res.json() as { detail?: unknown }).detail;
  } catch {
    return `status ${res.statusCode} without a JSON body: ${res.body.slice(0, 200)}`;
  }
  const ok = (typeof detail === 'string' && detail.trim() !== '') || (Array.isArray(detail) && detail.length > 0);
  return ok ? null : `status ${res.statusCode} without detail: ${res.body.slice(0, 200)}`;
}

/** A tRPC refusal carries its sentence as `message` (the tRPC wire's `detail`), on every call of a batch. */
export function trpcProblem(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return null;
  let answers: unknown;
  try {
    answers = res.json();
  } catch {
    return `status ${res.statusCode} without a JSON body: ${res.body.slice(0, 200)}`;
  }
  for (const answer of Array.isArray(answers) ? answers : [answers]) {
    const error = (answer as { error?: { json?: { message?: unknown; data?: { httpStatus?: number } } } }).error?.json;
    if (!error) continue;
    if ((error.data?.httpStatus ?? 0) >= 500) return `a call answered ${error.data?.httpStatus}: ${res.body.slice(0, 300)}`;
    if (typeof error.message !== 'string' || error.message.trim() === '') return `status ${res.statusCode} without a message: ${res.body.slice(0, 200)}`;
  }
  return null;
}

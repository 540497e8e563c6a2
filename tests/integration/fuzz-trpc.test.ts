import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allProcedures } from '@brood/api/testing';
import { appRouter } from '../../apps/api/src/root';
import { authArb, authHeaders, inputArb, trpcProblem, valueArb, type JsonSchema } from './support/fuzz';
import { FUZZ_RUNS, useFuzzWorld } from './support/fuzz-world';

/**
 * Every tRPC procedure of the app router (a new one is fuzzed with nobody adding it here), called over
 * /trpc with generated inputs, superjson envelopes that are right, wrong or absent, batches and the
 * wrong method: no call answers a 5xx, and every refusal carries its sentence.
 */
const procedures = allProcedures().filter((p) => p.type !== 'subscription');
const inputs = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { inputs: z.ZodType[] } }> } })._def.procedures;

/** The fields of a procedure's input with their JSON Schemas, for generating plausible objects. */
function fieldSchemas(path: string): Record<string, JsonSchema> {
  const schema = inputs[path]?._def.inputs[0];
  if (!schema) return {};
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return json.properties ?? json.anyOf?.find((s) => s.properties)?.properties ?? {};
}

const RUNS = FUZZ_RUNS;
const fuzz = useFuzzWorld();

describe('fuzzing every tRPC procedure', () => {
  it('lists the procedures of the router', () => {
    expect(procedures.length).toBeGreaterThan(40);
  });

  it.each(procedures.map((p) => [p.path, p] as const))('%s: no 5xx, every 4xx has a message', async (path, { type }) => {
    const envelope = fc.oneof(
      { weight: 5, arbitrary: inputArb(fuzz.world, fieldSchemas(path)).map((json) => JSON.stringify({ json })) },
      { weight: 1, arbitrary: fc.tuple(inputArb(fuzz.world, fieldSchemas(path)), fc.jsonValue({ maxDepth: 3 })).map(([json, meta]) => JSON.stringify({ json, meta })) },
      { weight: 1, arbitrary: valueArb(fuzz.world).map((v) => JSON.stringify(v) ?? '') },
      { weight: 1, arbitrary: fc.constantFrom('', '{', 'not json', '{"json":', '[]', '{"0":{"json":1}}') },
    );
    const request = fc.record({
      auth: authArb,
      envelope,
      batch: fc.boolean(),
      wrongMethod: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ auth, envelope: text, batch, wrongMethod }) => {
        const asQuery = (type === 'query') !== wrongMethod;
        const callPath = batch ? `${path},users.me` : path;
        const input = batch ? JSON.stringify({ 0: safeJson(text), 1: undefined }) : text;
        const res = asQuery
          ? await fuzz.world.api.app.inject({ method: 'GET', url: `/trpc/${callPath}?${batch ? 'batch=1&' : ''}input=${encodeURIComponent(input)}`, headers: authHeaders(fuzz.world, auth) })
          : await fuzz.world.api.app.inject({ method: 'POST', url: `/trpc/${callPath}${batch ? '?batch=1' : ''}`, headers: { ...authHeaders(fuzz.world, auth), 'content-type': 'application/json' }, payload: input });
        const problem = trpcProblem(res);
        if (problem) throw new Error(`${asQuery ? 'GET' : 'POST'} /trpc/${callPath} ${input} -> ${problem}`);
      }),
      { numRuns: RUNS },
    );
  });
});

/** The envelope as a value to nest in a batch; text that is not JSON rides as a string. */
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

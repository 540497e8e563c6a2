import fc from 'fast-check';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../apps/api/src/http/openapi';
import { registerRest } from '../../apps/api/src/rest';
import { restDeclarations } from '../../apps/api/src/rest/route';
import { authArb, authHeaders, fieldsArb, inputArb, restProblem, schemaArb, segmentArb, valueArb, type JsonSchema } from './support/fuzz';
import { FUZZ_RUNS, useFuzzWorld } from './support/fuzz-world';

/**
 * Every /api/v1 route, read from the same declarations the server registers (a new route is fuzzed
 * with nobody adding it here), called with generated path segments, query strings and bodies, signed
 * in or not: no answer is a 5xx, and every 4xx says why in `detail`.
 */
const declared = Fastify();
registerRest(declared, () => Promise.reject(new Error('never called: the routes are only listed')));
const routes = [...restDeclarations(declared)];
type Op = { parameters?: { name: string; in: string; schema: JsonSchema }[]; requestBody?: { content: { 'application/json': { schema: JsonSchema } } } };
const doc = (await buildOpenApiDocument(declared)) as { paths: Record<string, Record<string, Op>> };
await declared.close();

const RUNS = FUZZ_RUNS;
const fuzz = useFuzzWorld();

const asText = (v: unknown): string => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

/** The query string: its parameters fitting their schemas or not, strangers, repeated names (arrays), raw junk now and then. */
function queryArb(parameters: { name: string; schema: JsonSchema }[]): fc.Arbitrary<string> {
  const known = fc.oneof(...[...parameters, { name: 'skip', schema: {} }].map((p) => fc.tuple(fc.constant(p.name), fc.oneof(schemaArb(fuzz.world, p.schema), valueArb(fuzz.world)).map(asText))));
  const stranger = fc.tuple(fc.string({ maxLength: 6 }), valueArb(fuzz.world).map(asText));
  const pairs = fc.array(fc.oneof({ weight: 4, arbitrary: known }, { weight: 1, arbitrary: stranger }), { maxLength: 5 });
  return fc.tuple(pairs, fc.constantFrom('', '', '', '&%zz', '&a[b]=1', '&&=')).map(([p, raw]) => {
    const text = new URLSearchParams(p).toString() + raw;
    return text ? `?${text}` : '';
  });
}

describe('fuzzing every REST route', () => {
  it('lists the routes the server declares', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: no 5xx, every 4xx has detail', async (_name, route) => {
    const op = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]![route.method.toLowerCase()]!;
    const queryParameters = (op.parameters ?? []).filter((p) => p.in === 'query');
    const bodyFields = op.requestBody?.content['application/json'].schema.properties ?? {};
    const pathNames = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const request = fc.record({
      auth: authArb,
      segments: fc.tuple(...pathNames.map(() => segmentArb(fuzz.world))),
      query: queryArb(queryParameters),
      body: route.method === 'GET' ? fc.constant(undefined) : inputArb(fuzz.world, bodyFields),
      form: fc.boolean(),
      fields: fieldsArb(fuzz.world, bodyFields),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ auth, segments, query, body, form, fields }) => {
        let i = 0;
        const url = `/api/v1${route.path.replace(/:(\w+)/g, () => segments[i++]!)}${query}`;
        const headers: Record<string, string> = { ...authHeaders(fuzz.world, auth) };
        let payload: string | undefined;
        if (route.method !== 'GET') {
          if (form) {
            headers['content-type'] = 'application/x-www-form-urlencoded';
            payload = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, asText(v)])).toString();
          } else {
            headers['content-type'] = 'application/json';
            payload = body === undefined ? undefined : JSON.stringify(body);
          }
        }
        const res = await fuzz.world.api.app.inject({ method: route.method, url, headers, payload, remoteAddress: '10.77.0.1' });
        const problem = restProblem(res);
        if (problem) throw new Error(`${route.method} ${url} ${payload ?? ''} -> ${problem}`);
      }),
      { numRuns: RUNS },
    );
  });
});

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { appRouter } from '../root';
import { restDeclarations, type Caller, type RestDeclaration } from '../rest/route';
import type { Ctx } from '../trpc';

type JsonSchema = Record<string, unknown>;
interface Procedure {
  _def: { type: string; inputs: z.ZodType[] };
}

const procedures = (appRouter as unknown as { _def: { procedures: Record<string, Procedure> } })._def.procedures;
const STOP = new Error('probe');
const PARAM_BASE = 987_000;

/** What a route's handler hands its procedure, found by running it against recording stand-ins. */
interface Probed {
  procedure: string | null;
  input: unknown;
  body: object;
  query: object;
  /** Path parameter name by the tag value it read. */
  paramTags: Map<string, string>;
}

/**
 * Runs a handler once with a caller that records which procedure it calls and with what, and a request
 * whose params, query and body hand out tagged values: so each input field is traced to where the
 * adapter took it from, with no second declaration beside restRoute's.
 */
async function probe(declaration: RestDeclaration): Promise<Probed> {
  const found: Probed = { procedure: null, input: undefined, body: {}, query: {}, paramTags: new Map() };
  const caller = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_t, prop) => (typeof prop === 'string' ? caller([...path, prop]) : undefined),
      apply: (_t, _this, args: unknown[]) => {
        found.procedure = path.join('.');
        found.input = args[0];
        throw STOP;
      },
    });
  const tagged = (source: string) => new Proxy({}, { get: (_t, prop) => (typeof prop === 'string' ? `\u0000${source}:${prop}` : undefined) });
  found.body = tagged('body');
  found.query = tagged('query');
  const params = new Proxy({}, {
    get: (_t, prop) => {
      if (typeof prop !== 'string') return undefined;
      const tag = String(PARAM_BASE + found.paramTags.size + 1);
      found.paramTags.set(tag, prop);
      return tag;
    },
  });
  const req = { params, body: found.body, query: found.query, headers: {}, ip: '127.0.0.1' } as unknown as FastifyRequest;
  const ctx = new Proxy({}, { get: () => { throw STOP; } }) as Ctx;
  try {
    await declaration.handler(caller([]) as Caller, req, ctx);
  } catch {
    // STOP, or a stand-in the handler could not use: what was recorded so far is the answer.
  }
  return found;
}

/** Which procedure a route calls, and which input field each of its path parameters fills. */
export interface RestBinding {
  procedure: string | null;
  /** Input field by path parameter name. */
  pathFields: Record<string, string>;
}

/** A declared route's binding, traced the same way as its document (for checks over every route). */
export async function restBinding(declaration: RestDeclaration): Promise<RestBinding> {
  const probed = await probe(declaration);
  const pathFields: Record<string, string> = {};
  if (probed.input && typeof probed.input === 'object' && probed.input !== probed.body && probed.input !== probed.query) {
    for (const [field, value] of Object.entries(probed.input as Record<string, unknown>)) {
      const param = probed.paramTags.get(String(value));
      if (param) pathFields[param] = field;
    }
  }
  return { procedure: probed.procedure, pathFields };
}

function inputSchema(procedure: string | null): JsonSchema | null {
  const schema = procedure ? procedures[procedure]?._def.inputs[0] : undefined;
  if (!schema) return null;
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const DETAIL = {
  type: 'object',
  required: ['detail'],
  properties: { detail: { description: 'A sentence, or for invalid input a list of {loc, msg, type}', oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'object' } }] } },
};

/** One operation of the document from one declared route. */
async function operation(declaration: RestDeclaration): Promise<JsonSchema> {
  const probed = await probe(declaration);
  const schema = inputSchema(probed.procedure);
  const fields = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema?.required ?? []) as string[]);
  const parameters: JsonSchema[] = [];
  const bodyProps: Record<string, JsonSchema> = {};
  const bodyRequired: string[] = [];
  const pathNames = [...declaration.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const pathSchemas = new Map<string, JsonSchema>();
  let body: JsonSchema | null = null;

  if (probed.input === probed.body) body = schema;
  else if (probed.input === probed.query) {
    for (const [name, field] of Object.entries(fields)) parameters.push({ name, in: 'query', required: required.has(name), schema: field });
  } else if (probed.input && typeof probed.input === 'object') {
    for (const [field, value] of Object.entries(probed.input as Record<string, unknown>)) {
      const text = String(value);
      const fieldSchema = fields[field] ?? {};
      if (probed.paramTags.has(text)) pathSchemas.set(probed.paramTags.get(text)!, fieldSchema);
      const source = /^\u0000(body|query):(.+)$/.exec(text);
      if (source?.[1] === 'body') {
        bodyProps[source[2]!] = fieldSchema;
        if (required.has(field)) bodyRequired.push(source[2]!);
      } else if (source?.[1] === 'query') {
        parameters.push({ name: source[2], in: 'query', required: required.has(field), schema: fieldSchema });
      }
    }
    if (Object.keys(bodyProps).length > 0) body = { type: 'object', properties: bodyProps, required: bodyRequired };
  }
  parameters.unshift(...pathNames.map((name) => ({ name, in: 'path', required: true, schema: pathSchemas.get(name) ?? { type: 'string' } })));

  const segment = declaration.path.split('/')[1] ?? '';
  return {
    operationId: `${declaration.method.toLowerCase()}${declaration.path.replace(/[^\w]+(\w)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : 'Slash'))}`,
    tags: [segment],
    ...(probed.procedure ? { summary: `tRPC ${procedures[probed.procedure]?._def.type ?? 'procedure'} ${probed.procedure}`, 'x-trpc-procedure': probed.procedure } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    // Every write takes JSON or a form (the api parses both).
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body }, 'application/x-www-form-urlencoded': { schema: body } } } } : {}),
    responses: {
      [String(declaration.successStatus)]: { description: 'Success', content: { 'application/json': { schema: {} } } },
      '4XX': { description: 'Refused, with a sentence or the invalid fields', content: { 'application/json': { schema: DETAIL } } },
      '503': {
        description: 'The database could not be reached for a moment; the sentence says whether anything may have been saved',
        headers: { 'Retry-After': { description: 'Seconds to wait before asking again', schema: { type: 'integer' } } },
        content: { 'application/json': { schema: DETAIL } },
      },
    },
  };
}

/** The OpenAPI 3.1 document of every route declared with restRoute on `app`. */
export async function buildOpenApiDocument(app: FastifyInstance): Promise<JsonSchema> {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const declaration of restDeclarations(app)) {
    const path = openApiPath(declaration.path);
    paths[path] = { ...paths[path], [declaration.method.toLowerCase()]: await operation(declaration) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Broodspace API', version: '1', description: 'Every /api/v1 route, generated from the zod inputs of the tRPC procedures they call.' },
    servers: [{ url: '/api/v1' }],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}

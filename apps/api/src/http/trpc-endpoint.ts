import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRPCError, getErrorShape, getTRPCErrorFromUnknown, transformTRPCResponse } from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import { getProcedureAtPath, type AnyProcedure, type AnyRouter, type ProcedureType } from '@trpc/server/unstable-core-do-not-import';
import type { Ctx } from '../trpc';
import type { ContextFactory } from '../context';
import { logDatabaseAway } from '../database/outage';

/**
 * `/trpc/<path>[,<path>...]`: tRPC's HTTP protocol as httpBatchLink speaks it (queries by GET with
 * `?batch=1&input=`, mutations by POST with a JSON body, one JSON answer for the whole batch), served
 * straight from Fastify's request.
 *
 * tRPC's own Fastify adapter turns every request into a fetch `Request` (headers copied into a
 * `Headers`, the body into a stream) and every answer into a `Response` piped through a
 * `WritableStream`, and links an `AbortSignal.any` to each call. Node keeps those signals and the
 * request's own in WeakRefs and FinalizationRegistry entries that only a major collection clears, so
 * each request's objects were promoted to the old generation: two fifths of what filled it, and the
 * major collections were what made the slow stretches of the universe bench (docs/benchmarks.md,
 * decision 24). The answers are the same, built with tRPC's own helpers (error shape, status,
 * transformer); what is not served is what the web app never asks: streamed answers (jsonl, SSE) and
 * form or binary inputs. A string answer also lets the compression hook compress a large one.
 */
export async function registerTrpcEndpoint(app: FastifyInstance, options: {
  router: AnyRouter;
  createContext: ContextFactory;
  retryAfter: string;
}): Promise<void> {
  const { router, createContext, retryAfter } = options;
  await app.register(async (scope) => {
    // The body is parsed here, lazily and once, as tRPC does: a call whose procedure does not exist reads no input.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.all('/trpc/:path', (req: FastifyRequest<{ Params: { path: string } }>, reply) => answer(router, createContext, retryAfter, req, reply));
  });
}

interface Call {
  path: string;
  procedure: AnyProcedure | null;
  getRawInput: () => Promise<unknown>;
  /** The input, once read (for the error shape). */
  input: () => unknown;
}

type Outcome = { error: TRPCError } | { data: unknown };

const ACCEPTED_METHOD: Record<ProcedureType, string> = { query: 'GET', mutation: 'POST', subscription: 'GET' };

async function answer(
  router: AnyRouter,
  createContext: ContextFactory,
  retryAfter: string,
  req: FastifyRequest<{ Params: { path: string } }>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  if (req.method === 'HEAD') return reply.code(204).send();
  const config = router._def._config;
  const query = req.query as Query;
  const isBatch = first(query.batch) === '1';
  let calls: Call[] = [];
  let type: ProcedureType | 'unknown' = 'unknown';
  let ctx: Ctx | undefined;
  let json: unknown;
  const errors: TRPCError[] = [];
  try {
    calls = await readCalls(router, req, query, isBatch);
    type = callsType(calls);
    let ctxError: TRPCError | undefined;
    try {
      ctx = await createContext(req);
    } catch (cause) {
      ctxError = getTRPCErrorFromUnknown(cause);
    }
    const outcomes = await Promise.all(calls.map((call, index) => run(call, index, req.method, ctx, ctxError)));
    const shaped = outcomes.map((outcome, index) => {
      const call = calls[index]!;
      if ('data' in outcome) return { result: { data: outcome.data } };
      errors.push(outcome.error);
      report(req.log, outcome.error, call.path);
      return { error: getErrorShape({ config, ctx, error: outcome.error, input: call.input(), path: call.path, type: call.procedure?._def.type ?? 'unknown' }) };
    });
    json = isBatch ? shaped : shaped[0];
  } catch (cause) {
    // The request itself is at fault (a bad path, a batch that mixes queries and mutations): one error answers it.
    const error = getTRPCErrorFromUnknown(cause);
    errors.push(error);
    report(req.log, error, undefined);
    json = { error: getErrorShape({ config, ctx, error, input: undefined, path: undefined, type }) };
  }
  // A call (or one of a batch) the database could not answer: the client may ask again in a moment.
  if (errors.some((e) => e.code === 'SERVICE_UNAVAILABLE')) reply.header('retry-after', retryAfter);
  return reply
    .code(getHTTPStatusCode(json as Parameters<typeof getHTTPStatusCode>[0]))
    .type('application/json')
    .send(JSON.stringify(transformTRPCResponse(config, json as Parameters<typeof transformTRPCResponse>[1])));
}

type Query = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function contentType(req: FastifyRequest): string | undefined {
  return req.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase();
}

/** The batch's calls, each reading its input from the query (GET) or the body (POST) when it asks. */
async function readCalls(router: AnyRouter, req: FastifyRequest<{ Params: { path: string } }>, query: Query, isBatch: boolean): Promise<Call[]> {
  if (req.method !== 'GET' && contentType(req) !== 'application/json') {
    const header = req.headers['content-type'];
    throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: header ? `Unsupported content-type "${header}"` : 'Missing content-type header' });
  }
  const paths = isBatch ? req.params.path.split(',') : [req.params.path];
  const deserialize = (value: unknown) => router._def._config.transformer.input.deserialize(value) as unknown;
  let inputs: Promise<unknown[]> | undefined;
  let read: unknown[] | undefined;
  const readInputs = async (): Promise<unknown[]> => {
    const text = req.method === 'GET' ? first(query.input) : (req.body as string | undefined);
    if (!text) return [];
    const raw = JSON.parse(text) as unknown;
    if (!isBatch) return [deserialize(raw)];
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: '"input" needs to be an object when doing a batch call' });
    }
    const byIndex = raw as Record<string, unknown>;
    return paths.map((_path, index) => (byIndex[index] === undefined ? undefined : deserialize(byIndex[index])));
  };
  const input = async (index: number): Promise<unknown> => {
    inputs ??= readInputs().then(
      (values) => (read = values),
      (cause: unknown) => {
        if (cause instanceof TRPCError) throw cause;
        throw new TRPCError({ code: 'BAD_REQUEST', message: cause instanceof Error ? cause.message : 'Invalid input', cause });
      },
    );
    return (await inputs)[index];
  };
  return Promise.all(paths.map(async (path, index) => ({
    path,
    procedure: (await getProcedureAtPath(router, path)) ?? null,
    getRawInput: () => input(index),
    input: () => read?.[index],
  })));
}

function callsType(calls: Call[]): ProcedureType | 'unknown' {
  const types = new Set(calls.map((call) => call.procedure?._def.type).filter((type) => type !== undefined));
  if (types.size > 1) throw new TRPCError({ code: 'BAD_REQUEST', message: `Cannot mix procedure types in call: ${[...types].join(', ')}` });
  return types.values().next().value ?? 'unknown';
}

async function run(call: Call, batchIndex: number, method: string, ctx: Ctx | undefined, ctxError: TRPCError | undefined): Promise<Outcome> {
  try {
    const procedure = call.procedure;
    if (!procedure) throw new TRPCError({ code: 'NOT_FOUND', message: `No procedure found on path "${call.path}"` });
    const type = procedure._def.type;
    if (ACCEPTED_METHOD[type] !== method) {
      throw new TRPCError({ code: 'METHOD_NOT_SUPPORTED', message: `Unsupported ${method}-request to ${type} procedure at path "${call.path}"` });
    }
    if (type === 'subscription') throw new TRPCError({ code: 'METHOD_NOT_SUPPORTED', message: 'Subscriptions are not served over HTTP: live updates come over /ws' });
    if (ctxError) throw ctxError;
    const data: unknown = await procedure({ path: call.path, getRawInput: call.getRawInput, ctx, type, signal: undefined, batchIndex });
    return { data };
  } catch (cause) {
    return { error: getTRPCErrorFromUnknown(cause) };
  }
}

function report(log: FastifyBaseLogger, error: TRPCError, path: string | undefined): void {
  if (error.code === 'SERVICE_UNAVAILABLE') logDatabaseAway(log, { path }, error);
  if (error.code === 'INTERNAL_SERVER_ERROR') log.error({ err: error, path }, 'tRPC call failed');
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createCallerFactory, type Ctx, type FieldSource } from '../trpc';
import { appRouter } from '../root';
import { toHttpError } from '../errors';
import type { ContextFactory } from '../context';
import { logDatabaseAway } from '../database/outage';

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type RestHandler = (caller: Caller, req: FastifyRequest, ctx: Ctx) => Promise<unknown>;

/** One declared /api/v1 route, as the OpenAPI document (http/openapi.ts) reads it. */
export interface RestDeclaration {
  method: Method;
  path: string;
  handler: RestHandler;
  successStatus: number;
}

const holds = (value: unknown, field: string | number): boolean =>
  typeof value === 'object' && value !== null && Object.hasOwn(value, field) && (value as Record<string | number, unknown>)[field] !== undefined;

/**
 * Where a field of the procedure's input came from: the query string or the body when either holds
 * it, else the path (the adapter put it in the input from a path segment: `/territories/{id}`); a
 * field absent (or undefined) everywhere was expected in the query of a GET or a DELETE without a body,
 * else in the body.
 */
function fieldSource(req: FastifyRequest, input: unknown): FieldSource {
  return (field) => {
    if (field !== undefined) {
      if (holds(req.query, field)) return 'query';
      if (holds(req.body, field)) return 'body';
      if (holds(input, field)) return 'path';
    }
    return req.method === 'GET' || (req.method === 'DELETE' && req.body === undefined) ? 'query' : 'body';
  };
}

const declarations = new WeakMap<FastifyInstance, RestDeclaration[]>();

/** Every route declared with restRoute on this app, in declaration order. */
export function restDeclarations(app: FastifyInstance): readonly RestDeclaration[] {
  return declarations.get(app) ?? [];
}

/**
 * One /api/v1 path onto one procedure: `handler` maps path, query and body onto the caller and returns
 * the answer (a Buffer of JSON text is sent as it is); any error becomes `{detail}` with its status.
 * Adapters stay this thin. The declaration is kept for the OpenAPI document.
 */
export function restRoute(
  app: FastifyInstance,
  makeContext: ContextFactory,
  method: Method,
  path: string,
  handler: RestHandler,
  successStatus = 200,
): void {
  declarations.set(app, [...restDeclarations(app), { method, path, handler, successStatus }]);
  app.route({
    method,
    url: `/api/v1${path}`,
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const ctx = await makeContext(req);
      let input: unknown;
      try {
        const result = await handler(createCaller(ctx, { onError: (failed) => (input = failed.input) }), req, ctx);
        // A Buffer is JSON text serialised ahead (the map's kept region answers): sent as it is.
        if (Buffer.isBuffer(result)) reply.type('application/json; charset=utf-8');
        return reply.code(successStatus).send(result ?? null);
      } catch (error) {
        const http = toHttpError(error, fieldSource(req, input));
        if (http.status === 503) {
          // The database could not be reached (database/outage.ts): the client may ask again in a moment.
          logDatabaseAway(req.log, {}, error);
          reply.header('retry-after', String(ctx.deps.catalogue.universe.api_limits.retry_after_seconds));
        } else if (http.status >= 500) req.log.error({ err: error }, 'REST call failed');
        return reply.code(http.status).send(http.body);
      }
    },
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createCallerFactory, type Ctx } from '../trpc';
import { appRouter } from '../root';
import { toHttpError } from '../errors';
import type { ContextFactory } from '../context';

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One /api/v1 path onto one procedure: `handler` maps path, query and body onto the caller and returns
 * the answer; any error becomes `{detail}` with its status. Adapters stay this thin.
 */
export function restRoute(
  app: FastifyInstance,
  makeContext: ContextFactory,
  method: Method,
  path: string,
  handler: (caller: Caller, req: FastifyRequest, ctx: Ctx) => Promise<unknown>,
  successStatus = 200,
): void {
  app.route({
    method,
    url: `/api/v1${path}`,
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const ctx = await makeContext(req);
      try {
        const result = await handler(createCaller(ctx), req, ctx);
        return reply.code(successStatus).send(result ?? null);
      } catch (error) {
        const http = toHttpError(error);
        if (http.status >= 500) req.log.error({ err: error }, 'REST call failed');
        return reply.code(http.status).send(http.body);
      }
    },
  });
}

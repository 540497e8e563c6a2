import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { pendingMigrations } from '@brood/world';
import { appRouter, type AppRouter } from './root';
import { contextFactory } from './context';
import { registerRest } from './rest';
import { registerJsonCompression } from './http/compression';
import { webStaticOptions } from './http/static';
import { registerSecurity } from './http/security';
import { registerApiDocs } from './http/api-docs';
import { registerMetrics } from './http/metrics';
import type { ApiDeps } from './deps';

/** The whole HTTP surface on one Fastify instance: /healthz, /trpc, /api/v1, the web app. /ws is attached in main. */
export async function buildApp(deps: ApiDeps, options: { logStream?: Writable } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.env.LOG_LEVEL === 'silent' ? false : { level: deps.env.LOG_LEVEL, ...(options.logStream ? { stream: options.logStream } : {}) },
    // Every log line of a request carries its id: behind a balancer (TRUST_PROXY) its X-Request-Id, else a new UUID.
    requestIdHeader: deps.env.TRUST_PROXY ? 'x-request-id' : false,
    genReqId: () => randomUUID(),
    routerOptions: { maxParamLength: 5000 },
    trustProxy: deps.env.TRUST_PROXY,
    bodyLimit: deps.catalogue.universe.api_limits.body_max_bytes,
  });
  const makeContext = contextFactory(deps);

  await app.register(formbody);
  registerJsonCompression(app);
  registerSecurity(app, deps);
  registerMetrics(app, deps);

  // Errors Fastify raises before a route runs (a body that is not JSON, an unknown content type, a body
  // too large) answer in the same {detail} shape as everything else; a broken JSON body is invalid input.
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ detail: 'Internal server error' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return reply.code(422).send({ detail: [{ loc: ['body'], msg: 'The body is not valid JSON', type: 'json_invalid' }] });
    }
    return reply.code(status).send({ detail: error.message });
  });

  app.get('/healthz', async (_req, reply) => {
    try {
      const pending = await pendingMigrations(deps.orm);
      if (pending.length > 0) return reply.code(503).send({ status: 'migrating', pending });
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'database unreachable' });
    }
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => makeContext(req),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC call failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  registerApiDocs(app);
  registerRest(app, makeContext);

  const webDist = deps.env.WEB_DIST ? resolve(deps.env.WEB_DIST) : null;
  if (webDist && existsSync(join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, webStaticOptions(webDist));
    // Client-side routes: every other GET that is not an API path gets the app shell.
    app.setNotFoundHandler((req, reply) => {
      const apiPath = req.url.startsWith('/api/') || req.url.startsWith('/trpc') || req.url.startsWith('/ws');
      if (req.method === 'GET' && !apiPath) return reply.type('text/html').sendFile('index.html');
      return reply.code(404).send({ detail: 'Not Found' });
    });
  } else {
    app.setNotFoundHandler((_req, reply) => reply.code(404).send({ detail: 'Not Found' }));
  }
  return app;
}

import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import { appRouter } from './root';
import { contextFactory } from './context';
import { registerRest } from './rest';
import { registerJsonCompression } from './http/compression';
import { webStaticOptions } from './http/static';
import { registerSecurity } from './http/security';
import { registerApiDocs } from './http/api-docs';
import { registerMetrics } from './http/metrics';
import { registerHealth } from './http/health';
import { registerTrpcEndpoint } from './http/trpc-endpoint';
import type { ApiDeps } from './deps';
import { OneLinePerRequest, loggerOptions } from './logging';
import { clientErrorHandler, errorHandler, frameworkErrors } from './http-errors';
import { watchWrites } from './database/outage';

/** The logger options with the lines written to `stream` (a test reads them) instead of stdout. */
function withStream(logger: FastifyServerOptions['logger'], stream: Writable | undefined): FastifyServerOptions['logger'] {
  return stream && logger && typeof logger === 'object' ? { ...logger, stream } : logger;
}

/** The whole HTTP surface on one Fastify instance: /healthz, /trpc, /api/v1, the web app. /ws is attached in main. */
export async function buildApp(deps: ApiDeps, options: { logStream?: Writable } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withStream(loggerOptions(deps.env.LOG_LEVEL), options.logStream),
    logController: new OneLinePerRequest(),
    // Every log line of a request carries its id: behind a balancer (TRUST_PROXY) its X-Request-Id, else a new UUID.
    requestIdHeader: deps.env.TRUST_PROXY ? 'x-request-id' : false,
    genReqId: () => randomUUID(),
    routerOptions: { maxParamLength: 5000 },
    trustProxy: deps.env.TRUST_PROXY,
    bodyLimit: deps.catalogue.universe.api_limits.body_max_bytes,
    frameworkErrors,
    clientErrorHandler,
  });
  deps.reads.logTo(app.log); // the read replica's fallback lines
  watchWrites(deps.orm); // what a call that meets a database outage says it did (database/outage.ts)
  const retryAfter = String(deps.catalogue.universe.api_limits.retry_after_seconds);
  const makeContext = contextFactory(deps);

  await app.register(formbody);
  registerJsonCompression(app);
  registerSecurity(app, deps);
  registerMetrics(app, deps);

  app.setErrorHandler(errorHandler(retryAfter));

  registerHealth(app, deps);

  await registerTrpcEndpoint(app, { router: appRouter, createContext: makeContext, retryAfter });

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

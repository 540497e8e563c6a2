import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/**
 * A URL as request logs show it: the path, and `?[redacted]` in place of any query, since a query can
 * carry a secret (`/ws?token=...` is how a browser socket signs in).
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : `${url.slice(0, query)}?[redacted]`;
}

/** Fastify's logger: what the deployment asked for, with request URLs redacted on every line. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}

/**
 * One log line a request, not Fastify's two ('incoming request' and 'request completed'): the
 * completion line carries the request too (method, redacted URL, address), beside the status, the
 * time taken, the request id and the player's id. Each line is a JSON serialisation and a write to
 * stdout, paid on every request at the default level. Errors and the rest log as Fastify does.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

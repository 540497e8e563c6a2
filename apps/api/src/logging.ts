import type { FastifyRequest, FastifyServerOptions } from 'fastify';

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

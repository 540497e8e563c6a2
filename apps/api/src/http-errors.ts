import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { databaseAwayError, logDatabaseAway } from './database/outage';

/**
 * Every answer is `{detail}`, errors Fastify and Node raise before any route runs included: a body
 * that is not JSON, an unknown content type, a body too large (the error handler), a path that is not
 * valid percent-encoding or has an over-long parameter (framework errors), a request whose headers are
 * too large or malformed (client errors, answered on the raw socket since no request exists yet).
 */

/**
 * Fastify's errors once a request exists; a broken JSON body is invalid input (422, as FastAPI does).
 * A route outside tRPC and /api/v1 that could not reach the database answers 503 with `retryAfter`
 * seconds: only a GET is known to have changed nothing (database/outage.ts).
 */
export function errorHandler(retryAfter: string) {
  return (error: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const away = databaseAwayError(error, req.method !== 'GET' && req.method !== 'HEAD');
    if (away) {
      logDatabaseAway(req.log, {}, error);
      return reply.code(503).header('retry-after', retryAfter).send({ detail: away.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ detail: 'Internal server error' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return reply.code(422).send({ detail: [{ loc: ['body'], msg: 'The body is not valid JSON', type: 'json_invalid' }] });
    }
    return reply.code(status).send({ detail: error.message });
  };
}

/**
 * The router's refusals: a bad percent-escape (400) or a path parameter past maxParamLength (414).
 * Fastify gives these no completion line, so their one log line is written here.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const refuse = (statusCode: number, detail: string) => {
    req.log.info({ req, res: { statusCode } }, 'request refused by the router');
    return reply.code(statusCode).send({ detail });
  };
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return refuse(414, 'The path is too long');
  if (error.code === 'FST_ERR_BAD_URL') return refuse(400, 'The path is not a valid URL');
  return refuse(error.statusCode ?? 400, error.message);
}

const CLIENT_ERRORS: Record<string, { status: number; detail: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'The request headers are too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: 'The request took too long to arrive' },
};

/** Node's HTTP parser refused the request (Fastify's default answers these without `detail`). */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, detail } = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, detail: 'The request is not valid HTTP' };
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

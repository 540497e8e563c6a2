import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { GameError } from '@brood/world';
import { zodIssuesToDetail, type FieldSource, type ValidationItem } from './trpc';

/** tRPC codes to HTTP statuses, as docs/architecture.md fixes them. */
const STATUS: Partial<Record<TRPCError['code'], number>> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  METHOD_NOT_SUPPORTED: 405,
  SERVICE_UNAVAILABLE: 503,
};

export interface HttpError {
  status: number;
  body: { detail: string | ValidationItem[] };
}

/**
 * Any error thrown by a procedure as the REST answer `{detail}`; unknown errors are 500 without internals.
 * `sourceOf` says whether a refused field came in the path, the query or the body.
 */
export function toHttpError(error: unknown, sourceOf?: FieldSource): HttpError {
  if (error instanceof TRPCError) {
    if (error.cause instanceof ZodError) return { status: 422, body: { detail: zodIssuesToDetail(error.cause, sourceOf) } };
    if (error.cause instanceof GameError) return toHttpError(error.cause);
    return { status: STATUS[error.code] ?? 500, body: { detail: error.code === 'INTERNAL_SERVER_ERROR' ? 'Internal server error' : error.message } };
  }
  if (error instanceof GameError) return { status: STATUS[error.kind] ?? 400, body: { detail: error.message } };
  if (error instanceof ZodError) return { status: 422, body: { detail: zodIssuesToDetail(error, sourceOf) } };
  return { status: 500, body: { detail: 'Internal server error' } };
}


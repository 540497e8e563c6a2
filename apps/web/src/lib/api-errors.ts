import { TRPCClientError } from '@trpc/client';
import { useAuthStore } from '../stores/auth-store';
import { showError } from './toast';

/**
 * The spec's HTTP handling table (core §8): every failed call becomes one sentence a player can act
 * on. Pure mapping here; side effects (toast, 401 sign-out) in handleApiError.
 */

export const LOGIN_FAILED = 'Incorrect username or password.';
export const SESSION_EXPIRED = 'Session expired or invalid. Please log in again.';
export const FORBIDDEN = 'You do not have permission to perform this action.';
export const NOT_FOUND = 'The requested resource was not found.';
export const CONFLICT = 'A conflict occurred. Please check your input.';
export const NETWORK_ERROR = 'Network error. Please check your connection or try again later.';
export const GENERIC_ERROR = 'An unexpected error occurred. Please try again later.';

/**
 * A response that is not the api's JSON (a proxy's 502 page, an empty 500): thrown by the tRPC
 * link's fetch so the status survives (tRPC itself only reports the JSON parse failure).
 */
export class HttpStatusError extends Error {
  constructor(readonly status: number, statusText: string) {
    super(`HTTP ${status}${statusText ? ` ${statusText}` : ''}`);
    this.name = 'HttpStatusError';
  }
}

/** fetch for the tRPC links: non-JSON error responses become HttpStatusError. */
export const statusAwareFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (!response.ok && !(response.headers.get('content-type') ?? '').includes('json')) {
    throw new HttpStatusError(response.status, response.statusText);
  }
  return response;
};

/** The login call: a 401 there is a wrong password, not an expired session. */
export const LOGIN_PATHS: ReadonlySet<string> = new Set(['auth.token', 'auth.login']);

export interface ValidationItem {
  loc: (string | number)[];
  msg: string;
  type?: string;
}

export interface ApiErrorInfo {
  /** HTTP status, or null when no response arrived. */
  status: number | null;
  /** The toast text. */
  message: string;
  /** The server's detail as text (what '{detail or message}' templates show). */
  detail: string;
  /** A 401 outside the login call: the session must end. */
  sessionExpired: boolean;
}

function isValidationList(value: unknown): value is ValidationItem[] {
  return Array.isArray(value) && value.every((item) => item && typeof item === 'object' && 'msg' in item);
}

/** Validation items as 'message (Field: path)' joined by semicolons; the body/query root is dropped. */
export function formatValidationItems(items: ValidationItem[]): string {
  return items
    .map((item) => {
      const loc = Array.isArray(item.loc) ? item.loc : [];
      const field = (['body', 'query', 'path'].includes(String(loc[0])) ? loc.slice(1) : loc).join('.');
      return field ? `${item.msg} (Field: ${field})` : item.msg;
    })
    .join('; ');
}

/** A detail in any of the shapes the server sends, as text (null when there is none). */
export function detailToText(detail: unknown): string | null {
  if (detail === null || detail === undefined || detail === '') return null;
  if (typeof detail === 'string') return detail;
  if (isValidationList(detail)) return formatValidationItems(detail);
  try {
    return JSON.stringify(detail);
  } catch {
    return null;
  }
}

interface ErrorFacts {
  status: number | null;
  detail: string | null;
  path: string | null;
  noResponse: boolean;
  message: string;
}

function readFacts(error: unknown, pathHint?: string): ErrorFacts {
  if (error instanceof TRPCClientError && error.cause instanceof HttpStatusError) {
    return { status: error.cause.status, detail: null, path: pathHint ?? null, noResponse: false, message: error.message };
  }
  if (error instanceof TRPCClientError) {
    const data = (error.data ?? null) as { httpStatus?: unknown; path?: unknown; validation?: unknown } | null;
    const meta = error.meta as { response?: { status?: unknown } } | undefined;
    const status =
      typeof data?.httpStatus === 'number'
        ? data.httpStatus
        : typeof meta?.response?.status === 'number'
          ? meta.response.status
          : null;
    const path = typeof data?.path === 'string' ? data.path : pathHint ?? null;
    const detail = isValidationList(data?.validation) && data.validation.length > 0 ? formatValidationItems(data.validation) : error.message || null;
    return { status, detail, path, noResponse: status === null, message: error.message };
  }
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : GENERIC_ERROR;
  return { status: null, detail: message, path: pathHint ?? null, noResponse: false, message };
}

function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const cause = error.cause as { name?: unknown } | undefined;
  return cause?.name === 'TypeError' || /failed to fetch|networkerror|network request failed|load failed|fetch failed/i.test(error.message);
}

/** The toast text and facts for any error a call can reject with. */
export function describeApiError(error: unknown, pathHint?: string): ApiErrorInfo {
  const facts = readFacts(error, pathHint);
  const detail = facts.detail ?? facts.message ?? GENERIC_ERROR;
  if (facts.noResponse) {
    if (error instanceof TRPCClientError) {
      // A body that is not JSON came back: there was an answer, but not one we can read.
      if ((error.cause as { name?: unknown } | undefined)?.name === 'SyntaxError') {
        return { status: null, message: GENERIC_ERROR, detail: GENERIC_ERROR, sessionExpired: false };
      }
      const message = isNetworkFailure(error) ? NETWORK_ERROR : `Error sending request: ${facts.message}`;
      return { status: null, message, detail: message, sessionExpired: false };
    }
    return { status: null, message: detail, detail, sessionExpired: false };
  }
  const status = facts.status as number;
  const isLogin = facts.path !== null && LOGIN_PATHS.has(facts.path);
  switch (status) {
    case 401:
      return isLogin
        ? { status, message: facts.detail ?? LOGIN_FAILED, detail: facts.detail ?? LOGIN_FAILED, sessionExpired: false }
        : { status, message: SESSION_EXPIRED, detail, sessionExpired: true };
    case 403:
      return { status, message: facts.detail ?? FORBIDDEN, detail: facts.detail ?? FORBIDDEN, sessionExpired: false };
    case 404:
      return { status, message: facts.detail ?? NOT_FOUND, detail: facts.detail ?? NOT_FOUND, sessionExpired: false };
    case 409:
      return { status, message: facts.detail ?? CONFLICT, detail: facts.detail ?? CONFLICT, sessionExpired: false };
    default:
      return { status, message: facts.detail ?? GENERIC_ERROR, detail: facts.detail ?? GENERIC_ERROR, sessionExpired: false };
  }
}

/** '{detail or message}' for templates such as 'Failed to claim account: ...'. */
export function errorDetail(error: unknown): string {
  return describeApiError(error).detail;
}

/** The HTTP status of a failed call, or null when no response arrived. */
export function errorStatus(error: unknown): number | null {
  return describeApiError(error).status;
}

/** tRPC query and mutation keys start with the procedure path as a list: [['users', 'me'], ...]. */
export function pathFromKey(key: readonly unknown[] | undefined): string | undefined {
  const head = key?.[0];
  return Array.isArray(head) && head.every((part) => typeof part === 'string') ? head.join('.') : undefined;
}

/**
 * Per-call tuning of the global error handling, set as `meta` on a query or mutation:
 * `errorToast: false` for calls whose screen shows the error itself, or a function giving the
 * spec's own wording ('Failed to claim account: {detail}').
 */
export interface ApiCallMeta extends Record<string, unknown> {
  errorToast?: false | ((info: ApiErrorInfo) => string);
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ApiCallMeta;
    mutationMeta: ApiCallMeta;
  }
}

export interface HandleApiErrorOptions {
  path?: string;
  meta?: ApiCallMeta;
  /** Called on a 401 outside login: clears auth and the cache, goes to /login. */
  onSessionExpired: () => void;
}

/** The global onError of every query and mutation: one toast per failed call, 401 ends the session. */
export function handleApiError(error: unknown, options: HandleApiErrorOptions): ApiErrorInfo {
  const info = describeApiError(error, options.path);
  if (info.sessionExpired) {
    // Already signed out (a request that was in flight at logout): nothing to tell the player.
    if (!useAuthStore.getState().token) return info;
    showError(SESSION_EXPIRED);
    options.onSessionExpired();
    return info;
  }
  const custom = options.meta?.errorToast;
  if (custom === false) return info;
  showError(custom ? custom(info) : info.message);
  return info;
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { notifications } from '@mantine/notifications';
import type { AppRouter } from '@brood/api';
import { useAuthStore } from '../stores/auth-store';
import {
  CONFLICT,
  FORBIDDEN,
  GENERIC_ERROR,
  HttpStatusError,
  LOGIN_FAILED,
  NETWORK_ERROR,
  NOT_FOUND,
  SESSION_EXPIRED,
  describeApiError,
  formatValidationItems,
  handleApiError,
  pathFromKey,
} from './api-errors';

/** An error as the tRPC client raises it for a server answer. */
function serverError(httpStatus: number, message: string, path = 'territories.get', validation: unknown = null) {
  return TRPCClientError.from<AppRouter>({
    error: { code: -32600, message, data: { code: 'BAD_REQUEST', httpStatus, path, validation } },
  } as never);
}

describe('describeApiError: the HTTP handling table', () => {
  it('401 on the login call is the wrong password, with the server detail when given', () => {
    expect(describeApiError(serverError(401, 'Incorrect username or password', 'auth.token'))).toMatchObject({
      message: 'Incorrect username or password',
      sessionExpired: false,
    });
    expect(describeApiError(serverError(401, '', 'auth.token')).message).toBe(LOGIN_FAILED);
  });

  it('401 anywhere else ends the session', () => {
    const info = describeApiError(serverError(401, 'Token has expired', 'users.me'));
    expect(info).toMatchObject({ status: 401, message: SESSION_EXPIRED, sessionExpired: true });
  });

  it('403, 404 and 409 show the detail or their fallback sentence', () => {
    expect(describeApiError(serverError(403, 'You do not own this territory')).message).toBe('You do not own this territory');
    expect(describeApiError(serverError(403, '')).message).toBe(FORBIDDEN);
    expect(describeApiError(serverError(404, '')).message).toBe(NOT_FOUND);
    expect(describeApiError(serverError(409, '')).message).toBe(CONFLICT);
    expect(describeApiError(serverError(409, 'Username already taken')).message).toBe('Username already taken');
  });

  it('validation items read "message (Field: path)" joined by semicolons', () => {
    const items = [
      { loc: ['body', 'password'], msg: 'Password must be at least 8 characters', type: 'too_small' },
      { loc: ['body', 'email'], msg: 'Enter a valid email address', type: 'invalid_format' },
    ];
    expect(describeApiError(serverError(400, '[{"raw":"zod json"}]', 'auth.register', items)).message).toBe(
      'Password must be at least 8 characters (Field: password); Enter a valid email address (Field: email)',
    );
    expect(formatValidationItems([{ loc: [], msg: 'Bad input' }])).toBe('Bad input');
  });

  it('other statuses show the server detail as is, or the generic sentence', () => {
    expect(describeApiError(serverError(429, 'Too many login attempts. Try again in 60 seconds.')).message).toBe(
      'Too many login attempts. Try again in 60 seconds.',
    );
    expect(describeApiError(serverError(500, '')).message).toBe(GENERIC_ERROR);
  });

  it('no response is a network error; a request that could not be built says so', () => {
    const offline = TRPCClientError.from(new TypeError('Failed to fetch'));
    expect(describeApiError(offline)).toMatchObject({ status: null, message: NETWORK_ERROR });
    const broken = TRPCClientError.from(new Error('Invalid header value'));
    expect(describeApiError(broken).message).toBe('Error sending request: Invalid header value');
  });

  it('plain errors raised by the client show their own message', () => {
    expect(describeApiError(new Error('Invalid user data structure received from server for /users/me.')).message).toBe(
      'Invalid user data structure received from server for /users/me.',
    );
  });

  it('reads the procedure path from tRPC query and mutation keys', () => {
    expect(pathFromKey([['users', 'me'], { type: 'query' }])).toBe('users.me');
    expect(pathFromKey([['auth', 'token']])).toBe('auth.token');
    expect(pathFromKey(['plain'])).toBeUndefined();
  });
});

describe('handleApiError: toasts and the 401 sign-out', () => {
  let shown: { message: unknown; color?: string; autoClose?: unknown }[];

  beforeEach(() => {
    shown = [];
    vi.spyOn(notifications, 'show').mockImplementation((data) => {
      shown.push({ message: data.message, color: data.color, autoClose: data.autoClose });
      return 'id';
    });
    useAuthStore.getState().setToken('token-1');
  });

  afterEach(() => {
    vi.restoreAllMocks();
    useAuthStore.getState().clearAuth();
  });

  it('shows one 4-second error toast per failed call', () => {
    const onSessionExpired = vi.fn();
    handleApiError(serverError(404, 'Territory not found'), { onSessionExpired });
    expect(shown).toEqual([{ message: 'Territory not found', color: 'red', autoClose: 4000 }]);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a 401 outside login tells the player and ends the session', () => {
    const onSessionExpired = vi.fn();
    handleApiError(serverError(401, 'Token has expired', 'territories.list'), { onSessionExpired });
    expect(shown.map((s) => s.message)).toEqual([SESSION_EXPIRED]);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('a 401 on login does not end anything', () => {
    const onSessionExpired = vi.fn();
    handleApiError(serverError(401, 'Incorrect username or password', 'auth.token'), { onSessionExpired });
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(shown.map((s) => s.message)).toEqual(['Incorrect username or password']);
  });

  it('a 401 after logout (no token left) stays silent', () => {
    useAuthStore.getState().clearAuth();
    const onSessionExpired = vi.fn();
    handleApiError(serverError(401, 'Not authenticated'), { onSessionExpired });
    expect(shown).toEqual([]);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('the same error from several calls at once shows once', () => {
    const onSessionExpired = vi.fn();
    for (let i = 0; i < 5; i += 1) handleApiError(serverError(500, 'Database unavailable'), { onSessionExpired });
    expect(shown.map((s) => s.message)).toEqual(['Database unavailable']);
  });

  it('a non-JSON error answer (a proxy page) keeps its status and reads as the generic sentence', () => {
    const proxy = TRPCClientError.from(new HttpStatusError(502, 'Bad Gateway'));
    expect(describeApiError(proxy)).toMatchObject({ status: 502, message: GENERIC_ERROR, sessionExpired: false });
    const garbled = TRPCClientError.from(new SyntaxError('Unexpected end of JSON input'));
    expect(describeApiError(garbled)).toMatchObject({ status: null, message: GENERIC_ERROR });
  });

  it('a call can word its own toast or silence it', () => {
    const onSessionExpired = vi.fn();
    handleApiError(serverError(409, 'Username already taken', 'users.claim'), {
      onSessionExpired,
      meta: { errorToast: (info) => `Failed to claim account: ${info.detail}` },
    });
    handleApiError(serverError(409, 'ignored'), { onSessionExpired, meta: { errorToast: false } });
    expect(shown.map((s) => s.message)).toEqual(['Failed to claim account: Username already taken']);
  });
});

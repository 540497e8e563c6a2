import { beforeEach, describe, expect, it } from 'vitest';
import superjson from 'superjson';
import type { CurrentUser } from '../lib/api-types';
import { AUTH_STORAGE_KEY, USER_NOT_VALIDATED, useAuthStore } from './auth-store';

const user: CurrentUser = {
  id: 7,
  username: 'hivequeen',
  email: 'queen@hive.example',
  avatar_id: 12,
  score: 1500,
  is_test_account: false,
  expires_at: null,
  vacation: null,
  alliance_membership: null,
};

const state = () => useAuthStore.getState();

beforeEach(() => {
  state().clearAuth();
  state().setError(null);
  localStorage.clear();
});

describe('auth store transitions (core §4)', () => {
  it('a token marks the session authenticated and loading, and clears the error', () => {
    state().setError('old');
    state().setToken('t1');
    expect(state()).toMatchObject({ token: 't1', isAuthenticated: true, isLoadingUser: true, error: null, currentUser: null });
  });

  it('a null token clears the user and the loading flag', () => {
    state().setSession('t1', user);
    state().setToken(null);
    expect(state()).toMatchObject({ token: null, currentUser: null, isAuthenticated: false, isLoadingUser: false });
  });

  it('a user with an id while a token exists completes the session', () => {
    state().setToken('t1');
    state().setUser(user);
    expect(state()).toMatchObject({ currentUser: user, isAuthenticated: true, isLoadingUser: false });
  });

  it('a user without id or username clears auth with the validation error', () => {
    state().setToken('t1');
    state().setUser({ ...user, username: '' });
    expect(state()).toMatchObject({ token: null, currentUser: null, isAuthenticated: false, error: USER_NOT_VALIDATED });
    state().setToken('t2');
    state().setUser({ username: 'x' } as unknown as CurrentUser);
    expect(state().error).toBe(USER_NOT_VALIDATED);
  });

  it('no user after loading (null) signs out', () => {
    state().setToken('t1');
    state().setUser(null);
    expect(state()).toMatchObject({ token: null, isAuthenticated: false });
  });

  it('clearing auth removes token and user', () => {
    state().setSession('t1', user);
    state().clearAuth();
    expect(state()).toMatchObject({ token: null, currentUser: null, isAuthenticated: false, isLoadingUser: false });
  });
});

describe('auth-storage persistence', () => {
  it('persists only token and currentUser under auth-storage', () => {
    state().setSession('t1', { ...user, is_test_account: true, expires_at: '2030-01-01T00:00:00.000Z' });
    state().setError('not persisted');
    const saved = superjson.parse<{ state: Record<string, unknown> }>(localStorage.getItem(AUTH_STORAGE_KEY) ?? '');
    expect(Object.keys(saved.state).sort()).toEqual(['currentUser', 'token']);
    expect(saved.state.token).toBe('t1');
  });

  it('on reload restores token and user; a token without a user reloads the profile', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, superjson.stringify({ state: { token: 't9', currentUser: user }, version: 0 }));
    await useAuthStore.persist.rehydrate();
    expect(state()).toMatchObject({ token: 't9', currentUser: user, isAuthenticated: true, isLoadingUser: false });

    localStorage.setItem(AUTH_STORAGE_KEY, superjson.stringify({ state: { token: 't10', currentUser: null }, version: 0 }));
    await useAuthStore.persist.rehydrate();
    expect(state()).toMatchObject({ token: 't10', currentUser: null, isAuthenticated: true, isLoadingUser: true });
  });

  it('no token (or unreadable storage) means logged out', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{not json');
    await useAuthStore.persist.rehydrate();
    expect(state()).toMatchObject({ token: null, isAuthenticated: false, isLoadingUser: false });
  });
});

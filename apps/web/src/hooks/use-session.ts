import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { describeApiError, errorStatus } from '../lib/api-errors';
import { isValidUser, useAuthStore } from '../stores/auth-store';
import type { CurrentUser } from '../lib/api-types';
import { useTRPC, vanilla } from '../trpc';

export const INVALID_USER_STRUCTURE = 'Invalid user data structure received from server for /users/me.';
export const CURRENT_USER_STALE_MS = 5 * 60 * 1000;
export const CURRENT_USER_GC_MS = 15 * 60 * 1000;

/** currentUser per core §7: stale after 5 min, kept 15 min, up to 2 retries except on 401/403. */
export function useCurrentUserQuery() {
  const trpc = useTRPC();
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: trpc.users.me.queryKey(),
    queryFn: async ({ signal }): Promise<CurrentUser> => {
      const user: unknown = await vanilla.users.me.query(undefined, { signal });
      if (!isValidUser(user)) throw new Error(INVALID_USER_STRUCTURE);
      return user;
    },
    enabled: token !== null,
    staleTime: CURRENT_USER_STALE_MS,
    gcTime: CURRENT_USER_GC_MS,
    retry: (failureCount, error) => {
      const status = errorStatus(error);
      if (status === 401 || status === 403) return false;
      return failureCount < 2;
    },
  });
}

export type SessionPhase = 'unauthenticated' | 'loading' | 'error' | 'ready';

/**
 * Keeps the auth store in step with users.me: a fetched user completes the session, 401/403 ends
 * it, and anything else is a profile error the screen offers to retry.
 */
export function useSessionLoader() {
  const query = useCurrentUserQuery();
  const token = useAuthStore((s) => s.token);
  const currentUser = useAuthStore((s) => s.currentUser);

  useEffect(() => {
    if (query.data !== undefined) useAuthStore.getState().setUser(query.data ?? null);
  }, [query.data]);

  useEffect(() => {
    if (!query.error) return;
    const status = errorStatus(query.error);
    if (status === 401 || status === 403) useAuthStore.getState().clearAuth();
    else useAuthStore.getState().setLoadingUser(false);
  }, [query.error]);

  const phase: SessionPhase = !token ? 'unauthenticated' : query.isError ? 'error' : currentUser ? 'ready' : 'loading';
  return {
    phase,
    error: query.error,
    errorMessage: (query.error ? describeApiError(query.error, 'users.me').message : '') || 'Unknown error',
    retry: () => void query.refetch(),
    isFetching: query.isFetching,
  };
}

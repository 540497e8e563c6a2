import type { QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../stores/auth-store';
import { useUiStore } from '../stores/ui-store';
import { isOnAuthPage, navigateTo } from './navigation';
import { showSuccess } from './toast';

/**
 * Logout (core §4): clear auth, reset the persisted UI state, empty the query cache, go to /login.
 * Auth is cleared first so the guarded shell unmounts before the cache empties (no refetch storm).
 * `farewell` replaces the toast (a deleted account's).
 */
export function logout(queryClient: QueryClient, farewell?: string): void {
  const name = useAuthStore.getState().currentUser?.username;
  useAuthStore.getState().clearAuth();
  useUiStore.getState().resetUi();
  void queryClient.cancelQueries();
  queryClient.clear();
  const message = farewell ?? (name ? `Successfully logged out, ${name}.` : null);
  if (message) showSuccess(message);
  navigateTo('/login');
}

/** A 401 outside the login call: the token is no good any more. */
export function expireSession(queryClient: QueryClient): void {
  useAuthStore.getState().clearAuth();
  void queryClient.cancelQueries();
  queryClient.clear();
  if (!isOnAuthPage()) navigateTo('/login');
}

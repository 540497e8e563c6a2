import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { CurrentUser } from '../lib/api-types';
import { superjsonStorage } from '../lib/persist-storage';

export const AUTH_STORAGE_KEY = 'auth-storage';
export const USER_NOT_VALIDATED = 'User data could not be validated after fetch.';

export interface AuthState {
  token: string | null;
  currentUser: CurrentUser | null;
  isAuthenticated: boolean;
  isLoadingUser: boolean;
  /** The last login/register/profile error, shown on the auth pages. */
  error: string | null;
  /** A token marks the session authenticated and loading; null clears the user too. */
  setToken: (token: string | null) => void;
  /** A user with an id and username completes the session; anything else clears it. */
  setUser: (user: CurrentUser | null) => void;
  /** Token and user at once (guest sign-up answers with both). */
  setSession: (token: string, user: CurrentUser) => void;
  setLoadingUser: (loading: boolean) => void;
  setError: (error: string | null) => void;
  clearAuth: () => void;
}

type PersistedAuth = Pick<AuthState, 'token' | 'currentUser'>;

const signedOut = { token: null, currentUser: null, isAuthenticated: false, isLoadingUser: false } as const;

/** users.me must answer an object with an id and a string username. */
export function isValidUser(user: unknown): user is CurrentUser {
  if (!user || typeof user !== 'object') return false;
  const candidate = user as { id?: unknown; username?: unknown };
  return candidate.id !== undefined && candidate.id !== null && typeof candidate.username === 'string' && candidate.username !== '';
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      ...signedOut,
      error: null,
      setToken: (token) =>
        set(token ? { token, isAuthenticated: true, isLoadingUser: true, error: null } : { ...signedOut }),
      setUser: (user) => {
        if (user === null) {
          set({ ...signedOut });
          return;
        }
        if (!isValidUser(user)) {
          set({ ...signedOut, error: USER_NOT_VALIDATED });
          return;
        }
        set({ currentUser: user, isLoadingUser: false, isAuthenticated: get().token !== null, error: null });
      },
      setSession: (token, user) => {
        get().setToken(token);
        get().setUser(user);
      },
      setLoadingUser: (loading) => set({ isLoadingUser: loading }),
      setError: (error) => set({ error }),
      clearAuth: () => set({ ...signedOut }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: superjsonStorage<PersistedAuth>(),
      partialize: (state): PersistedAuth => ({ token: state.token, currentUser: state.currentUser }),
      // On reload: a token means signed in; a token without a user means the profile is re-fetched.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<PersistedAuth>;
        const token = typeof saved.token === 'string' && saved.token ? saved.token : null;
        const currentUser = token && isValidUser(saved.currentUser) ? saved.currentUser : null;
        return { ...current, token, currentUser, isAuthenticated: token !== null, isLoadingUser: token !== null && currentUser === null };
      },
    },
  ),
);

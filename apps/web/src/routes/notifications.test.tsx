import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { useAuthStore } from '../stores/auth-store';
import { renderWithProviders } from '../test/render';
import { LOGIN_REQUIRED, NotificationsRoute } from './notifications';

beforeEach(() => {
  useAuthStore.getState().setToken(null);
});

/** /notifications and a /login that shows where it would return to, in memory. */
function app() {
  const root = createRootRoute({ component: Outlet });
  const notifications = createRoute({ getParentRoute: () => root, path: '/notifications', component: NotificationsRoute });
  const login = createRoute({
    getParentRoute: () => root,
    path: '/login',
    validateSearch: (search: Record<string, unknown>) => ({ redirect: typeof search.redirect === 'string' ? search.redirect : undefined }),
    component: function Login() {
      return <p data-testid="login-page">{login.useSearch().redirect}</p>;
    },
  });
  const router = createRouter({ routeTree: root.addChildren([notifications, login]), history: createMemoryHistory({ initialEntries: ['/notifications'] }) });
  return { router, ui: <RouterProvider router={router} /> };
}

describe('/notifications for a visitor who is not signed in', () => {
  it("says 'Please log in to view this page.' and links to the login, which comes back here", async () => {
    const { router, ui } = app();
    renderWithProviders(ui);
    expect((await screen.findByTestId('login-required')).textContent).toBe(LOGIN_REQUIRED);
    expect(router.state.location.pathname).toBe('/notifications');
    fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByTestId('login-page').textContent).toBe('/notifications');
  });
});

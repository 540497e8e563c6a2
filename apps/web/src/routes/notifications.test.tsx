import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useAuthStore } from '../stores/auth-store';
import { appWithLogin } from '../test/memory-app';
import { renderWithProviders } from '../test/render';
import { LOGIN_REQUIRED, NotificationsRoute } from './notifications';

beforeEach(() => {
  useAuthStore.getState().setToken(null);
});

describe('/notifications for a visitor who is not signed in', () => {
  it("says 'Please log in to view this page.' and links to the login, which comes back here", async () => {
    const { router, ui } = appWithLogin('/notifications', NotificationsRoute);
    renderWithProviders(ui);
    expect((await screen.findByTestId('login-required')).textContent).toBe(LOGIN_REQUIRED);
    expect(router.state.location.pathname).toBe('/notifications');
    fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByTestId('login-page').textContent).toBe('/notifications');
  });
});

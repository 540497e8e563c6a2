import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { useAuthStore } from '../stores/auth-store';
import { renderWithProviders } from '../test/render';
import { LoginPage, parseLoginSearch, REGISTERED_MESSAGE } from './login';
import { RegisterPage } from './register';

beforeEach(() => useAuthStore.getState().clearAuth());

function authPages(path: string) {
  const root = createRootRoute({ component: Outlet });
  const login = createRoute({ getParentRoute: () => root, path: '/login', validateSearch: parseLoginSearch, component: LoginPage });
  const register = createRoute({ getParentRoute: () => root, path: '/register', component: RegisterPage });
  const router = createRouter({ routeTree: root.addChildren([login, register]), history: createMemoryHistory({ initialEntries: [path] }) });
  return { router, ui: <RouterProvider router={router} /> };
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

describe('registration lands on /login', () => {
  it('with the username just registered filled in and the success sentence', async () => {
    const { router, ui } = authPages('/register');
    renderWithProviders(ui, (path) => (path === 'auth.register' ? { id: 3, username: 'spore_queen' } : undefined));
    await screen.findByRole('button', { name: 'Register Full Account' });
    fireEvent.change(input('username'), { target: { value: 'spore_queen' } });
    fireEvent.change(input('email'), { target: { value: 'q@example.com' } });
    fireEvent.change(input('password'), { target: { value: 'chitin-and-spores' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register Full Account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', REGISTERED_MESSAGE);
    expect(input('username').value).toBe('spore_queen');
    expect(input('password').value).toBe('');
  });

  it('a plain /login starts empty', async () => {
    renderWithProviders(authPages('/login').ui);
    await screen.findByRole('button', { name: 'Sign in' });
    expect(input('username').value).toBe('');
  });
});

describe('the register form checks as the player types', () => {
  it("shows the server's own sentence next to the username and the password, without '(Field: …)'", async () => {
    const sent: unknown[] = [];
    renderWithProviders(authPages('/register').ui, (path, body) => (path === 'auth.register' ? (sent.push(body), { id: 3, username: 'x' }) : undefined));
    await screen.findByRole('button', { name: 'Register Full Account' });
    const errorOf = (name: string) => document.getElementById(input(name).getAttribute('aria-describedby')?.split(' ').find((id) => id.endsWith('-error')) ?? '')?.textContent ?? null;

    fireEvent.change(input('username'), { target: { value: 'ab' } });
    expect(errorOf('username')).toBe('Username must be at least 3 characters');
    fireEvent.change(input('username'), { target: { value: 'spore queen!' } });
    expect(errorOf('username')).toBe('Username may contain only letters, digits, _ and -');
    fireEvent.change(input('username'), { target: { value: 'guest_queen' } });
    expect(errorOf('username')).toBe('Usernames starting with guest_ are reserved for guest accounts');
    fireEvent.change(input('username'), { target: { value: 'spore_queen' } });
    expect(errorOf('username')).toBeNull();

    fireEvent.change(input('password'), { target: { value: 'short' } });
    expect(errorOf('password')).toBe('Password must be at least 8 characters');
    fireEvent.change(input('email'), { target: { value: 'q@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register Full Account' }));
    fireEvent.change(input('password'), { target: { value: 'chitin-and-spores' } });
    expect(errorOf('password')).toBeNull();
    expect(document.body.textContent).not.toContain('(Field:');
    fireEvent.click(screen.getByRole('button', { name: 'Register Full Account' }));
    // one request, the valid one: the click with a too short password was never sent
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ username: 'spore_queen', password: 'chitin-and-spores' });
  });
});

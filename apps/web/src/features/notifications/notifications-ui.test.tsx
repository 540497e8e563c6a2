import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { useAuthStore } from '../../stores/auth-store';
import { NotificationBell } from './notification-bell';
import { NotificationsPage } from './notifications-page';
import { makeNotification, TEST_GAME_DATA } from './test-notifications';
import type { NotificationItem } from './notification-types';
import { badgeLabel } from './use-notifications';

interface Server {
  unread: number;
  items: NotificationItem[];
  fail?: boolean;
}

/** An in-memory notifications api: filters, paging and mark-read like the real one. */
function api(server: Server) {
  return (path: string, input: unknown) => {
    const q = (input ?? {}) as { include_read?: boolean; limit?: number; skip?: number; cursor?: number; message_types?: string[]; id?: string };
    switch (path) {
      case 'gameData.all':
        return TEST_GAME_DATA;
      case 'notifications.unreadCount':
        return { unread_count: server.unread };
      case 'notifications.list': {
        if (server.fail) throw new Error('The hive is unreachable');
        const offset = q.cursor ?? q.skip ?? 0;
        return server.items
          .filter((n) => (q.include_read ? true : !n.is_read))
          .filter((n) => !q.message_types || q.message_types.includes(n.message_type))
          .slice(offset, offset + (q.limit ?? 20));
      }
      case 'notifications.markRead': {
        const n = server.items.find((i) => i.id === q.id);
        if (n && !n.is_read) {
          n.is_read = true;
          server.unread -= 1;
        }
        return n;
      }
      case 'notifications.markAllRead':
        server.items.forEach((n) => (n.is_read = true));
        server.unread = 0;
        return { count: 0 };
      default:
        throw new Error(`unexpected call ${path}`);
    }
  };
}

function many(count: number, overrides: Partial<NotificationItem> = {}): NotificationItem[] {
  return Array.from({ length: count }, (_, i) =>
    makeNotification({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, title: `Note ${i}`, created_at: new Date(Date.now() - i * 60_000), ...overrides }),
  );
}

beforeEach(() => useAuthStore.getState().setToken('token-1'));

describe('badgeLabel', () => {
  it("caps at '9+' over nine and shows nothing at zero", () => {
    expect([badgeLabel(0), badgeLabel(undefined), badgeLabel(1), badgeLabel(9), badgeLabel(10), badgeLabel(250)]).toEqual([null, null, '1', '9', '9+', '9+']);
  });
});

describe('NotificationBell and the centre', () => {
  it("shows '9+' for twelve unread", async () => {
    renderWithProviders(<NotificationBell />, api({ unread: 12, items: [] }));
    expect((await screen.findByTestId('notification-badge')).textContent).toBe('9+');
  });

  it('opens the centre: empty text, filters sent to the server, Show Read', async () => {
    const { calls } = renderWithProviders(<NotificationBell />, api({ unread: 0, items: [] }));
    fireEvent.click(screen.getByTestId('notification-bell'));
    expect(await screen.findByText('No notifications found.')).toBeTruthy();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Combat' }));
    await waitFor(() => expect(calls.at(-1)?.input).toMatchObject({ include_read: false, message_types: ['COMBAT_REPORT', 'DEFENSE_REPORT'] }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show Read' }));
    await waitFor(() => expect(calls.at(-1)?.input).toMatchObject({ include_read: true, message_types: ['COMBAT_REPORT', 'DEFENSE_REPORT'] }));
  });

  it('Load More appends the next 20; marking a card read dims it and brings the badge down', async () => {
    const server: Server = { unread: 25, items: many(25) };
    renderWithProviders(<NotificationBell />, api(server));
    expect((await screen.findByTestId('notification-badge')).textContent).toBe('9+');
    fireEvent.click(screen.getByTestId('notification-bell'));
    await screen.findByText('Note 0');
    expect(screen.getAllByTestId('notification-card')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await screen.findByText('Note 24');
    expect(screen.getAllByTestId('notification-card')).toHaveLength(25);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull());

    server.unread = 1;
    server.items = server.items.map((n, i) => ({ ...n, is_read: i !== 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-card')).toHaveLength(1));
    const card = screen.getByTestId('notification-card');
    fireEvent.click(within(card).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(card.dataset.read).toBe('true'));
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).toBeNull());
    expect(server.items[0]?.is_read).toBe(true);
  });
});

describe('NotificationsPage', () => {
  it('has the exact empty texts for filter and read state', async () => {
    renderWithProviders(<NotificationsPage />, api({ unread: 0, items: [] }));
    expect(await screen.findByText('No notifications found (unread).')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Combat' }));
    expect(await screen.findByText('No notifications found for filter "Combat" (unread).')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show Read' }));
    expect(await screen.findByText('No notifications found for filter "Combat".')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(await screen.findByText('No notifications found.')).toBeTruthy();
  });

  it('filters by group, adds the next 20 with Load More Notifications, takes them away with Previous Page, and a click marks read', async () => {
    const server: Server = {
      unread: 23,
      items: [...many(21), makeNotification({ id: 'c1', message_type: 'COMBAT_REPORT', title: 'Skirmish', content: null }), makeNotification({ id: 's1', message_type: 'SALVAGE_SUCCESSFUL', title: 'Salvaged', content: null })],
    };
    const { calls } = renderWithProviders(<NotificationsPage />, api(server));
    await screen.findByText('Note 0');
    fireEvent.click(screen.getByRole('button', { name: 'Load More Notifications' }));
    await screen.findByText('Note 20');
    expect(calls.filter((c) => c.path === 'notifications.list').at(-1)?.input).toMatchObject({ cursor: 20, limit: 20 });
    expect(screen.getAllByTestId('notification-card')).toHaveLength(23);
    expect(screen.getByText('Note 0')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More Notifications' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Previous Page' }));
    await waitFor(() => expect(screen.queryByText('Note 20')).toBeNull());
    expect(screen.getAllByTestId('notification-card')).toHaveLength(20);
    expect(screen.queryByRole('button', { name: 'Previous Page' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load More Notifications' }));
    await screen.findByText('Note 20');

    fireEvent.click(screen.getByRole('button', { name: 'Salvage' }));
    await screen.findByText('Salvaged');
    expect(screen.getAllByTestId('notification-card')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('notification-card'));
    await waitFor(() => expect(screen.getByTestId('notification-card').dataset.read).toBe('true'));
    expect(calls.find((c) => c.path === 'notifications.markRead')?.input).toEqual({ id: 's1' });
  });

  it("shows the load error with 'Try Again'", async () => {
    const server: Server = { unread: 0, items: many(1), fail: true };
    renderWithProviders(<NotificationsPage />, api(server));
    expect(await screen.findByText(/Error loading notifications: .*The hive is unreachable/)).toBeTruthy();
    server.fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Note 0')).toBeTruthy();
  });
});

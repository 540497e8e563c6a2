import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CurrentUser } from '../../lib/api-types';
import { useAuthStore } from '../../stores/auth-store';
import { renderWithProviders } from '../../test/render';
import { AVATAR_CLOSE_DELAY_MS, AVATAR_UPDATED, AvatarModal } from './avatar-modal';

const player: CurrentUser = {
  id: 5,
  username: 'broodmother',
  email: 'mother@hive.example',
  avatar_id: 3,
  score: 0,
  is_test_account: false,
  expires_at: null,
  vacation: null,
  alliance_membership: null,
};

beforeEach(() => useAuthStore.getState().setSession('t', player));
afterEach(() => vi.useRealTimers());

describe('AvatarModal', () => {
  it('offers the 51 avatars with the current one selected', () => {
    renderWithProviders(<AvatarModal opened onClose={() => undefined} />);
    const choices = screen.getAllByRole('button', { name: /^Avatar \d+$/ });
    expect(choices).toHaveLength(51);
    expect(screen.getByRole('button', { name: 'Avatar 3' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('offers as many avatars as the universe has (UNIVERSE_OVERRIDES may change the count)', async () => {
    renderWithProviders(<AvatarModal opened onClose={() => undefined} />, (path) => (path === 'gameData.all' ? { universe: { avatars: 60 } } : undefined));
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Avatar \d+$/ })).toHaveLength(60));
  });

  it('saves a choice at once, confirms it, and closes 1.5 s later', async () => {
    let closed = 0;
    const { calls } = renderWithProviders(<AvatarModal opened onClose={() => (closed += 1)} />, (path, input) => {
      if (path === 'gameData.all') return undefined;
      if (path !== 'users.setAvatar') throw new Error(`unexpected ${path}`);
      return { ...player, avatar_id: (input as { avatar_id: number }).avatar_id };
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Avatar 42' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(calls.filter((c) => c.path !== 'gameData.all')).toEqual([{ path: 'users.setAvatar', input: { avatar_id: 42 } }]);
    expect(screen.getAllByText(AVATAR_UPDATED).length).toBeGreaterThan(0);
    expect(useAuthStore.getState().currentUser?.avatar_id).toBe(42);
    expect(closed).toBe(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AVATAR_CLOSE_DELAY_MS);
    });
    expect(closed).toBe(1);
  });
});

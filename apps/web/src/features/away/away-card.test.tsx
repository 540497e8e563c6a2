import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CurrentUser } from '../../lib/api-types';
import { useAuthStore } from '../../stores/auth-store';
import { renderWithProviders } from '../../test/render';
import { economyAnswers, territory } from '../../test/economy-fixtures';
import { AwayCard } from './away-card';

const queen: CurrentUser = { id: 1, username: 'queen', email: 'queen@hive.example', avatar_id: 1, score: 0, is_test_account: false, expires_at: null, alliance_membership: null, vacation: null };
const summary = {
  away_from: new Date('2030-01-01T10:00:00Z'), away_until: new Date('2030-01-01T13:00:00Z'),
  battles_won: 2, battles_lost: 1, battles_drawn: 0, value_lost: 12_345, spy_alerts: 3, fleets_returned: 4, fleets_lost: 1,
  queue_items_completed: 5, new_messages: 0, rank_then: 5, rank_now: 3,
};

beforeEach(() => {
  useAuthStore.getState().setSession('token', queen);
});

describe('AwayCard', { timeout: 30_000 }, () => {
  it('records the visit, sums up the three hours away, and goes away for good when closed', async () => {
    const calls: string[] = [];
    const t = territory();
    renderWithProviders(<AwayCard />, economyAnswers(t, (path) => {
      calls.push(path);
      if (path === 'away.visit') return summary;
      if (path === 'away.dismiss') return { dismissed: true };
      return undefined;
    }));
    const card = await screen.findByTestId('away-card');
    expect(card.textContent).toContain('While you were away');
    expect(card.textContent).toContain('2 / 1');
    expect(card.textContent).toContain('#5 → #3 (up 2)');
    expect(card.textContent).toContain('New messages0');
    const produced = await screen.findByTestId('away-produced');
    expect(produced.textContent).toContain(t.name);
    fireEvent.click(screen.getByRole('button', { name: 'Close the summary' }));
    await waitFor(() => expect(screen.queryByTestId('away-card')).toBeNull());
    expect(calls.filter((c) => c.startsWith('away.'))).toEqual(['away.visit', 'away.dismiss']);
  });

  it('shows nothing when the player was not away for more than an hour', async () => {
    const calls: string[] = [];
    renderWithProviders(<AwayCard />, economyAnswers(territory(), (path) => {
      calls.push(path);
      return path === 'away.visit' ? null : undefined;
    }));
    await waitFor(() => expect(calls).toContain('away.visit'));
    expect(screen.queryByTestId('away-card')).toBeNull();
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useAuthStore } from '../../stores/auth-store';
import { renderWithProviders } from '../../test/render';
import { gameData, serverError } from '../../test/economy-fixtures';
import { RankTab, useOverallRank } from '.';

function NavbarRank() {
  return <span data-testid="navbar-rank">{useOverallRank() ?? 'unknown'}</span>;
}

const entry = (rank: number, id: number, total = 1000 - rank) => ({
  rank,
  user_id: id,
  username: `p${id}`,
  base_territory_coords: [1, 2, 3] as [number, number, number],
  base_territory_name: 'Nest',
  building_score: 10,
  research_score: 20,
  unit_score: 30,
  defense_score: 40,
  total_score: total,
});
const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => entry(from + i, from + i));

beforeEach(() => {
  useAuthStore.getState().setSession('token', { id: 150, username: 'p150', email: 'p@x.test', avatar_id: 1, score: 850, is_test_account: false, expires_at: null, vacation: null, alliance_membership: null });
});

describe('RankTab', { timeout: 30_000 }, () => {
  it('opens on the page with the own row highlighted, shows the your-rank line, and pages with Prev and Next', async () => {
    const { calls } = renderWithProviders(<RankTab />, (path, input) => {
      if (path === 'highscores.me') return { userEntry: entry(150, 150), rankWithinCategory: 150, pageNumber: 2, entriesOnPage: [] };
      if (path === 'highscores.list') {
        const skip = (input as { skip: number }).skip;
        return skip === 0 ? page(1, 100) : page(101, 60);
      }
      return undefined;
    });
    expect((await screen.findByTestId('rank-row-150')).dataset.own).toBe('true');
    expect(screen.getByTestId('your-rank').textContent).toBe('Your rank: #150 · Score: 850');
    expect(screen.getByTestId('rank-page').textContent).toBe('Page 2');
    for (const column of ['Rank', 'Player', 'Base', 'Score']) expect(screen.getByRole('columnheader', { name: column })).toBeTruthy();
    expect((screen.getByText('Next') as HTMLButtonElement).closest('button')!.disabled).toBe(true);
    fireEvent.click(screen.getByText('Prev'));
    expect(await screen.findByTestId('rank-row-1')).toBeTruthy();
    expect(screen.getByTestId('rank-page').textContent).toBe('Page 1');
    fireEvent.click(screen.getByText('Unit'));
    await waitFor(() => expect(calls.some((c) => c.path === 'highscores.list' && (c.input as { sort_by: string }).sort_by === 'unit_score')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('your-rank').textContent).toBe('Your rank: #150 · Score: 30'));
  });

  it('says so when empty, and offers Retry on a failure', async () => {
    let fail = true;
    renderWithProviders(<RankTab />, (path) => {
      if (path === 'highscores.me') throw serverError(404, 'You are not on the highscores yet.', path);
      if (path === 'highscores.list') {
        if (fail) throw serverError(500, 'boom', path);
        return [];
      }
      return undefined;
    });
    expect(await screen.findByText('Failed to load highscores. Please try again later.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByText('Retry'));
    expect(await screen.findByText('No highscore entries yet.')).toBeTruthy();
  });

  it('marks each row with fair play\'s letters as the viewer reads them, with the legend', async () => {
    const fair = (id: number, points: number, activity: 'i' | 'I' | null = null) => ({ user_id: id, name: `p${id}`, points, activity, vacationSince: null });
    renderWithProviders(<RankTab />, (path) => {
      if (path === 'highscores.me') return { userEntry: entry(2, 150), rankWithinCategory: 2, pageNumber: 1, entriesOnPage: [] };
      if (path === 'highscores.list') return [entry(1, 7), entry(2, 150), entry(3, 9)];
      if (path === 'gameData.all') return gameData;
      if (path === 'fairPlay.players') return { viewer: fair(150, 100), players: [fair(7, 100_000), fair(150, 100), fair(9, 5, 'i')] };
      return undefined;
    });
    await waitFor(() => expect(screen.getByTestId('rank-row-7').textContent).toContain('p7s'));
    expect(screen.getByTestId('rank-row-9').textContent).toContain('p9i');
    expect(screen.getByTestId('rank-row-150').querySelector('[data-testid=player-markers]')).toBeNull();
    expect(screen.getByTestId('marker-legend').textContent).toContain('newcomer: protected from you');
  });

  it("reads the navbar's overall rank on a page of one, not the hundred entries the tab shows", async () => {
    const { calls } = renderWithProviders(<NavbarRank />, (path) => {
      if (path === 'highscores.me') return { userEntry: entry(150, 150), rankWithinCategory: 150, pageNumber: 150, entriesOnPage: [entry(150, 150)] };
      return undefined;
    });
    await waitFor(() => expect(screen.getByTestId('navbar-rank').textContent).toBe('150'));
    expect(calls.filter((c) => c.path === 'highscores.me').map((c) => c.input)).toEqual([{ sort_by: 'total_score', limit: 1 }]);
  });
});

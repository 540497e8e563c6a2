import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { gameData } from '../../test/economy-fixtures';
import { useAuthStore } from '../../stores/auth-store';
import { usePlayerUi } from '../../components/player/player-ui-store';
import { PlayerCardModal } from './player-card';
import type { PlayerProfile } from './use-messages';

const profile = (id: number, username: string): PlayerProfile => ({
  id, username, avatar_id: 1, alliance_tag: null, rank: 4, total_score: 100_000,
  scores: [{ category: 'total_score', rank: 4, points: 100_000 }], territories: [], member_since: '2030-01-01T00:00:00.000Z', is_blocked: false, buddy: 'none',
});
const fair = (id: number, points: number, activity: 'i' | 'I' | null = null) => ({ user_id: id, name: `p${id}`, points, activity, vacationSince: null });

/** The viewer (id 150, 100 points) opens the card of a player: 7 is strong and inactive. */
function open(id: number) {
  renderWithProviders(<PlayerCardModal />, (path, input) => {
    if (path === 'players.get') return profile((input as { id: number }).id, `p${(input as { id: number }).id}`);
    if (path === 'gameData.all') return gameData;
    if (path === 'fairPlay.players') return { viewer: fair(150, 100), players: [fair(7, 100_000, 'i')] };
    return undefined;
  });
  act(() => usePlayerUi.getState().openPlayer(id));
}

beforeEach(() => useAuthStore.getState().setToken('token-1'));

describe('the profile card', () => {
  it("shows fair play's markers for the player as the viewer reads them", async () => {
    open(7);
    const markers = await screen.findByTestId('player-card-markers');
    expect(within(markers).getAllByText(/^[nsviI]$/).map((b) => b.textContent)).toEqual(['s', 'i']);
  });
});

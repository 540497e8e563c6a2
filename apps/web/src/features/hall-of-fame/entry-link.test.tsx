import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '../../stores/auth-store';
import { useUiStore } from '../../stores/ui-store';
import { appWithLogin } from '../../test/memory-app';
import { renderWithProviders } from '../../test/render';
import { serverError } from '../../test/economy-fixtures';
import { HallOfFameEntryRoute } from '../../routes/hall-of-fame-entry';
import { ENTRY_NOT_FOUND, HallOfFameTab } from '.';
import { hallOfFameEntry } from './hof-fixtures';

const report = {
  outcome: 'VICTORY_ATTACKER',
  rounds_fought: 2,
  battle_id: 42,
  attacker_origin_territory_name: 'Spire',
  defender_territory_name: 'Citadel',
  participant_results: [
    { role: 'ATTACKER', user_id: 1, username: 'ana', initial_units: { razorwing: 10 }, losses_total: [], survivors: { razorwing: 10 } },
    { role: 'DEFENDER', user_id: 2, username: 'bo', initial_units: { razorwing: 3 }, losses_total: [{ unit_key: 'razorwing', lost: 3 }], survivors: {} },
  ],
};
const entry = hallOfFameEntry({ combat_log_data: report });
const comment = { id: 3, user_id: 2, username: 'bo', comment_text: 'gg', created_at: '2030-01-01T13:00:00.000Z' };
const player = { id: 5, username: 'cy', email: 'c@x.test', avatar_id: 1, score: 0, is_test_account: false, expires_at: null, vacation: null, alliance_membership: null };

beforeEach(() => {
  useUiStore.getState().resetUi();
  useAuthStore.getState().setSession('token', player);
});

describe('Hall of Fame: a shared link', { timeout: 30_000 }, () => {
  it("the entry's modal copies the entry's own link (not the participants' battle page) and opens the report in the simulator", async () => {
    renderWithProviders(<HallOfFameTab />, (path) => (path === 'hallOfFame.entries' ? [entry] : path === 'hallOfFame.comments' ? [comment] : undefined));
    fireEvent.click(await screen.findByTestId('hof-entry-7'));
    const dialog = await screen.findByRole('dialog', { name: 'ana vs bo' });
    expect(within(dialog).getByRole('button', { name: 'Copy link' }).getAttribute('data-link')).toBe(`${window.location.origin}/hall-of-fame/7`);
    expect(within(dialog).queryByRole('button', { name: 'Copy battle link' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open in simulator' }));
    expect(useUiStore.getState().pendingLabDraft).toEqual({ kind: 'combat', content: report });
    expect(useUiStore.getState().requestedMainTab).toBe('MOVEMENT');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'ana vs bo' })).toBeNull());
  });

  it('opens for a visitor: the report, its comments, the copy and simulator actions, and a login that comes back here', async () => {
    useAuthStore.getState().clearAuth();
    const { router, ui } = appWithLogin('/hall-of-fame/$entryId', HallOfFameEntryRoute, '/hall-of-fame/7');
    const { calls } = renderWithProviders(ui, (path, input) => {
      if (path === 'hallOfFame.entry') return (input as { id: number }).id === 7 ? entry : undefined;
      if (path === 'hallOfFame.comments') return [comment];
      throw new Error(`unexpected call ${path}`);
    });
    const page = await screen.findByTestId('hof-entry-page');
    expect(await within(page).findByRole('heading', { level: 1, name: 'ana vs bo' })).toBeTruthy();
    expect(within(page).getByTestId('combat-headline').textContent).toBe('Attacker Wins');
    expect(await within(page).findByText('gg')).toBeTruthy();
    expect(within(page).getByText('You must be logged in to comment.')).toBeTruthy();
    expect(within(page).getByRole('button', { name: 'Copy link' }).getAttribute('data-link')).toBe(`${window.location.origin}/hall-of-fame/7`);
    expect(within(page).getByRole('button', { name: 'Open in simulator' })).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining(['hallOfFame.entry', 'hallOfFame.comments']));
    fireEvent.click(within(page).getByRole('link', { name: 'Log in to play' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByTestId('login-page').textContent).toBe('/hall-of-fame/7');
  });

  it('links a signed-in player back to the Hall of Fame list (its tab)', async () => {
    const { ui } = appWithLogin('/hall-of-fame/$entryId', HallOfFameEntryRoute, '/hall-of-fame/7');
    renderWithProviders(ui, (path) => (path === 'hallOfFame.entry' ? entry : path === 'hallOfFame.comments' ? [comment] : undefined));
    const back = await screen.findByRole('link', { name: 'Back to the Hall of Fame' });
    expect(back.getAttribute('href')).toBe('/dashboard/hall-of-fame');
  });

  it('says so when the entry does not exist', async () => {
    useAuthStore.getState().clearAuth();
    const { ui } = appWithLogin('/hall-of-fame/$entryId', HallOfFameEntryRoute, '/hall-of-fame/999');
    renderWithProviders(ui, (path) => {
      throw serverError(404, ENTRY_NOT_FOUND, path);
    });
    expect(await screen.findByText(ENTRY_NOT_FOUND)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser } from '../../lib/api-types';
import { useAuthStore } from '../../stores/auth-store';
import { useUiStore } from '../../stores/ui-store';
import { renderWithProviders } from '../../test/render';
import { economyAnswers, territory } from '../../test/economy-fixtures';
import { EmpireTab } from '.';

const user: CurrentUser = {
  id: 1,
  username: 'queen',
  email: 'queen@hive.example',
  avatar_id: 1,
  score: 0,
  is_test_account: false,
  expires_at: null,
  vacation: null,
  alliance_membership: null,
};

const home = territory({ id: 7, name: 'Nest', structures: [{ structure_key: 'fiber_tangle', level: 3 }] });
const colony = territory({ id: 9, name: 'Outpost', region: 2, sub_region: 3, position: 1 });

beforeEach(() => {
  useAuthStore.getState().setSession('token', user);
  useUiStore.getState().resetUi();
});

function answers(list: ReturnType<typeof territory>[], effects: unknown[] = []) {
  const rest = economyAnswers(home, (path) =>
    path === 'stats.overview' ? { unit_stats: [], defense_stats: [], global_stats: {}, territory_stats: {}, formatted_general_effects: effects } : undefined,
  );
  return (path: string, input: unknown): unknown => {
    if (path === 'territories.list') return list;
    if (path === 'territories.get') return list.find((t) => t.id === (input as { id: number }).id);
    return rest(path, input);
  };
}

describe('EmpireTab', { timeout: 30_000 }, () => {
  it("says 'User Data Unavailable' before the profile is there", () => {
    useAuthStore.getState().clearAuth();
    useAuthStore.getState().setToken('token');
    renderWithProviders(<EmpireTab />, answers([home]));
    expect(screen.getByText('User Data Unavailable')).toBeTruthy();
  });

  it("says 'No Territories Found' for a player without territories", async () => {
    renderWithProviders(<EmpireTab />, answers([]));
    expect(await screen.findByText('No Territories Found')).toBeTruthy();
  });

  it('shows one column per territory; a header click selects it; sections open and close', async () => {
    renderWithProviders(<EmpireTab />, answers([home, colony]));
    const table = await screen.findByTestId('empire-table');
    expect(within(table).getByText('Nest')).toBeTruthy();
    expect(within(table).getByText('Outpost')).toBeTruthy();
    fireEvent.click(screen.getByTestId('empire-column-9'));
    expect(useUiStore.getState().selectedTerritoryId).toBe(9);

    for (const title of ['Global Effects', 'Territory Modifiers', 'Active Queues']) {
      expect(screen.getByTestId(`section-${title}`).dataset.open).toBe('true');
    }
    expect(screen.getByTestId('section-Structures').dataset.open).toBeUndefined();
    fireEvent.click(within(screen.getByTestId('section-Structures')).getByRole('button'));
    await waitFor(() => expect(within(table).getByText('Fiber Tangle')).toBeTruthy());
    expect(within(table).getByText('Lvl 3')).toBeTruthy();
  });

  it("formats the global effects' numbers like everywhere else ('+41.47k', '+30%')", async () => {
    const effects = [
      { name: 'Fiber production', amount: 41_470.5, unit: null, source: 'Fiber Tangle Lvl 30', category: 'STRUCTURE' },
      { name: 'Construction speed', amount: 30, unit: 'percent', source: 'Builder Hive Lvl 2', category: 'STRUCTURE' },
    ];
    renderWithProviders(<EmpireTab />, answers([home], effects));
    const shown = await screen.findByTestId('global-effects');
    expect(within(shown).getByText('Fiber production +41.47k')).toBeTruthy();
    expect(within(shown).getByText('Construction speed +30%')).toBeTruthy();
  });
});

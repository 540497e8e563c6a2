import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser } from '../../lib/api-types';
import { useAuthStore } from '../../stores/auth-store';
import { useGuideStore } from '../../stores/guide-store';
import { useUiStore } from '../../stores/ui-store';
import { renderWithProviders } from '../../test/render';
import { economyAnswers, gameData, territory } from '../../test/economy-fixtures';
import { GuideCard } from '.';

const queen: CurrentUser = { id: 1, username: 'queen', email: 'queen@hive.example', avatar_id: 1, score: 0, is_test_account: false, expires_at: null, vacation: null, alliance_membership: null };

beforeEach(() => {
  useAuthStore.getState().setSession('token', queen);
  useUiStore.getState().resetUi();
  useUiStore.getState().setSelectedTerritoryId(7);
  useUiStore.getState().setLastActiveMainTab('MAP');
  useGuideStore.setState({ dismissedBy: [], followsBy: {} });
});

describe('GuideCard', { timeout: 30_000 }, () => {
  it("offers what a new hive can start now; a step opens its card's tab and lights the card up", async () => {
    renderWithProviders(<GuideCard />, economyAnswers(territory()));
    const ready = await screen.findByTestId('guide-ready');
    const steps = within(ready).getAllByRole('button');
    expect(steps.length).toBeGreaterThan(0);
    const key = steps[0]!.dataset.testid!.replace('guide-step-', '');
    const tab = key in gameData.structures ? 'BUILDING' : 'RESEARCH';
    fireEvent.click(steps[0]!);
    expect(useUiStore.getState().requestedMainTab).toBe(tab);
    expect(useUiStore.getState().highlightedItem).toEqual({ tab, key });
  });

  it('names what unlocks next with the prerequisite jump the cards have', async () => {
    renderWithProviders(<GuideCard />, economyAnswers(territory()));
    const next = await screen.findByTestId('guide-next');
    const link = within(next).getAllByRole('button').at(-1)!;
    expect(link.textContent).toMatch(/\(Lvl \d+\)$/);
    fireEvent.click(link);
    const highlighted = useUiStore.getState().highlightedItem;
    expect(highlighted).not.toBeNull();
    expect(link.getAttribute('title')).toBe(`Show ${highlighted!.tab === 'BUILDING' ? gameData.structures[highlighted!.key]?.name : gameData.technologies[highlighted!.key]?.name}`);
  });

  it('folds to one line once the player has followed it twice, and opens again on demand', async () => {
    renderWithProviders(<GuideCard />, economyAnswers(territory()));
    const first = within(await screen.findByTestId('guide-ready')).getAllByRole('button')[0]!;
    fireEvent.click(first);
    expect(screen.getByTestId('guide').dataset.folded).toBeUndefined();
    fireEvent.click(first);
    await waitFor(() => expect(screen.getByTestId('guide').dataset.folded).toBe('true'));
    expect(screen.queryByTestId('guide-next')).toBeNull();
    expect(screen.queryByTestId('guide-ready')).toBeNull();
    expect(within(screen.getByTestId('guide')).getByTestId(first.dataset.testid!)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('guide-storage') ?? '{}').state.followsBy).toEqual({ 1: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Show all next steps' }));
    expect(await screen.findByTestId('guide-next')).toBeTruthy();
    expect(screen.getByTestId('guide').dataset.folded).toBeUndefined();
  });

  it('stays closed for the player who closed it, and only for them', async () => {
    const first = renderWithProviders(<GuideCard />, economyAnswers(territory()));
    fireEvent.click(await screen.findByRole('button', { name: 'Close the guide' }));
    await waitFor(() => expect(screen.queryByTestId('guide')).toBeNull());
    expect(JSON.parse(localStorage.getItem('guide-storage') ?? '{}').state.dismissedBy).toEqual([1]);
    first.unmount();

    renderWithProviders(<GuideCard />, economyAnswers(territory()));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('guide')).toBeNull();

    useAuthStore.getState().setSession('token', { ...queen, id: 2, username: 'drone' });
    expect(await screen.findByTestId('guide')).toBeTruthy();
  });
});

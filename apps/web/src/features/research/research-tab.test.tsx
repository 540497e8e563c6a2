import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '../../stores/auth-store';
import { useUiStore } from '../../stores/ui-store';
import { renderWithProviders } from '../../test/render';
import { economyAnswers, territory } from '../../test/economy-fixtures';
import { ResearchTab } from '.';

const withNest = territory({
  structures: [{ structure_key: 'cortex_nest', level: 1 }],
  resources: [
    { resource_key: 'fiber', amount: 5_000 },
    { resource_key: 'crystal', amount: 5_000 },
    { resource_key: 'biomass', amount: 5_000 },
  ],
});

const card = (key: string) => screen.findByTestId(`card-${key}`);
const buttonOf = (el: HTMLElement) => within(el).getAllByRole('button').at(-1) as HTMLButtonElement;

beforeEach(() => {
  useAuthStore.getState().setToken('token');
  useUiStore.getState().resetUi();
});

describe('ResearchTab', { timeout: 30_000 }, () => {
  it('without a territory hints to select one, and a research with costs cannot start', async () => {
    renderWithProviders(<ResearchTab />, economyAnswers(withNest));
    expect(await screen.findByTestId('research-territory-hint')).toBeTruthy();
    const echo = await card('echo_sensing');
    expect(buttonOf(echo).disabled).toBe(true);
    expect(buttonOf(echo).dataset.reason).toBe('prerequisites');
  });

  it('a research the paying territory cannot afford says what it needs, and what its next level adds', async () => {
    useUiStore.getState().setSelectedTerritoryId(7);
    const poor = territory({ ...withNest, resources: [{ resource_key: 'fiber', amount: 5_000 }, { resource_key: 'crystal', amount: 100 }, { resource_key: 'biomass', amount: 5_000 }] });
    renderWithProviders(<ResearchTab />, economyAnswers(poor));
    const echo = await card('echo_sensing');
    // echo_sensing level 1: crystal 100 x 2 = 200, biomass 60 x 2 = 120
    await waitFor(() => expect(within(echo).getByTestId('card-explanation').textContent).toMatch(/^Needs 100 more crystal/));
    expect(within(echo).getByTestId('level-gains').textContent).toBe('Next level: Echo level +1');
  });

  it("researches with the selected territory paying, and the spec's success toast", async () => {
    useUiStore.getState().setSelectedTerritoryId(7);
    const { calls } = renderWithProviders(
      <ResearchTab />,
      economyAnswers(withNest, (path) => (path === 'research.start' ? { id: 'r1' } : undefined)),
    );
    const echo = await card('echo_sensing');
    await waitFor(() => expect(buttonOf(echo).disabled).toBe(false));
    expect(buttonOf(echo).textContent).toBe('Research (Lvl 1)');
    fireEvent.click(buttonOf(echo));
    expect(await screen.findByText('Echo Sensing research started!')).toBeTruthy();
    expect(calls.find((c) => c.path === 'research.start')?.input).toEqual({ tech_key: 'echo_sensing', territory_id_for_cost: 7 });
  });

  it('jumps from a missing structure to its card on the Buildings tab', async () => {
    useUiStore.getState().setSelectedTerritoryId(7);
    renderWithProviders(<ResearchTab />, economyAnswers(territory()));
    const echo = await card('echo_sensing');
    fireEvent.click(within(within(echo).getByTestId('prerequisites')).getByText(/Cortex Nest \(Lvl 1\)/));
    expect(useUiStore.getState().requestedMainTab).toBe('BUILDING');
    expect(useUiStore.getState().highlightedItem).toEqual({ tab: 'BUILDING', key: 'cortex_nest' });
  });
});

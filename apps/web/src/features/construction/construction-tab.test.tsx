import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '../../stores/auth-store';
import { useUiStore } from '../../stores/ui-store';
import { renderWithProviders } from '../../test/render';
import { economyAnswers, gameData, serverError, territory, type BuildQueue } from '../../test/economy-fixtures';
import { constructionFailed } from './use-start-construction';
import { ConstructionTab } from '.';

beforeEach(() => {
  useAuthStore.getState().setToken('token');
  useUiStore.getState().resetUi();
  useUiStore.getState().setSelectedTerritoryId(7);
});

const card = async (key: string) => screen.findByTestId(`card-${key}`);
const buttonOf = (el: HTMLElement) => within(el).getAllByRole('button').at(-1) as HTMLButtonElement;

// Rendering the whole catalogue is slow on a busy machine.
describe('ConstructionTab', { timeout: 30_000 }, () => {
  it('offers level 1 of an affordable producer and shows its game-core cost', async () => {
    renderWithProviders(<ConstructionTab />, economyAnswers(territory()));
    const fiber = await card('fiber_tangle');
    const button = buttonOf(fiber);
    expect(button.textContent).toBe('Build (Lvl 1)');
    expect(button.disabled).toBe(false);
    // fiber_tangle: cost_base fiber 40 x 1.5^1 = 60, crystal 10 x 1.5 = 15
    expect(within(fiber).getByTestId('resource-cost').textContent).toContain('60');
    expect(within(fiber).getByTestId('resource-cost').textContent).toContain('15');
    expect(fiber.dataset.dimmed).toBeUndefined();
  });

  it('counts what production added since the last read, so a card turns affordable without a reload', async () => {
    const keys = gameData.orderedResourceKeys;
    const read = territory({
      resources: keys.map((resource_key) => ({ resource_key, amount: 0 })),
      all_resources_production_per_hour: Object.fromEntries(keys.map((k) => [k, 3_600])),
      resources_updated_at: new Date(Date.now() - 3_600_000),
    });
    renderWithProviders(<ConstructionTab />, economyAnswers(read));
    const fiber = await card('fiber_tangle');
    expect(buttonOf(fiber).disabled).toBe(false);
  });

  it('disables and dims a structure the stock cannot pay for', async () => {
    renderWithProviders(<ConstructionTab />, economyAnswers(territory({ resources: [{ resource_key: 'fiber', amount: 1 }] })));
    const fiber = await card('fiber_tangle');
    expect(buttonOf(fiber).disabled).toBe(true);
    expect(buttonOf(fiber).dataset.reason).toBe('resources');
    expect(fiber.dataset.dimmed).toBe('true');
    // The card says what is missing and when it will be affordable, not only the spec's tooltip.
    expect(within(fiber).getByTestId('card-explanation').textContent).toMatch(/^Needs 59 more fiber and 15 more crystal(Affordable in .+ at today's production|Not affordable.*)$/);
    // And what the next level adds, by game-core's production formula.
    expect(within(fiber).getByTestId('level-gains').textContent).toMatch(/^Next level: \+[\d,.]+ fiber\/h$/);
  });

  it('lists missing prerequisites; a click highlights the prerequisite card', async () => {
    renderWithProviders(<ConstructionTab />, economyAnswers(territory()));
    const resin = await card('resin_gland');
    expect(buttonOf(resin).dataset.reason).toBe('prerequisites');
    const box = within(resin).getByTestId('prerequisites');
    fireEvent.click(within(box).getByText(/Builder Hive \(Lvl 2\)/));
    expect(useUiStore.getState().highlightedItem).toEqual({ tab: 'BUILDING', key: 'builder_hive' });
    await waitFor(async () => expect((await card('builder_hive')).dataset.highlighted).toBe('true'));
  });

  it('shows the queued target with an arrow and a full build queue as the spec tooltip reason', async () => {
    const now = Date.now();
    const queued: BuildQueue = Array.from({ length: 5 }, (_, i) => ({
      id: `q${i}`,
      created_at: new Date(now),
      start_time: new Date(now + i * 60_000),
      end_time: new Date(now + (i + 1) * 60_000),
      paid: { fiber: 60 },
      territory_id: 7,
      structure_key: 'fiber_tangle',
      target_level: i + 1,
    }));
    renderWithProviders(<ConstructionTab />, economyAnswers(territory(), (path) => (path === 'construction.queue' ? queued : undefined)));
    const fiber = await card('fiber_tangle');
    const max = gameData.structures.fiber_tangle!.max_level_per_territory;
    await waitFor(() => expect(within(fiber).getByTestId('level').textContent).toBe(`Lvl 05/${max}`));
    expect(buttonOf(fiber).textContent).toBe('Upgrade to Lvl 6');
    expect(buttonOf(fiber).dataset.reason).toBe('queue-full');
  });

  it("words the failure toast as the spec, with 'Unknown error' when there is no detail", () => {
    expect(constructionFailed('Not enough resources')).toBe('Construction failed: Not enough resources');
    expect(constructionFailed('')).toBe('Construction failed: Unknown error');
  });

  it("starts construction with a success toast, and shows the server's detail under the card on failure", async () => {
    let fail = false;
    const { calls } = renderWithProviders(
      <ConstructionTab />,
      economyAnswers(territory(), (path) => {
        if (path !== 'construction.start') return undefined;
        if (fail) throw serverError(400, 'Not enough resources', path);
        return { id: 'x', territory_id: 7, structure_key: 'fiber_tangle', target_level: 1 };
      }),
    );
    fireEvent.click(buttonOf(await card('fiber_tangle')));
    expect(await screen.findByText('Fiber Tangle construction started!')).toBeTruthy();
    expect(calls.find((c) => c.path === 'construction.start')?.input).toEqual({ territory_id: 7, structure_key: 'fiber_tangle' });

    fail = true;
    fireEvent.click(buttonOf(await card('crystal_geode')));
    await waitFor(async () => expect(within(await card('crystal_geode')).getByRole('alert').textContent).toBe('Not enough resources'));
  });

  it("says 'No structures found' for an empty category", async () => {
    const onlyProduction = { ...gameData, structures: Object.fromEntries(Object.entries(gameData.structures).filter(([, d]) => d.category === 'Production')) };
    renderWithProviders(<ConstructionTab />, (path, input) => (path === 'gameData.all' ? onlyProduction : economyAnswers(territory())(path, input)));
    await card('fiber_tangle');
    fireEvent.click(screen.getByRole('tab', { name: 'Facility' }));
    expect(await screen.findByText('No structures found in the Facility category')).toBeTruthy();
  });
});

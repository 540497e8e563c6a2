import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '../../stores/auth-store';
import { useUiStore } from '../../stores/ui-store';
import { renderWithProviders } from '../../test/render';
import { economyAnswers, territory } from '../../test/economy-fixtures';
import { UnitsTab } from '.';

beforeEach(() => {
  useAuthStore.getState().setToken('token');
  useUiStore.getState().resetUi();
  useUiStore.getState().setSelectedTerritoryId(7);
});

/** A territory whose hatchery and carapace works can make the tier-1 unit and defenses. */
const developed = territory({
  structures: [
    { structure_key: 'builder_hive', level: 2 },
    { structure_key: 'brood_hatchery', level: 1 },
    { structure_key: 'carapace_works', level: 2 },
  ],
  resources: [
    { resource_key: 'fiber', amount: 7_000 },
    { resource_key: 'crystal', amount: 1_700 },
    { resource_key: 'biomass', amount: 450 },
  ],
});

const card = (key: string) => screen.findByTestId(`card-${key}`);
const quantity = (el: HTMLElement) => within(el).getByLabelText(/^Quantity of/) as HTMLInputElement;
const submit = (el: HTMLElement) => within(el).getAllByRole('button').at(-1) as HTMLButtonElement;

describe('UnitsTab', { timeout: 30_000 }, () => {
  it('a batch the stock cannot pay says on the card what it needs for that quantity, and a full queue which queue and when', async () => {
    const end = new Date(Date.now() + 600_000).toISOString();
    const full = Array.from({ length: 5 }, (_, i) => ({ id: `b${i}`, territory_id: 7, unit_key: 'razorwing', quantity: 1, start_time: new Date().toISOString(), end_time: end, duration_per_item_s: 600 }));
    renderWithProviders(<UnitsTab />, economyAnswers(developed));
    const razorwing = await card('razorwing');
    // 5 razorwings: fiber 3,000, crystal 1,500, biomass 500; 450 biomass in stock
    fireEvent.change(quantity(razorwing), { target: { value: '5' } });
    await waitFor(() => expect(within(razorwing).getByTestId('card-explanation').textContent).toMatch(/^Needs 50 more biomass/));
    cleanup();
    renderWithProviders(<UnitsTab />, economyAnswers(developed, (path) => (path === 'recruitment.queue' ? full : undefined)));
    const queued = await card('razorwing');
    await waitFor(() => expect(within(queued).getByTestId('card-explanation').textContent).toMatch(/^Recruitment queue is full \(5 of 5\): a slot frees in (9m|10m)/));
  });

  it('sets the max producible and shows totals and biomass for the quantity', async () => {
    renderWithProviders(<UnitsTab />, economyAnswers(developed));
    const razorwing = await card('razorwing');
    // razorwing costs fiber 600, crystal 300, biomass 100: min(7000/600, 1700/300, 450/100) = 4
    fireEvent.click(within(razorwing).getByRole('button', { name: /^Max Razorwing/ }));
    expect(quantity(razorwing).value).toBe('4');
    expect(within(razorwing).getByTestId('resource-cost').textContent).toContain('2.40k');
    expect(within(razorwing).getByTestId('biomass').textContent).toBe('2 biomass/h');
    expect(submit(razorwing).textContent).toBe('Recruit');
    expect(submit(razorwing).disabled).toBe(false);
  });

  it("turns junk into 0 and answers 'Quantity must be greater than 0.' without calling the server", async () => {
    const { calls } = renderWithProviders(<UnitsTab />, economyAnswers(developed));
    const razorwing = await card('razorwing');
    fireEvent.change(quantity(razorwing), { target: { value: 'lots' } });
    fireEvent.blur(quantity(razorwing));
    expect(quantity(razorwing).value).toBe('0');
    fireEvent.click(submit(razorwing));
    expect(within(razorwing).getByRole('alert').textContent).toBe('Quantity must be greater than 0.');
    expect(calls.some((c) => c.path === 'recruitment.start')).toBe(false);
  });

  it("normalises the box as the player types: '-5' and 'abc' become 0, '2.5' becomes 2", async () => {
    renderWithProviders(<UnitsTab />, economyAnswers(developed));
    const razorwing = await card('razorwing');
    for (const [typed, shown] of [['-5', '0'], ['abc', '0'], ['2.5', '2'], ['007', '7'], ['', '']] as const) {
      fireEvent.change(quantity(razorwing), { target: { value: typed } });
      expect(quantity(razorwing).value, typed).toBe(shown);
    }
    fireEvent.blur(quantity(razorwing));
    expect(quantity(razorwing).value).toBe('0');
    fireEvent.change(quantity(razorwing), { target: { value: '2.9' } });
    // Two razorwings: fiber 2 x 600
    expect(within(razorwing).getByTestId('resource-cost').textContent).toContain('1.20k');
  });

  it('recruits with the spec toast and then offers Recruit More', async () => {
    const now = Date.now();
    let queued = false;
    const { calls } = renderWithProviders(
      <UnitsTab />,
      economyAnswers(developed, (path) => {
        if (path === 'recruitment.start') {
          queued = true;
          return { id: 'b1' };
        }
        if (path === 'recruitment.queue' && queued) {
          return [{ id: 'b1', created_at: new Date(now), start_time: new Date(now), end_time: new Date(now + 90_000), territory_id: 7, quantity: 1, quantity_delivered: 0, duration_per_item_s: 90, completion_time: new Date(now + 90_000), unit_key: 'razorwing' }];
        }
        return undefined;
      }),
    );
    fireEvent.click(submit(await card('razorwing')));
    expect(await screen.findByText('Razorwing recruitment started!')).toBeTruthy();
    expect(calls.find((c) => c.path === 'recruitment.start')?.input).toEqual({ territory_id: 7, unit_key: 'razorwing', quantity: 1 });
    await waitFor(async () => expect(submit(await card('razorwing')).textContent).toBe('Recruit More'));
  });

  it('filters by archetype chip, clears, and shows the empty sentence when nothing matches', async () => {
    renderWithProviders(<UnitsTab />, economyAnswers(developed));
    await card('razorwing');
    const filters = screen.getByTestId('filters');
    expect(within(filters).queryByText('Neutral')).toBeNull();
    fireEvent.click(within(filters).getByText('Brute'));
    await waitFor(() => expect(screen.queryByTestId('card-razorwing')).toBeNull());
    expect(await card('ravager')).toBeTruthy();
    fireEvent.click(within(filters).getByText('Salvage'));
    expect(await screen.findByText('No units match your current filters or none are available.')).toBeTruthy();
    fireEvent.click(within(filters).getByRole('button', { name: 'Clear' }));
    expect(await card('razorwing')).toBeTruthy();
  });

  it("shows defenses with their count over the maximum or 'Unlimited'", async () => {
    renderWithProviders(<UnitsTab />, economyAnswers(developed));
    await card('razorwing');
    fireEvent.click(screen.getByRole('tab', { name: 'Build Defenses' }));
    const thornPit = await card('thorn_pit');
    expect(within(thornPit).getByTestId('count').textContent).toBe('0 · Unlimited');
    expect(within(await card('lesser_membrane')).getByTestId('count').textContent).toBe('0 / 1');
    expect(screen.getByTestId('deployed-defenses').textContent).toContain('Deployed Defenses');
  });
});

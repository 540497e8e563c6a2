import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { useAuthStore } from '../../stores/auth-store';
import { useUiStore } from '../../stores/ui-store';
import { renderWithProviders } from '../../test/render';
import { economyAnswers, territory } from '../../test/economy-fixtures';
import { ResourceBar } from '.';

const t0 = new Date('2030-01-01T00:00:00Z');

beforeEach(() => {
  useAuthStore.getState().setToken('token');
  useUiStore.getState().resetUi();
  useUiStore.getState().setSelectedTerritoryId(7);
});
afterEach(() => vi.useRealTimers());

function stocked(amounts: Record<string, number>, production: Record<string, number> = {}) {
  return territory({
    resources: Object.entries(amounts).map(([resource_key, amount]) => ({ resource_key, amount })),
    all_resources_production_per_hour: production,
    all_resources_storage_capacities: { fiber: 10_000, crystal: 10_000, biomass: 10_000, resin: 10_000_000_000_000 },
    resources_updated_at: t0,
  });
}

describe('ResourceBar', { timeout: 20_000 }, () => {
  it('marks a resource yellow from 95% of storage and red when full', async () => {
    vi.useFakeTimers({ now: t0.getTime(), toFake: ['Date'] });
    renderWithProviders(<ResourceBar />, economyAnswers(stocked({ fiber: 10_000, crystal: 9_500, biomass: 9_499 })));
    expect((await screen.findByTestId('resource-fiber')).dataset.level).toBe('full');
    expect(screen.getByTestId('resource-crystal').dataset.level).toBe('warning');
    expect(screen.getByTestId('resource-biomass').dataset.level).toBe('ok');
  });

  it('abbreviates amounts with k, m, b and t', async () => {
    vi.useFakeTimers({ now: t0.getTime(), toFake: ['Date'] });
    renderWithProviders(<ResourceBar />, economyAnswers(stocked({ fiber: 999, crystal: 1_234, biomass: 5_600_000, resin: 7_890_000_000_000 })));
    expect((await screen.findByTestId('resource-fiber-amount')).textContent).toBe('999');
    expect(screen.getByTestId('resource-crystal-amount').textContent).toBe('1.23k');
    expect(screen.getByTestId('resource-biomass-amount').textContent).toBe('5.60m');
    expect(screen.getByTestId('resource-resin-amount').textContent).toBe('7.89t');
  });

  it('counts up between reads at the production rate, stopping at the storage cap', async () => {
    vi.useFakeTimers({ now: t0.getTime(), toFake: ['Date', 'setInterval', 'clearInterval'] });
    renderWithProviders(<ResourceBar />, economyAnswers(stocked({ fiber: 100, crystal: 9_999 }, { fiber: 3_600, crystal: 3_600 })));
    expect((await screen.findByTestId('resource-fiber-amount')).textContent).toBe('100');
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByTestId('resource-fiber-amount').textContent).toBe('105');
    expect(screen.getByTestId('resource-crystal-amount').textContent).toBe('10.00k');
    expect(screen.getByTestId('resource-crystal').dataset.level).toBe('full');
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useAuthStore } from '../../stores/auth-store';
import { useUiStore } from '../../stores/ui-store';
import { renderWithProviders } from '../../test/render';
import { economyAnswers, territory } from '../../test/economy-fixtures';
import { QueueButton } from '.';

beforeEach(() => {
  useAuthStore.getState().setToken('token');
  useUiStore.getState().resetUi();
  useUiStore.getState().setSelectedTerritoryId(7);
});

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000);
const build = (id: string, key: string, level: number, start: number, end: number) => ({
  id,
  created_at: new Date(),
  territory_id: 7,
  structure_key: key,
  target_level: level,
  start_time: inMinutes(start),
  end_time: inMinutes(end),
});

describe('QueueButton (phones: the queues one tap away from every tab)', { timeout: 20_000 }, () => {
  it('counts what is still to finish and opens every queue in a drawer', async () => {
    renderWithProviders(
      <QueueButton />,
      economyAnswers(territory(), (path) => {
        if (path === 'construction.queue') return [build('b1', 'fiber_tangle', 1, -1, 3), build('b2', 'crystal_geode', 1, 3, 6)];
        if (path === 'research.queue') return [{ id: 'r1', created_at: new Date(), tech_key: 'echo_sensing', target_level: 1, start_time: inMinutes(-1), end_time: inMinutes(9) }];
        return undefined;
      }),
    );
    const button = await screen.findByRole('button', { name: 'Queues (3)' });
    expect(button.dataset.count).toBe('3');
    expect(screen.queryByTestId('queue-panel')).toBeNull();
    fireEvent.click(button);
    expect(await screen.findByTestId('queue-panel')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('queue-building').querySelectorAll('[data-phase]').length).toBe(2));
  });

  it('shows no count while every queue is empty', async () => {
    renderWithProviders(<QueueButton />, economyAnswers(territory()));
    const button = await screen.findByRole('button', { name: 'Queues' });
    await waitFor(() => expect(button.dataset.count).toBe('0'));
  });
});

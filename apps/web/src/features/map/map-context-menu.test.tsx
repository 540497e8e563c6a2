import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { useAuthStore } from '../../stores/auth-store';
import { useUiStore } from '../../stores/ui-store';
import { renderWithProviders } from '../../test/render';
import { economyAnswers, territory } from '../../test/economy-fixtures';
import { MapContextMenu } from './map-context-menu';
import type { MenuTarget } from './missions';

const home = { id: 7, name: 'Nest', region: 12, sub_region: 30, position: 4 };

beforeEach(() => {
  useAuthStore.getState().setToken('token');
  useUiStore.getState().resetUi();
  useUiStore.getState().setSelectedTerritoryId(7);
  useUiStore.getState().openMapContextMenu({ x: 40, y: 40, targetR: 12, targetS: 30, targetP: 9 });
});

function open(at: Omit<MenuTarget, 'isStart'>, units: { unit_key: string; quantity: number }[]) {
  renderWithProviders(
    <MapContextMenu ownedTerritories={[home]} targetAt={() => at} />,
    (path, input) => (path === 'territories.units' ? units : economyAnswers(territory())(path, input)),
  );
}
const item = async (mission: string) => {
  const menu = await screen.findByTestId('map-context-menu');
  return (await within(menu).findAllByRole('menuitem')).find((el) => el.dataset.mission === mission)!;
};

describe('MapContextMenu', () => {
  it('shows all seven missions; a Salvage no unit can fly is disabled and names the unit that can and what hatches it', async () => {
    open({ occupant: 'free', wreckage: true }, [{ unit_key: 'hauler_grub', quantity: 3 }]);
    const salvage = await item('SALVAGE');
    const labels = within(screen.getByTestId('map-context-menu')).getAllByRole('menuitem').map((el) => el.dataset.mission);
    expect(labels).toEqual(['TRANSPORT', 'ATTACK', 'COLONIZE', 'EXPLORATION', 'SALVAGE', 'SPY', 'STATION']);
    expect((salvage as HTMLButtonElement).disabled).toBe(true);
    expect(within(salvage).getByTestId('mission-reason').textContent).toBe('Salvage needs a unit that can salvage: Carrion Beetle, from Brood Hatchery 4 and Chitin Moulter 1');
    fireEvent.click(salvage);
    expect(useUiStore.getState().pendingMovementOrder).toBeNull();
  });

  it('Station at a player outside the alliance is disabled with the reason; Attack there can be chosen', async () => {
    open({ occupant: 'foreign', wreckage: false }, [{ unit_key: 'razorwing', quantity: 5 }]);
    const station = await item('STATION');
    expect((station as HTMLButtonElement).disabled).toBe(true);
    expect(within(station).getByTestId('mission-reason').textContent).toBe('Station needs your own territory or an alliance member\'s: this player is not in your alliance.');
    const attack = await item('ATTACK');
    expect(within(attack).queryByTestId('mission-reason')).toBeNull();
    fireEvent.click(attack);
    expect(useUiStore.getState().pendingMovementOrder).toMatchObject({ missionType: 'ATTACK', targetP: 9, startTerritoryIdForMovementPanel: 7 });
  });
});

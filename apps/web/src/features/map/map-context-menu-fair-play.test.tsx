import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { gameData } from '../../test/economy-fixtures';
import { useUiStore } from '../../stores/ui-store';
import { MapContextMenu } from './map-context-menu';

const owned = [{ id: 1, name: 'Home Hive', region: 5, sub_region: 6, position: 1 }];
const fair = (id: number, points: number) => ({ user_id: id, name: `p${id}`, points, activity: null, vacationSince: null });

beforeEach(() => {
  useUiStore.getState().setSelectedTerritoryId(1);
  useUiStore.getState().openMapContextMenu({ x: 10, y: 10, targetR: 5, targetS: 6, targetP: 4 });
});

describe('the map\'s fleet menu and fair play', () => {
  it('says why an attack or spy on a protected newcomer is refused, holds those two, and keeps transport open', async () => {
    renderWithProviders(
      <MapContextMenu ownedTerritories={owned as never} targetAt={() => ({ occupant: 'foreign', wreckage: false })} />,
      (path) => {
        if (path === 'gameData.all') return gameData;
        if (path === 'territories.units') return [{ unit_key: 'razorwing', quantity: 5 }, { unit_key: 'hauler_grub', quantity: 2 }, { unit_key: 'whisper_mite', quantity: 2 }];
        if (path === 'map.regionTerritories') return [{ id: 40, name: 'Nursery', region: 5, sub_region: 6, position: 4, owner: { id: 9 }, owner_id: 9, owner_status: ['n'], owner_username: 'p9' }];
        if (path === 'fairPlay.players') return { viewer: fair(1, 100_000), players: [fair(9, 10)] };
        return undefined;
      },
    );
    expect((await screen.findByTestId('map-context-menu-fair-play')).textContent).toMatch(/^Newcomer protection: p9 has 10 points, under a fifth of yours\./);
    const item = (mission: string) => document.querySelector(`[data-mission=${mission}]`) as HTMLButtonElement | null;
    expect(item('ATTACK')?.disabled).toBe(true);
    expect(item('TRANSPORT')?.disabled).toBe(false);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { useUiStore } from '../../stores/ui-store';
import { renderWithProviders } from '../../test/render';
import { ARMY_SELECT_HINT, NO_TERRITORY_TITLE, NoTerritorySelected } from './no-territory';

beforeEach(() => useUiStore.getState().resetUi());

describe('No Territory Selected', () => {
  it("offers 'Go to Map', which requests the Map tab", () => {
    useUiStore.getState().setLastActiveMainTab('BUILDING');
    renderWithProviders(<NoTerritorySelected />);
    expect(screen.getByText(NO_TERRITORY_TITLE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to Map' }));
    expect(useUiStore.getState().requestedMainTab).toBe('MAP');
  });

  it('the Army tab adds the global selector hint', () => {
    renderWithProviders(<NoTerritorySelected armyHint />);
    expect(screen.getByText(ARMY_SELECT_HINT)).toBeTruthy();
  });
});

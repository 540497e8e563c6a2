import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '../../stores/auth-store';
import { useUiStore } from '../../stores/ui-store';
import { renderWithProviders } from '../../test/render';
import { economyAnswers, serverError, territory } from '../../test/economy-fixtures';
import { ConstructionTab } from '../construction';
import { NAME_RULE, NOTHING_CHOSEN, validateTerritoryName } from './rename-territory-modal';
import { TerritoryPicker } from '.';

const home = territory({ id: 7, name: 'Nest', region: 12, sub_region: 30, position: 4 });
const colony = territory({ id: 9, name: 'Outpost', region: 2, sub_region: 3, position: 1 });

beforeEach(() => {
  useAuthStore.getState().setToken('token');
  useUiStore.getState().resetUi();
});

describe('validateTerritoryName', () => {
  it('trims and allows 1 to 12 characters', () => {
    expect(validateTerritoryName(7, '  Brood Prime  ')).toBeNull();
    expect(validateTerritoryName(7, 'x'.repeat(12))).toBeNull();
    expect(validateTerritoryName(7, 'x'.repeat(13))).toBe(NAME_RULE);
    expect(validateTerritoryName(7, '   ')).toBe(NAME_RULE);
  });
  it('asks for a territory and a name when either is missing', () => {
    expect(validateTerritoryName(null, 'Nest')).toBe(NOTHING_CHOSEN);
    expect(validateTerritoryName(7, '')).toBe(NOTHING_CHOSEN);
  });
});

describe('TerritoryPicker', { timeout: 20_000 }, () => {
  it("lists 'name (r-s-p)' and selects the first territory when none is selected", async () => {
    renderWithProviders(<TerritoryPicker />, (path) => (path === 'territories.list' ? [home, colony] : undefined));
    await waitFor(() => expect(useUiStore.getState().selectedTerritoryId).toBe(7));
    const input = within(screen.getByTestId('territory-picker')).getByPlaceholderText('Select Territory') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('Nest (12-30-4)'));
  });

  it('keeps a selection that is still owned', async () => {
    useUiStore.getState().setSelectedTerritoryId(9);
    renderWithProviders(<TerritoryPicker />, (path) => (path === 'territories.list' ? [home, colony] : undefined));
    const input = (await screen.findByPlaceholderText('Select Territory')) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('Outpost (2-3-1)'));
    expect(useUiStore.getState().selectedTerritoryId).toBe(9);
  });

  it('checks a stored choice against the list before anything asks the server about it', async () => {
    useUiStore.getState().setSelectedTerritoryId(99); // lost since, or another account's
    const { calls } = renderWithProviders(
      <>
        <TerritoryPicker />
        <ConstructionTab />
      </>,
      economyAnswers(home),
    );
    await screen.findByTestId('construction-panel');
    expect(useUiStore.getState().selectedTerritoryId).toBe(7);
    expect(calls.filter((c) => c.path === 'territories.get').map((c) => c.input)).toEqual([{ id: 7 }]);
    expect(screen.queryByText(/do not own/i)).toBeNull();
  });

  it("says 'No territories found.' and 'Error loading territories.'", async () => {
    const empty = renderWithProviders(<TerritoryPicker />, () => []);
    expect(await screen.findByText('No territories found.')).toBeTruthy();
    empty.unmount();
    renderWithProviders(<TerritoryPicker />, (path) => {
      throw serverError(500, 'boom', path);
    });
    expect(await screen.findByText('Error loading territories.')).toBeTruthy();
  });

  it('renames through the modal with the spec toast, refusing a name over 12 characters first', async () => {
    let name = 'Nest';
    const { calls } = renderWithProviders(<TerritoryPicker />, (path, input) => {
      if (path === 'territories.list') return [{ ...home, name }];
      if (path === 'territories.rename') {
        name = (input as { name: string }).name;
        return { id: 7, name };
      }
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Rename territory' }));
    const field = (await screen.findByLabelText(/^New name/)) as HTMLInputElement;
    expect(field.value).toBe('Nest');
    fireEvent.change(field, { target: { value: 'A very long hive name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText(NAME_RULE)).toBeTruthy();
    expect(calls.some((c) => c.path === 'territories.rename')).toBe(false);

    fireEvent.change(field, { target: { value: '  Brood Prime ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect((await screen.findAllByText('Territory "Brood Prime" renamed successfully!')).length).toBeGreaterThan(0);
    expect(calls.find((c) => c.path === 'territories.rename')?.input).toEqual({ id: 7, name: 'Brood Prime' });
  });
});

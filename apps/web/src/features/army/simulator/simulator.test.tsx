import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { useAuthStore } from '../../../stores/auth-store';
import { LAB_STORAGE_KEY, useLabStore } from '../../../stores/lab-store';
import { useUiStore } from '../../../stores/ui-store';
import { renderWithProviders } from '../../../test/render';
import { economyAnswers, territory } from '../../../test/economy-fixtures';
import { ArmyTab } from '..';
import { isLabForm } from './lab-form';

const home = territory({});
const base = economyAnswers(home, (path) => {
  if (path === 'stats.overview') return { global_stats: { max_exploration_duration_hours: 12, max_fleets: 2, universe_speed_factor: 1 } };
  if (path === 'movements.active') return [];
  return undefined;
});
const answers = (path: string, input: unknown) => (path === 'territories.units' ? [{ unit_key: 'razorwing', quantity: 5 }] : base(path, input));

const player = (id: number, username: string) => ({ id, username, email: `${username}@x.test`, avatar_id: 1, score: 0, is_test_account: false, expires_at: null, vacation: null, alliance_membership: null });

beforeEach(() => {
  sessionStorage.clear();
  useLabStore.setState({ forms: {} });
  useAuthStore.getState().setSession('token', player(1, 'ana'));
  useUiStore.getState().resetUi();
  useUiStore.getState().setSelectedTerritoryId(7);
  useUiStore.getState().setArmyView('simulator');
});

const seed = () => screen.getByTestId('lab-seed') as HTMLInputElement;
const targetR = () => screen.getByTestId('lab-target-r') as HTMLInputElement;
const razorwings = () => within(screen.getByTestId('lab-party-attackers-0')).getByRole('textbox', { name: 'Razorwing (Units)' }) as HTMLInputElement;

/** Fills the form: the attackers from the territory (5 razorwings), a target R and a seed. */
async function fill() {
  await screen.findByTestId('simulator');
  fireEvent.click(within(screen.getByTestId('lab-party-attackers-0')).getByRole('button', { name: 'From my territory' }));
  fireEvent.change(targetR(), { target: { value: '12' } });
  fireEvent.change(seed(), { target: { value: 'kept-plan' } });
  expect(razorwings().value).toBe('5');
}

describe('Simulator: the form is kept', { timeout: 30_000 }, () => {
  it('keeps the form when the player leaves the Simulator sub-tab and comes back, until Clear', async () => {
    renderWithProviders(<ArmyTab />, answers);
    await fill();
    fireEvent.click(screen.getByRole('tab', { name: 'Dispatch Units' }));
    await screen.findByTestId('dispatch-form');
    expect(screen.queryByTestId('simulator')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Simulator' }));
    await screen.findByTestId('simulator');
    expect(seed().value).toBe('kept-plan');
    expect(targetR().value).toBe('12');
    expect(razorwings().value).toBe('5');

    fireEvent.click(screen.getByTestId('lab-clear'));
    expect(seed().value).not.toBe('kept-plan');
    expect(targetR().value).toBe('');
    expect(within(screen.getByTestId('lab-party-attackers-0')).queryByRole('textbox', { name: 'Razorwing (Units)' })).toBeNull();
  });

  it('keeps it across leaving the Army tab (unmounted) and a reload of this tab (sessionStorage), per player', async () => {
    const first = renderWithProviders(<ArmyTab />, answers);
    await fill();
    first.unmount();
    const raw = sessionStorage.getItem(LAB_STORAGE_KEY) ?? 'null';
    expect(isLabForm((JSON.parse(raw) as { state: { forms: Record<string, unknown> } }).state.forms['1'])).toBe(true);

    // A reload: the store starts empty and reads this tab's storage back.
    useLabStore.setState({ forms: {} });
    sessionStorage.setItem(LAB_STORAGE_KEY, raw);
    await useLabStore.persist.rehydrate();
    const second = renderWithProviders(<ArmyTab />, answers);
    await screen.findByTestId('simulator');
    expect(seed().value).toBe('kept-plan');
    expect(razorwings().value).toBe('5');
    second.unmount();

    // Another player in the same browser tab starts from a blank form.
    useAuthStore.getState().setSession('token', player(2, 'bo'));
    renderWithProviders(<ArmyTab />, answers);
    await screen.findByTestId('simulator');
    expect(seed().value).not.toBe('kept-plan');
    expect(targetR().value).toBe('');
    expect(Object.keys(useLabStore.getState().forms)).toEqual(['1']);
  });

  it('reads a stored value that is not a form as nothing stored', async () => {
    sessionStorage.setItem(LAB_STORAGE_KEY, JSON.stringify({ state: { forms: { '1': { attackers: 'x' } } }, version: 0 }));
    await useLabStore.persist.rehydrate();
    expect(useLabStore.getState().forms).toEqual({});
  });
});

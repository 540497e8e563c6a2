import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { useUiStore } from '../../stores/ui-store';
import { CardEnvironmentContext } from './card-context';
import { NotificationCard } from './notification-card';
import { CONTENT_EMPTY, CONTENT_MISSING } from './notification-body';
import { NO_FAILURE_DETAILS, NO_MOVEMENT_DETAILS } from './cards/report-rules';
import { answerGameData, makeNotification } from './test-notifications';
import type { NotificationItem } from './notification-types';

function show(n: NotificationItem, onNavigate?: () => void) {
  return renderWithProviders(
    <CardEnvironmentContext.Provider value={onNavigate ? { onNavigate } : {}}>
      <NotificationCard notification={n} />
    </CardEnvironmentContext.Provider>,
    answerGameData,
  );
}

beforeEach(() => useUiStore.getState().resetUi());

describe('every card', () => {
  it('shows the title, a relative time and Ref: with the first 8 characters of the related id', () => {
    show(makeNotification({ title: 'Hello hive', related_object_id: 'abcdef0123456789' }));
    expect(screen.getByText('Hello hive')).toBeTruthy();
    expect(screen.getByText('5 minutes ago')).toBeTruthy();
    expect(screen.getByText('Ref: abcdef01')).toBeTruthy();
  });

  it('fleet reports show the last 8 characters', () => {
    show(makeNotification({ message_type: 'FLEET_LAUNCHED', content: { origin_coords: [1, 2, 3] }, related_object_id: 'abcdef0123456789' }));
    expect(screen.getByText('Ref: 23456789')).toBeTruthy();
  });

  it('null content and an empty object have their own texts', () => {
    show(makeNotification({ content: null }));
    expect(screen.getByText(CONTENT_MISSING)).toBeTruthy();
    show(makeNotification({ id: 'b', content: {} }));
    expect(screen.getByText(CONTENT_EMPTY)).toBeTruthy();
  });

  it('unread cards are bright and coloured by group; read cards are dimmed and neutral', () => {
    show(makeNotification({ message_type: 'FLEET_LOST', content: { reason_lost: 'Destroyed' } }));
    const unread = screen.getByTestId('notification-card');
    expect(unread.dataset.colour).toBe('red');
    expect(unread.style.opacity).toBe('1');
    show(makeNotification({ id: 'r', is_read: true, message_type: 'GENERIC_INFORMATION' }));
    const read = screen.getAllByTestId('notification-card')[1] as HTMLElement;
    expect(read.dataset.read).toBe('true');
    expect(Number(read.style.opacity)).toBeLessThan(1);
  });

  it('unknown object content falls back to a collapsible Technical Details view', () => {
    show(makeNotification({ message_type: 'GENERIC_INFORMATION', content: { strange: { nested: 42 } } }));
    const toggle = screen.getByRole('button', { name: /Technical Details/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/"nested": 42/)).toBeTruthy();
  });
});

describe('coordinates in text', () => {
  it('become map links that focus the map, switch to the Map tab, then run the close callback', async () => {
    const onNavigate = vi.fn();
    show(makeNotification({ content: 'Enemy seen at [12:34:5], and near (7:8:9).' }), onNavigate);
    const link = await screen.findByRole('button', { name: '[12:34:5]' });
    expect(screen.getByRole('button', { name: '(7:8:9)' })).toBeTruthy();
    fireEvent.click(link);
    expect(useUiStore.getState().mapFocusCoordinates).toEqual({ r: 12, s: 34, p: 5 });
    expect(useUiStore.getState().requestedMainTab).toBe('MAP');
    expect(onNavigate).toHaveBeenCalledOnce();
  });

  it('are only coordinates inside the grid, never the clock time of a date (social 5.7)', async () => {
    show(makeNotification({ content: 'Seen at 1:2:3, not at 962:1:1 nor at 00:58:38 of 2026-11-26T00:58:38.974Z.' }));
    await screen.findByRole('button', { name: '1:2:3' });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['1:2:3']);
  });

  it("carry the tooltip 'View r:s:p on map'", async () => {
    show(makeNotification({ content: 'At 1:2:3' }));
    fireEvent.mouseEnter(await screen.findByRole('button', { name: '1:2:3' }));
    expect(await screen.findByText('View 1:2:3 on map')).toBeTruthy();
  });
});

describe('completion cards', () => {
  it('show item, level, location name and coordinates, and details', () => {
    show(
      makeNotification({
        message_type: 'BUILDING_CONSTRUCTION_COMPLETED',
        content: { item_name: 'Spore Vat', level_or_quantity: 3, location_coords: [4, 5, 6], location_name: 'Nest', details: 'Grown in Nest.' },
      }),
    );
    expect(screen.getByText('Spore Vat')).toBeTruthy();
    expect(screen.getByTestId('level-or-quantity').textContent).toBe('Level 3');
    expect(screen.getByRole('button', { name: '4:5:6' })).toBeTruthy();
    expect(screen.getByText(/Nest/, { selector: 'div' })).toBeTruthy();
    expect(screen.getByText('Grown in Nest.')).toBeTruthy();
  });

  it('show a quantity for units and defenses, and N/A for coordinates that are not three numbers', () => {
    show(makeNotification({ message_type: 'UNIT_RECRUITMENT_COMPLETED', content: { item_name: 'Spore Drone', level_or_quantity: 12, location_coords: [4, 5], location_name: 'Nest' } }));
    expect(screen.getByTestId('level-or-quantity').textContent).toBe('× 12');
    expect(screen.getByText('N/A')).toBeTruthy();
  });
});

describe('movement and failure cards', () => {
  it("a failure without a reason reads 'Details not available for this failure.'", () => {
    show(makeNotification({ message_type: 'ATTACK_FAILED_TARGET_NOT_FOUND', content: { target: 'x' } }));
    expect(screen.getByText(NO_FAILURE_DETAILS)).toBeTruthy();
    show(makeNotification({ id: 'm2', message_type: 'TRANSPORT_FAILED', content: { origin_coords: [1, 1, 1] } }));
    expect(screen.getAllByText(NO_FAILURE_DETAILS)).toHaveLength(2);
  });

  it("a movement with nothing recognisable reads 'Movement details unavailable.'", () => {
    show(makeNotification({ message_type: 'FLEET_ARRIVED_AT_DESTINATION', content: { unrelated: true } }));
    expect(screen.getByText(NO_MOVEMENT_DETAILS)).toBeTruthy();
  });

  it("tells when a recalled fleet is home as month/day/year with 24-hour time, from its content or an old row's text (social 5.7)", async () => {
    const home = new Date(2026, 10, 26, 0, 58, 38, 974);
    const route = { origin_coords: [1, 2, 3], destination_coords: [4, 5, 6], original_mission: 'TRANSPORT' };
    show(makeNotification({ message_type: 'FLEET_RECALLED', content: { ...route, returns_at: home.toISOString() } }));
    expect((await screen.findByTestId('fleet-home-at')).textContent).toBe('Home at: 11/26/2026 00:58:38');
    show(makeNotification({ id: 'old', message_type: 'FLEET_RECALLED', content: { ...route, details: `It will be home at ${home.toISOString()}.` } }));
    await waitFor(() => expect(screen.getAllByTestId('notification-card')[1]!.textContent).toContain('It will be home at 11/26/2026 00:58:38.'));
    expect(screen.queryByRole('button', { name: /58:38/ })).toBeNull();
  });

  it('shows the route from coordinate lists or r:s:p strings, names, units and the reason lost', () => {
    show(
      makeNotification({
        message_type: 'FLEET_LOST',
        content: { origin_coords_str: '1:2:3', origin_territory_name: 'Home', destination_coords: [4, 5, 6], units: { drone: 10 }, reason_lost: 'Swallowed by a void storm' },
      }),
    );
    const card = screen.getByTestId('notification-card');
    expect(within(card).getByRole('button', { name: '1:2:3' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: '4:5:6' })).toBeTruthy();
    expect(within(card).getByText('Swallowed by a void storm')).toBeTruthy();
  });
});

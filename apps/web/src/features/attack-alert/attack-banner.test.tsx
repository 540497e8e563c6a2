import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { useAuthStore } from '../../stores/auth-store';
import { useUiStore } from '../../stores/ui-store';
import { renderWithProviders } from '../../test/render';
import { movement } from '../../test/movement-fixtures';
import { AttackBanner } from './attack-banner';
import { ATTACK_SOUND_KEY } from './attack-sound';
import { alertTitle, clockCountdown, incomingAttacks } from './attack-model';

const ME = 1;
const minute = 60_000;

beforeEach(() => {
  useAuthStore.getState().setToken('token');
  useAuthStore.setState({ currentUser: { id: ME, username: 'queen' } as never });
  useUiStore.getState().resetUi();
  localStorage.clear();
  document.title = '';
});

const attack = (over: Parameters<typeof movement>[0] = {}) =>
  movement({
    id: 'raid',
    user_id: 9,
    username: 'reaver',
    mission_type: 'ATTACK',
    is_own_fleet: false,
    is_attacking_player: true,
    target_owner_id: ME,
    target_territory_name: 'Hive',
    start_time: new Date(Date.now() - minute).toISOString(),
    arrival_time: new Date(Date.now() + 12 * minute + 3000).toISOString(),
    ...over,
  });

/** The banner inside a router (its report link is a router link), answering movements and notifications. */
function renderBanner(answer: (path: string, input: unknown) => unknown) {
  const root = createRootRoute({ component: () => <AttackBanner pageTitle="Map · Broodspace" /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  return renderWithProviders(<RouterProvider router={router} />, answer);
}

describe('the attack model', () => {
  it("keeps only attacks still flying at the player's own territories, soonest first", () => {
    const now = Date.now();
    const list = [
      attack({ id: 'late', arrival_time: new Date(now + 20 * minute).toISOString() }),
      attack({ id: 'soon', arrival_time: new Date(now + 5 * minute).toISOString() }),
      attack({ id: 'landed', arrival_time: new Date(now - 1000).toISOString() }),
      attack({ id: 'at-ally', target_owner_id: 5 }),
      movement({ id: 'own-transport' }),
    ];
    expect(incomingAttacks(list, ME, now).map((a) => a.id)).toEqual(['soon', 'late']);
    expect(incomingAttacks(list, ME, now)[0]).toMatchObject({ attacker: 'reaver', target: 'Hive (1:2:9)' });
  });

  it("counts down like a clock and puts it in the document title ('⚠ Attack in 12:03 · Broodspace')", () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(clockCountdown('2030-01-01T00:12:03Z', now)).toBe('12:03');
    expect(clockCountdown('2030-01-01T01:02:09Z', now)).toBe('1:02:09');
    expect(clockCountdown('2029-12-31T23:00:00Z', now)).toBe('0:00');
    const [next] = incomingAttacks([attack({ arrival_time: '2030-01-01T00:12:03Z' })], ME, now);
    expect(alertTitle(next, now, 'Map · Broodspace')).toBe('⚠ Attack in 12:03 · Broodspace');
    expect(alertTitle(undefined, now, 'Map · Broodspace')).toBe('Map · Broodspace');
  });
});

describe('AttackBanner', () => {
  it('shows attacker, target and countdown, counts down in the title, links to the Army panel; the sound is off until switched on and remembered', async () => {
    renderBanner((path) => (path === 'movements.active' ? [attack()] : undefined));
    const banner = await screen.findByTestId('attack-banner');
    expect(banner.textContent).toMatch(/^Incoming attack: reaver → Hive \(1:2:9\) in 12:0\d/);
    await waitFor(() => expect(document.title).toMatch(/^⚠ Attack in 12:0\d · Broodspace$/));
    const sound = screen.getByRole('switch', { name: 'Sound' });
    expect((sound as HTMLInputElement).checked).toBe(false);
    fireEvent.click(sound);
    await waitFor(() => expect(localStorage.getItem(ATTACK_SOUND_KEY)).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: 'Open Army' }));
    expect(useUiStore.getState().requestedMainTab).toBe('MOVEMENT');
  });

  it("is silent without an attack on the player (the page's own title)", async () => {
    const { calls } = renderBanner((path) => (path === 'movements.active' ? [movement(), attack({ target_owner_id: 5 })] : undefined));
    await waitFor(() => expect(calls.some((c) => c.path === 'movements.active')).toBe(true));
    await waitFor(() => expect(document.title).toBe('Map · Broodspace'));
    expect(screen.queryByTestId('attack-banner')).toBeNull();
  });

  it('after the battle gives way to the result: the defense report and a link to it', async () => {
    let active = [attack()];
    const report = { id: 'n9', message_type: 'DEFENSE_REPORT', title: 'Defense of Hive (1:2:9): Victory', related_object_id: '42', created_at: new Date().toISOString(), is_read: false, content: {} };
    const { queryClient } = renderBanner((path) => {
      if (path === 'movements.active') return active;
      if (path === 'notifications.list') return [report];
      return undefined;
    });
    await screen.findByTestId('attack-banner');
    active = [];
    await act(() => queryClient.invalidateQueries());
    const result = await screen.findByTestId('attack-result');
    expect(result.textContent).toContain('Defense of Hive (1:2:9): Victory.');
    expect(screen.getByRole('link', { name: 'Read the report' }).getAttribute('href')).toBe('/battles/42');
    expect(screen.queryByTestId('attack-banner')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Map · Broodspace'));
  });
});

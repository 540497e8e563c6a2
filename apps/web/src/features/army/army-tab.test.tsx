import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '../../stores/auth-store';
import { useUiStore } from '../../stores/ui-store';
import { renderWithProviders } from '../../test/render';
import { economyAnswers, serverError, territory } from '../../test/economy-fixtures';
import { ArmyTab } from '.';
import { JOIN_MATCHES_ARRIVAL, JOIN_OVER, JOIN_PICK_UNITS } from './join-model';

beforeEach(() => {
  useAuthStore.getState().setToken('token');
  useUiStore.getState().resetUi();
  useUiStore.getState().setSelectedTerritoryId(7);
});

const home = territory({ resources: [{ resource_key: 'fiber', amount: 20_000 }, { resource_key: 'biomass', amount: 900 }] });
const outpost = { ...territory({ id: 8, name: 'Outpost', position: 9 }) };

/** The reads of the Army tab: a home with haulers, razorwings and an ark, a second territory, stats. */
function answers(extra: (path: string, input: unknown) => unknown = () => undefined) {
  const base = economyAnswers(home, extra);
  return (path: string, input: unknown): unknown => {
    switch (path) {
      case 'territories.list':
        return [home, outpost];
      case 'territories.units':
        return (input as { id: number }).id === 7
          ? [{ unit_key: 'hauler_grub', quantity: 3 }, { unit_key: 'razorwing', quantity: 5 }, { unit_key: 'seedling_ark', quantity: 1 }]
          : [];
      case 'stats.overview':
        return { global_stats: { max_exploration_duration_hours: 12, max_fleets: 2, universe_speed_factor: 1 } };
      case 'movements.active':
        return extra(path, input) ?? [];
      default:
        return base(path, input);
    }
  };
}

const field = (name: 'r' | 's' | 'p') => screen.getByTestId(`dispatch-${name}`) as HTMLInputElement;
const maxOf = (unit: string) => within(screen.getByTestId(`unit-row-${unit}`)).getByRole('button', { name: 'Max' });
const sendButton = () => screen.getByTestId('send-army') as HTMLButtonElement;

async function chooseMission(label: string) {
  fireEvent.click(screen.getByTestId('dispatch-mission'));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

describe('Army tab: Dispatch Units', { timeout: 30_000 }, () => {
  it('takes digits only in the coordinates (R and S four, P two) and keeps Send Army off until units and a target are set', async () => {
    renderWithProviders(<ArmyTab />, answers());
    await screen.findByTestId('dispatch-form');
    fireEvent.change(field('r'), { target: { value: '12a345' } });
    fireEvent.change(field('p'), { target: { value: '123' } });
    expect(field('r').value).toBe('1234');
    expect(field('p').value).toBe('12');
    expect(sendButton().disabled).toBe(true);
    expect(screen.getByTestId('summary-eta').textContent).toBe('N/A');
    fireEvent.change(field('r'), { target: { value: '12' } });
    fireEvent.change(field('s'), { target: { value: '30' } });
    fireEvent.change(field('p'), { target: { value: '4' } });
    fireEvent.click(maxOf('hauler_grub'));
    expect(screen.getByTestId('summary-eta').textContent).toBe('Same Sector');
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(field('p'), { target: { value: '9' } });
    expect(sendButton().disabled).toBe(false);
    expect(screen.getByTestId('summary-cargo').textContent).toBe('0 / 15,000');
  });

  it("says under the mission why it cannot be flown or not to this target, and holds 'Send Army' (game-core's missionAvailability)", async () => {
    const foreign = { id: 50, name: 'Spire', region: 12, sub_region: 30, position: 5, owner_id: 99, owner_username: 'rival', owner_status: [] };
    renderWithProviders(<ArmyTab />, answers((path) => (path === 'map.regionTerritories' ? [foreign] : path === 'wreckage.all' ? [] : undefined)));
    await screen.findByTestId('dispatch-form');
    fireEvent.change(field('r'), { target: { value: '12' } });
    fireEvent.change(field('s'), { target: { value: '30' } });
    fireEvent.change(field('p'), { target: { value: '5' } });
    fireEvent.click(maxOf('hauler_grub'));
    await chooseMission('Station');
    expect((await screen.findByTestId('mission-unavailable')).textContent).toBe("Station needs your own territory or an alliance member's: this player is not in your alliance.");
    expect(sendButton().disabled).toBe(true);
    await chooseMission('Salvage');
    await waitFor(() => expect(screen.getByTestId('mission-unavailable').textContent).toMatch(/^Salvage needs a unit that can salvage: /));
    expect(sendButton().disabled).toBe(true);
    await chooseMission('Transport');
    fireEvent.click(maxOf('hauler_grub'));
    await waitFor(() => expect(screen.queryByTestId('mission-unavailable')).toBeNull());
    expect(sendButton().disabled).toBe(false);
  });

  it('drops units a new mission refuses and says so for 2.5 s', async () => {
    renderWithProviders(<ArmyTab />, answers());
    await screen.findByTestId('dispatch-form');
    fireEvent.click(maxOf('hauler_grub'));
    fireEvent.click(maxOf('seedling_ark'));
    await chooseMission('Colonize');
    expect((await screen.findByTestId('unit-notice')).textContent).toBe('Some units were unselected as they are not suitable for the new mission.');
    expect((within(screen.getByTestId('unit-row-hauler_grub')).getByRole('textbox') as HTMLInputElement).value).toBe('0');
    expect((within(screen.getByTestId('unit-row-seedling_ark')).getByRole('textbox') as HTMLInputElement).value).toBe('1');
    await waitFor(() => expect(screen.queryByTestId('unit-notice')).toBeNull(), { timeout: 4000 });
  });

  it('fills the target from the own-territory dropdown, sends, toasts the ETA and clears the form', async () => {
    const { calls } = renderWithProviders(
      <ArmyTab />,
      answers((path) =>
        path === 'movements.send'
          ? { id: 'f1', start_territory_id: 7, mission_type: 'TRANSPORT', target_coords: [12, 30, 9], start_time: '2030-01-01T00:00:00Z', arrival_time: '2030-01-01T01:10:00Z', fuel_cost: 3 }
          : undefined,
      ),
    );
    await screen.findByTestId('dispatch-form');
    fireEvent.click(screen.getByTestId('dispatch-own-territory'));
    fireEvent.click(await screen.findByRole('option', { name: /Outpost/ }));
    expect([field('r').value, field('s').value, field('p').value]).toEqual(['12', '30', '9']);
    fireEvent.click(maxOf('hauler_grub'));
    fireEvent.click(screen.getByRole('tab', { name: 'Resources' }));
    fireEvent.click(within(await screen.findByTestId('resource-row-fiber')).getByRole('button', { name: 'Max' }));
    fireEvent.click(sendButton());
    expect(await screen.findByText('Army launched to 12-30-9! ETA: 1h 10m')).toBeTruthy();
    expect(calls.find((c) => c.path === 'movements.send')?.input).toEqual({
      start_territory_id: 7,
      target_region: 12,
      target_sub_region: 30,
      target_position: 9,
      mission: 'TRANSPORT',
      units: { hauler_grub: 3 },
      resources: { fiber: 15_000 },
      exploration_duration_hours: null,
    });
    await waitFor(() => expect(field('r').value).toBe(''));
  });

  it("shows the server's refusal as 'Error: ...' under the button", async () => {
    renderWithProviders(
      <ArmyTab />,
      answers((path) => {
        if (path === 'movements.send') throw serverError(400, 'Not enough Hauler Grub at Nest: 3 selected, 2 there.', path);
        return undefined;
      }),
    );
    await screen.findByTestId('dispatch-form');
    fireEvent.change(field('r'), { target: { value: '12' } });
    fireEvent.change(field('s'), { target: { value: '30' } });
    fireEvent.change(field('p'), { target: { value: '9' } });
    fireEvent.click(maxOf('hauler_grub'));
    fireEvent.click(sendButton());
    expect((await screen.findByTestId('dispatch-error')).textContent).toBe('Error: Not enough Hauler Grub at Nest: 3 selected, 2 there.');
  });

  /** The form filled for an exploration of 12:30:20 with every razorwing: the hours field. */
  async function exploreTo12_30_20(): Promise<HTMLElement> {
    await screen.findByTestId('dispatch-form');
    await chooseMission('Explore');
    fireEvent.change(field('r'), { target: { value: '12' } });
    fireEvent.change(field('s'), { target: { value: '30' } });
    fireEvent.change(field('p'), { target: { value: '20' } });
    fireEvent.click(maxOf('razorwing'));
    const hours = within(screen.getByTestId('dispatch-hours')).queryByRole('textbox') ?? screen.getByLabelText('Exploration duration (hours)');
    return hours;
  }

  it('asks for exploration hours within the maximum from stats', async () => {
    const { calls } = renderWithProviders(<ArmyTab />, answers());
    const hours = await exploreTo12_30_20();
    fireEvent.change(hours, { target: { value: '13' } });
    fireEvent.click(sendButton());
    expect((await screen.findByTestId('dispatch-error')).textContent).toBe('Error: Exploration duration (13h) exceeds your maximum allowed (12h).');
    expect(calls.some((c) => c.path === 'movements.send')).toBe(false);
  });

  it("keeps an exploration duration of 0, -5 or 0.5 as typed and refuses the first two with the spec's sentence", async () => {
    const { calls } = renderWithProviders(<ArmyTab />, answers((path) => (path === 'movements.send' ? { id: 'm', arrival_time: new Date().toISOString() } : undefined)));
    const hours = await exploreTo12_30_20();
    for (const typed of ['0', '-5']) {
      fireEvent.change(hours, { target: { value: typed } });
      fireEvent.blur(hours);
      expect((hours as HTMLInputElement).value).toBe(typed);
      fireEvent.click(sendButton());
      expect((await screen.findByTestId('dispatch-error')).textContent).toBe('Error: Please enter a valid exploration duration (positive number).');
    }
    expect(calls.some((c) => c.path === 'movements.send')).toBe(false);
    fireEvent.change(hours, { target: { value: '0.5' } });
    fireEvent.blur(hours);
    expect((hours as HTMLInputElement).value).toBe('0.5');
    fireEvent.click(sendButton());
    await waitFor(() => expect(calls.find((c) => c.path === 'movements.send')?.input).toMatchObject({ exploration_duration_hours: 0.5 }));
  });

  it('opens the order chosen on the map as a filled-in form', async () => {
    useUiStore.getState().setPendingMovementOrder({ targetR: 12, targetS: 30, targetP: 20, missionType: 'COLONIZE', startTerritoryIdForMovementPanel: 7 });
    renderWithProviders(<ArmyTab />, answers());
    await screen.findByTestId('dispatch-form');
    await waitFor(() => expect(field('p').value).toBe('20'));
    expect(screen.getByTestId('pending-order-mission').textContent).toBe('Colonize');
    expect((screen.getByTestId('dispatch-mission') as HTMLInputElement).value).toBe('Colonize');
  });
});

describe('Army tab: joining a multi-party attack', { timeout: 30_000 }, () => {
  const hour = 3_600_000;
  const joinArriving = (ms: number) => ({ invitationId: 42, targetR: 12, targetS: 30, targetP: 20, mainFleetArrivalTime: new Date(Date.now() + ms).toISOString(), mainFleetInitiatorUsername: 'Overmind' });
  // Razorwings from 12:30:4 to 12:30:20 fly about 1h 12m (speed 1): on time for a group three hours out.
  const join = joinArriving(3 * hour);

  it("shows the 'Join Attack' banner, locks target and mission, joins with the selected units and clears the pending join", async () => {
    useUiStore.getState().setPendingMultiPartyJoin(join);
    const { calls } = renderWithProviders(<ArmyTab />, answers((path) => (path === 'movements.acceptInvitation' ? { id: 'j', arrival_time: join.mainFleetArrivalTime } : undefined)));
    await screen.findByTestId('dispatch-form');
    const banner = screen.getByTestId('join-banner');
    expect(banner.textContent).toContain("Overmind's group");
    expect(within(banner).getByTestId('join-target').textContent).toBe('12:30:20');
    expect(within(banner).getByTestId('join-eta').textContent).toMatch(/^(2h 59m \d+s|3h 0m 0s)$/);
    expect(within(banner).getByTestId('join-check').textContent).toBe(JOIN_PICK_UNITS);
    await waitFor(() => expect(field('p').value).toBe('20'));
    expect([field('r'), field('s'), field('p')].every((f) => f.disabled)).toBe(true);
    expect((screen.getByTestId('dispatch-mission') as HTMLInputElement).value).toBe('Join Multi-Party Attack');
    expect((screen.getByTestId('dispatch-mission') as HTMLInputElement).disabled).toBe(true);
    expect(sendButton().textContent).toBe('Join Attack');

    fireEvent.click(maxOf('razorwing'));
    expect(within(banner).getByTestId('join-check').textContent).toBe(JOIN_MATCHES_ARRIVAL);
    fireEvent.click(sendButton());
    expect(await screen.findByText('Successfully joined attack targeting 12-30-20!')).toBeTruthy();
    expect(calls.find((c) => c.path === 'movements.acceptInvitation')?.input).toEqual({ invitation_id: 42, invitationId: 42, joining_fleet_territory_id: 7, units: { razorwing: 5 } });
    expect(useUiStore.getState().pendingMultiPartyJoin).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('join-banner')).toBeNull());
    expect(sendButton().textContent).toBe('Send Army');
  });

  it("shows a refused join under the button and as 'Failed to join attack:', keeping the pending join", async () => {
    useUiStore.getState().setPendingMultiPartyJoin(join);
    const late = 'Your fleet would arrive 10m 00s after the group.';
    renderWithProviders(<ArmyTab />, answers((path) => {
      if (path === 'movements.acceptInvitation') throw serverError(400, late, path);
      return undefined;
    }));
    await screen.findByTestId('join-banner');
    fireEvent.click(maxOf('razorwing'));
    fireEvent.click(sendButton());
    expect((await screen.findByTestId('dispatch-error')).textContent).toBe(`Error: ${late}`);
    expect(await screen.findByText(`Failed to join attack: ${late}`)).toBeTruthy();
    expect(useUiStore.getState().pendingMultiPartyJoin).not.toBeNull();
  });
});

describe('Army tab: a join that cannot work any more', { timeout: 30_000 }, () => {
  const hour = 3_600_000;
  const joinArriving = (ms: number) => ({ invitationId: 42, targetR: 12, targetS: 30, targetP: 20, mainFleetArrivalTime: new Date(Date.now() + ms).toISOString(), mainFleetInitiatorUsername: 'Overmind' });

  it("disables 'Join Attack' with the server's reason when this fleet cannot make the group's arrival window", async () => {
    useUiStore.getState().setPendingMultiPartyJoin(joinArriving(hour / 4));
    const { calls } = renderWithProviders(<ArmyTab />, answers());
    await screen.findByTestId('join-banner');
    fireEvent.click(maxOf('razorwing'));
    const reason = await screen.findByTestId('join-blocked');
    // joinTiming's refusal, worded as the server words it (tooLateSentence): 'Your fleet would arrive ... after the group, ...'
    expect(reason.textContent).toMatch(/^Your fleet would arrive \d+m \d\ds after the group, but a joining fleet may delay the attack by at most 4m \d\ds \(30% of the 1[45]m \d\ds the main fleet still has to fly\)\. Send faster units or join from a nearer territory\.$/);
    expect(sendButton().disabled).toBe(true);
    expect(sendButton().textContent).toBe('Join Attack');
    expect(calls.some((c) => c.path === 'movements.acceptInvitation')).toBe(false);
  });

  it('says a slower fleet moves the whole group later, and lets it join', async () => {
    useUiStore.getState().setPendingMultiPartyJoin(joinArriving(hour));
    renderWithProviders(<ArmyTab />, answers());
    await screen.findByTestId('join-banner');
    fireEvent.click(maxOf('razorwing'));
    expect(screen.getByTestId('join-check').textContent).toMatch(/^This fleet is slower than the group: joining moves the whole attack 1\dm \d\ds later\.$/);
    expect(sendButton().disabled).toBe(false);
  });

  it('clears the pending join when the invitation is refused for good (expired, full, gone): the form is a normal dispatch again', async () => {
    useUiStore.getState().setPendingMultiPartyJoin(joinArriving(3 * hour));
    renderWithProviders(<ArmyTab />, answers((path) => {
      if (path === 'movements.acceptInvitation') throw serverError(409, 'This invitation has expired.', path);
      return undefined;
    }));
    await screen.findByTestId('join-banner');
    fireEvent.click(maxOf('razorwing'));
    fireEvent.click(sendButton());
    expect(await screen.findByText('Failed to join attack: This invitation has expired.')).toBeTruthy();
    await waitFor(() => expect(useUiStore.getState().pendingMultiPartyJoin).toBeNull());
    await waitFor(() => expect(screen.queryByTestId('join-banner')).toBeNull());
    expect(sendButton().textContent).toBe('Send Army');
    expect((screen.getByTestId('dispatch-mission') as HTMLInputElement).disabled).toBe(false);
  });

  it('clears the pending join once the main fleet has arrived (a result), with a word why', async () => {
    useUiStore.getState().setPendingMultiPartyJoin(joinArriving(1500));
    renderWithProviders(<ArmyTab />, answers());
    await screen.findByTestId('join-banner');
    await waitFor(() => expect(useUiStore.getState().pendingMultiPartyJoin).toBeNull(), { timeout: 10_000 });
    expect(await screen.findByText(JOIN_OVER)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('join-banner')).toBeNull());
    expect(sendButton().textContent).toBe('Send Army');
  });
});

describe('Army tab: Gather Units', { timeout: 30_000 }, () => {
  it("asks for a staged fleet: 'Please add at least one fleet to gather.'", async () => {
    const { calls } = renderWithProviders(<ArmyTab />, answers());
    fireEvent.click(await screen.findByRole('tab', { name: 'Gather Units' }));
    fireEvent.click(await screen.findByTestId('initiate-gathering'));
    expect(screen.getByTestId('initiate-gathering').textContent).toBe('Initiate Gathering (0)');
    expect((await screen.findByTestId('gather-error')).textContent).toBe('Please add at least one fleet to gather.');
    expect(calls.some((c) => c.path === 'movements.gatherStation')).toBe(false);
  });
});

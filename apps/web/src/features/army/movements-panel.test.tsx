import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ModalsProvider } from '@mantine/modals';
import { useAuthStore } from '../../stores/auth-store';
import { useUiStore } from '../../stores/ui-store';
import { renderWithProviders } from '../../test/render';
import { gameData, serverError } from '../../test/economy-fixtures';
import { movement } from '../../test/movement-fixtures';
import { MovementsPanel } from './movements-panel';
import { FleetActivity } from './fleet-activity';

const ME = 1;

beforeEach(() => {
  useAuthStore.getState().setToken('token');
  useAuthStore.setState({ currentUser: { id: ME, username: 'queen' } as never });
  useUiStore.getState().resetUi();
});

const hour = 3_600_000;
const soon = () => new Date(Date.now() + hour).toISOString();
const past = () => new Date(Date.now() - 1000).toISOString();

function answers(active: () => unknown, extra: (path: string, input: unknown) => unknown = () => undefined) {
  return (path: string, input: unknown): unknown => {
    switch (path) {
      case 'gameData.all':
        return gameData;
      case 'stats.overview':
        return { global_stats: { max_fleets: 2, max_exploration_duration_hours: 24, universe_speed_factor: 1 } };
      case 'movements.active':
        return active();
      default: {
        const answer = extra(path, input);
        if (answer === undefined) throw new Error(`unexpected call ${path}`);
        return answer;
      }
    }
  };
}

const panel = (ui = <MovementsPanel />) => (
  <ModalsProvider>{ui}</ModalsProvider>
);

describe('army movements panel (social 2.7)', { timeout: 30_000 }, () => {
  it("says 'No active army movements.' and counts slots against max_fleets", async () => {
    renderWithProviders(panel(), answers(() => []));
    expect((await screen.findByTestId('movements-empty')).textContent).toBe('No active army movements.');
    await waitFor(() => expect(screen.getByTestId('army-slots').textContent).toBe('0 / 2'));
  });

  it("shows 'Error loading army movements' with Retry, and '!' on the slot counter", async () => {
    let fail = true;
    renderWithProviders(panel(), answers(() => {
      if (fail) throw serverError(500, 'boom', 'movements.active');
      return [];
    }));
    const error = await screen.findByTestId('movements-error');
    expect(error.textContent).toContain('Error loading army movements');
    expect(screen.getByTestId('army-slots').textContent).toBe('!');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('movements-empty')).textContent).toBe('No active army movements.');
  });

  it("reads '?' on the slot counter while the data is missing", async () => {
    renderWithProviders(panel(), answers(() => new Promise(() => undefined)));
    expect((await screen.findByTestId('army-slots')).textContent).toBe('?');
  });

  it('shows a countdown, Arrived, Processing... and Stationed, with Hidden quantities in the details', async () => {
    renderWithProviders(
      panel(),
      answers(() => [
        movement({ id: 'a', arrival_time: soon(), start_time: new Date().toISOString() }),
        movement({ id: 'b', arrival_time: past() }),
        movement({ id: 'c', arrival_time: null }),
        movement({ id: 'd', user_id: 9, username: 'ally', is_own_fleet: false, mission_type: 'ALLIED_STATIONED', is_allied_stationing: true, arrival_time: null, target_owner_id: ME, units: [{ unit_key: 'razorwing', quantity: null }] }),
      ]),
    );
    const cards = await screen.findAllByTestId('movement-card');
    const status = cards.map((c) => within(c).getByTestId('movement-status').textContent);
    expect(status[0]).toMatch(/^(59m \d+s|1h 0m 0s)$/);
    expect(status.slice(1)).toEqual(['Arrived', 'Processing...', 'Stationed']);
    expect(within(cards[3]!).getByRole('progressbar', { name: 'Flight progress' })).toBe(within(cards[3]!).getByTestId('movement-progress'));
    expect(within(cards[3]!).getByTestId('movement-progress').getAttribute('aria-valuenow')).toBe('100');
    fireEvent.click(within(cards[3]!).getByRole('button', { name: 'Details' }));
    expect(within(cards[3]!).getByTestId('movement-details').textContent).toContain('Hidden');
    // recall only for an own fleet still on its way; cancel stationing only for the host
    expect(cards.map((c) => within(c).queryByTestId('recall-fleet') !== null)).toEqual([true, false, true, false]);
    expect(within(cards[3]!).getByTestId('cancel-stationing')).toBeTruthy();
  });

  it('recalls after a confirmation, with the toast', async () => {
    const { calls } = renderWithProviders(
      panel(),
      answers(() => [movement({ id: 'a', arrival_time: soon() })], (path) => (path === 'movements.recall' ? { id: 'a' } : undefined)),
    );
    fireEvent.click(await screen.findByTestId('recall-fleet'));
    fireEvent.click(await screen.findByTestId('confirm-recall'));
    expect(await screen.findByText('Fleet "Transport to Outpost (1:2:9)" has been recalled.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'movements.recall')?.input).toEqual({ movement_id: 'a' });
  });

  it('invites to an own attack: Invite only where social 5.4 allows it, the empty-name sentence, the toasts of a sent and a refused invitation', async () => {
    const attack = movement({ id: 'a', mission_type: 'ATTACK', arrival_time: soon(), target_territory_name: 'Bastion' });
    const full = movement({ id: 'f', mission_type: 'MULTI_PARTY_ATTACK_INITIATOR', attack_group_id: 'f', is_multi_party_initiator: true, current_participants: 4, max_participants: 4, arrival_time: soon() });
    const open = movement({ id: 'g', mission_type: 'MULTI_PARTY_ATTACK_INITIATOR', attack_group_id: 'g', is_multi_party_initiator: true, current_participants: 1, max_participants: 4, arrival_time: soon() });
    let refuse = false;
    const { calls } = renderWithProviders(
      panel(),
      answers(() => [attack, full, open, movement({ id: 't', arrival_time: soon() })], (path, input) => {
        if (path !== 'movements.invite') return undefined;
        if (refuse) throw serverError(404, "There is no player named 'ghost'.", path);
        return { invited_username: (input as { invited_user_username: string }).invited_user_username.toUpperCase(), invitation_id: 3, attack_group_id: 'a', mission_type: 'MULTI_PARTY_ATTACK_INITIATOR' };
      }),
    );
    const cards = await screen.findAllByTestId('movement-card');
    expect(cards.map((c) => within(c).queryByTestId('invite-to-attack') !== null)).toEqual([true, false, true, false]);
    expect(within(cards[2]!).getByTestId('movement-group').textContent).toBe('Leading a group attack · 2 / 5 players');

    fireEvent.click(within(cards[0]!).getByTestId('invite-to-attack'));
    fireEvent.click(await screen.findByTestId('invite-send'));
    expect(await screen.findByText('Please enter a username to invite.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'movements.invite')).toBe(false);
    fireEvent.change(screen.getByTestId('invite-username'), { target: { value: ' drone ' } });
    expect(screen.queryByText('Please enter a username to invite.')).toBeNull();
    fireEvent.click(screen.getByTestId('invite-send'));
    expect(await screen.findByText('Invitation sent to DRONE!')).toBeTruthy();
    expect(calls.find((c) => c.path === 'movements.invite')?.input).toEqual({ movement_id: 'a', invited_user_username: 'drone' });
    await waitFor(() => expect(screen.queryByTestId('invite-modal')).toBeNull());

    refuse = true;
    fireEvent.click(within(cards[2]!).getByTestId('invite-to-attack'));
    fireEvent.change(await screen.findByTestId('invite-username'), { target: { value: 'ghost' } });
    fireEvent.click(screen.getByTestId('invite-send'));
    expect(await screen.findByText("Error sending invitation: There is no player named 'ghost'.")).toBeTruthy();
  });

  it('warns the initiator that a recall breaks the group up', async () => {
    renderWithProviders(panel(), answers(() => [movement({ id: 'g', mission_type: 'MULTI_PARTY_ATTACK_INITIATOR', attack_group_id: 'g', is_multi_party_initiator: true, current_participants: 1, max_participants: 4, arrival_time: soon() })]));
    fireEvent.click(await screen.findByTestId('recall-fleet'));
    expect(await screen.findByText(/You lead this attack: the group breaks up and every fleet in it turns home\./)).toBeTruthy();
  });

  it("asks a stationed fleet's owner to bring it home, not to turn it around", async () => {
    renderWithProviders(panel(), answers(() => [movement({ id: 's', mission_type: 'ALLIED_STATIONED', is_allied_stationing: true, arrival_time: null, target_owner_id: 5, target_territory_name: 'Bastion' })]));
    fireEvent.click(await screen.findByTestId('recall-fleet'));
    expect(await screen.findByText('Recall "Allied stationed to Bastion (1:2:9)"? It leaves its post at Bastion and comes home.')).toBeTruthy();
    expect(screen.queryByText(/turns around/)).toBeNull();
  });

  it('lets the host cancel an allied stationing after a confirmation', async () => {
    const { calls } = renderWithProviders(
      panel(),
      answers(
        () => [movement({ id: 'd', user_id: 9, username: 'ally', is_own_fleet: false, mission_type: 'ALLIED_STATIONED', is_allied_stationing: true, arrival_time: null, target_owner_id: ME })],
        (path) => (path === 'movements.cancelStationing' ? { id: 'd' } : undefined),
      ),
    );
    fireEvent.click(await screen.findByTestId('cancel-stationing'));
    fireEvent.click(await screen.findByTestId('confirm-cancel-stationing'));
    await waitFor(() => expect(calls.find((c) => c.path === 'movements.cancelStationing')?.input).toEqual({ movement_id: 'd' }));
  });
});

describe('fleet-activity strip (core §2)', { timeout: 30_000 }, () => {
  it('lists own and incoming fleets, flags hostile ones, and opens the Army tab', async () => {
    renderWithProviders(
      <FleetActivity />,
      answers(() => [
        movement({ id: 'a', arrival_time: soon() }),
        movement({ id: 'x', user_id: 9, username: 'raider', is_own_fleet: false, is_attacking_player: true, mission_type: 'ATTACK', arrival_time: soon() }),
      ]),
    );
    const items = await screen.findAllByTestId('fleet-activity-item');
    expect(items.map((i) => i.textContent)).toEqual([expect.stringContaining('Transport'), expect.stringContaining('raider: Attack')]);
    expect(screen.getByTestId('fleet-activity-hostile').textContent).toBe('1');
    fireEvent.click(items[0]!);
    expect(useUiStore.getState().requestedMainTab).toBe('MOVEMENT');
  });

  it('says when no fleet is in flight', async () => {
    renderWithProviders(<FleetActivity />, answers(() => []));
    expect((await screen.findByTestId('fleet-activity-empty')).textContent).toBe('No fleets in flight.');
  });
});

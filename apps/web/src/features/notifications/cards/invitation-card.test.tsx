import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { useAuthStore } from '../../../stores/auth-store';
import { useUiStore } from '../../../stores/ui-store';
import { CardEnvironmentContext } from '../card-context';
import { NotificationCard } from '../notification-card';
import type { NotificationItem } from '../notification-types';
import { answerGameData, makeNotification } from '../test-notifications';
import { serverError } from '../../../test/economy-fixtures';
import { INVALID_INVITATION_TEXT, INVALID_INVITATION_TITLE, RESPONDED_TEXT } from './invitation-card';

const invitation = {
  invitation_id: 42,
  initiator_username: 'Overmind',
  target_coords: [7, 8, 9],
  target_territory_name: 'Bastion',
  current_arrival_time: '2030-05-06T07:08:09Z',
  message: 'Strike together',
};

type Answer = (path: string, input: unknown) => unknown;

function show(content: NotificationItem['content'], options: { isRead?: boolean; onMarkRead?: () => void; onNavigate?: () => void; answer?: Answer } = {}) {
  renderWithProviders(
    <CardEnvironmentContext.Provider value={options.onNavigate ? { onNavigate: options.onNavigate } : {}}>
      <NotificationCard
        notification={makeNotification({ message_type: 'MULTI_PARTY_ATTACK_INVITATION_RECEIVED', content, is_read: options.isRead ?? false })}
        {...(options.onMarkRead ? { onMarkRead: options.onMarkRead } : {})}
      />
    </CardEnvironmentContext.Provider>,
    options.answer ?? answerGameData,
  );
}

beforeEach(() => {
  useUiStore.getState().resetUi();
  useAuthStore.getState().setToken('token-1');
});

describe('invitation card', () => {
  it.each([null, {}, 'join me', { invitation_id: 42 }, { target_coords: [1, 2, 3] }, { invitation_id: 'x', target_coords: [1, 2, 3] }])(
    'payload %j is missing or malformed',
    (content) => {
      show(content);
      expect(screen.getByText(INVALID_INVITATION_TITLE)).toBeTruthy();
      expect(screen.getByText(INVALID_INVITATION_TEXT)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    },
  );

  it('a read invitation says it was responded to or has expired, without buttons', () => {
    show(invitation, { isRead: true });
    expect(screen.getByText(RESPONDED_TEXT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });

  it('Accept stores the pending join, asks for the Movement tab, marks it read and closes the centre', () => {
    const onMarkRead = vi.fn();
    const onNavigate = vi.fn();
    show(invitation, { onMarkRead, onNavigate });
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(useUiStore.getState().pendingMultiPartyJoin).toEqual({
      isActive: true,
      invitationId: 42,
      targetR: 7,
      targetS: 8,
      targetP: 9,
      mainFleetArrivalTime: '2030-05-06T07:08:09Z',
      mainFleetInitiatorUsername: 'Overmind',
    });
    expect(useUiStore.getState().requestedMainTab).toBe('MOVEMENT');
    expect(onMarkRead).toHaveBeenCalledOnce();
    expect(onNavigate).toHaveBeenCalledOnce();
  });

  it('Decline is sent at once, confirmed, and clears a pending join of this invitation', async () => {
    const calls: [string, unknown][] = [];
    const answer: Answer = (path, input) => {
      calls.push([path, input]);
      if (path === 'movements.declineInvitation') return { invitation_id: 42, status: 'DECLINED' };
      return answerGameData(path);
    };
    useUiStore.getState().setPendingMultiPartyJoin({ invitationId: 42, targetR: 7, targetS: 8, targetP: 9, mainFleetArrivalTime: null, mainFleetInitiatorUsername: 'Overmind' });
    const onMarkRead = vi.fn();
    show(invitation, { onMarkRead, answer });
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Invitation (ID: 42) declined.')).toBeTruthy();
    expect(calls).toContainEqual(['movements.declineInvitation', { invitation_id: 42 }]);
    expect(onMarkRead).toHaveBeenCalledOnce();
    expect(useUiStore.getState().pendingMultiPartyJoin).toBeNull();
  });

  it("a refused decline shows 'Failed to decline invitation:' with the server's detail", async () => {
    const answer: Answer = (path) => {
      if (path === 'movements.declineInvitation') throw serverError(409, 'You have already declined this invitation.', path);
      return answerGameData(path);
    };
    const onMarkRead = vi.fn();
    show(invitation, { onMarkRead, answer });
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Failed to decline invitation: You have already declined this invitation.')).toBeTruthy();
    await waitFor(() => expect(onMarkRead).not.toHaveBeenCalled());
  });
});

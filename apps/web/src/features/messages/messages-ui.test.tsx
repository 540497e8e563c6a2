import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { useAuthStore } from '../../stores/auth-store';
import { CircularButton } from './circular-button';
import { ComposeModal } from './compose-modal';
import { MessagesPage } from './messages-page';
import { PlayerCardModal } from './player-card';
import { PlayerName } from '../../components/player/player-name';
import type { MessageItem, PlayerProfile } from './use-messages';

const message = (id: number, from: [number, string], subject: string, body: string, is_read = false): MessageItem => ({
  id, sender_id: from[0], sender_username: from[1], recipient_id: 1, recipient_username: 'me', subject, body, is_read, is_circular: false, created_at: new Date(Date.UTC(2030, 0, 1, 0, id)).toISOString(),
});

const PROFILE: PlayerProfile = {
  id: 7, username: 'Zerg_Queen', avatar_id: 3, alliance_tag: 'HIVE', rank: 4, total_score: 1234,
  scores: [{ category: 'total_score', rank: 4, points: 1234 }, { category: 'building_score', rank: null, points: 0 }],
  territories: [{ region: 5, sub_region: 6, position: 7 }], member_since: '2030-01-01T00:00:00.000Z', is_blocked: false, buddy: 'none',
};

function api(inbox: MessageItem[]) {
  return (path: string, input: unknown) => {
    switch (path) {
      case 'messages.list':
        return (input as { folder: string }).folder === 'inbox' ? { messages: inbox, total: inbox.length } : { messages: [], total: 0 };
      case 'messages.unreadCount':
        return { count: inbox.filter((m) => !m.is_read).length };
      case 'messages.read':
        inbox.find((m) => m.id === (input as { id: number }).id)!.is_read = true;
        return { id: (input as { id: number }).id, is_read: true };
      case 'buddies.list':
        return { buddies: [{ id: 3, user_id: 9, username: 'Pal', online: true }], requests: [{ id: 4, user_id: 10, username: 'Asker', direction: 'incoming' }] };
      case 'players.get':
        return PROFILE;
      case 'messages.circular':
        return { recipients: 2 };
      case 'gameData.all':
        return { universe: { messages: { subject_max_length: 100, body_max_length: 2000 } } };
      default:
        throw new Error(`unexpected call ${path}`);
    }
  };
}

beforeEach(() => useAuthStore.getState().setToken('token-1'));

describe('the messages page', () => {
  it('groups the inbox by sender, shows links and markup as plain text, and marks a message read', async () => {
    const inbox = [message(3, [7, 'Zerg_Queen'], 'Deal?', 'see https://evil.test <b>now</b>'), message(2, [8, 'Drone'], 'Hi', 'hello', true), message(1, [7, 'Zerg_Queen'], 'Earlier', 'first')];
    const { calls } = renderWithProviders(<MessagesPage />, api(inbox));
    const groups = await screen.findAllByTestId('conversation');
    expect(groups.map((g) => within(g).getAllByTestId('message-subject').map((s) => s.textContent))).toEqual([['Deal?', 'Earlier'], ['Hi']]);
    const body = screen.getAllByTestId('message-body')[0]!;
    expect(body.textContent).toBe('see https://evil.test <b>now</b>');
    expect(body.querySelector('a, b')).toBeNull();
    fireEvent.click(screen.getAllByTestId('message-read')[0]!);
    await waitFor(() => expect(calls.some((c) => c.path === 'messages.read' && (c.input as { id: number }).id === 3)).toBe(true));
    expect(await screen.findByText('online')).toBeTruthy();
    expect(screen.getByText('wants to be your buddy')).toBeTruthy();
  });
});

describe("a deleted player's messages", () => {
  it("stay in the inbox from 'deleted player', with no profile to open and no Reply", async () => {
    const gone = { ...message(5, [7, 'x'], 'Farewell', 'bye'), sender_id: null, sender_username: 'deleted player' };
    renderWithProviders(<MessagesPage />, api([gone, message(4, [8, 'Drone'], 'Hi', 'hello')]));
    const [first, second] = await screen.findAllByTestId('conversation');
    expect(first!.textContent).toContain('deleted player');
    expect(within(first!).queryByRole('button', { name: /open profile/ })).toBeNull();
    expect(within(first!).queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(within(second!).getByRole('button', { name: 'Reply' })).toBeTruthy();
  });
});

describe('a player name', () => {
  it("opens the profile card (tag, ranks, territories) whose 'Write message' opens the form addressed to them", async () => {
    renderWithProviders(
      <>
        <PlayerName id={7} name="Zerg_Queen" />
        <PlayerCardModal />
        <ComposeModal />
      </>,
      api([]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Zerg_Queen: open profile' }));
    expect((await screen.findByTestId('player-card-name')).textContent).toBe('[HIVE] Zerg_Queen');
    expect(screen.getByText('#4')).toBeTruthy();
    expect(screen.getByText('Territories: 5:6:7')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Write message' }));
    expect(((await screen.findByTestId('compose-to')) as HTMLInputElement).value).toBe('Zerg_Queen');
    const send = screen.getByTestId('compose-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(send.title).toBe('Write a subject.');
  });
});

describe('an alliance circular', () => {
  it('is sent to every other member unless a rank is chosen, once it has a subject and a text', async () => {
    const { calls } = renderWithProviders(<CircularButton allianceId={5} />, api([]));
    fireEvent.click(screen.getByTestId('circular-open'));
    const send = (await screen.findByRole('button', { name: 'Send circular' })) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(send.title).toBe('Write a subject.');
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Muster' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'All fleets home.' } });
    fireEvent.click(send);
    await waitFor(() => expect(calls.find((c) => c.path === 'messages.circular')?.input).toEqual({ id: 5, subject: 'Muster', body: 'All fleets home.' }));
  });
});

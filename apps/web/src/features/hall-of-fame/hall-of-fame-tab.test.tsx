import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { useAuthStore } from '../../stores/auth-store';
import { renderWithProviders } from '../../test/render';
import { serverError } from '../../test/economy-fixtures';
import { HallOfFameTab } from '.';
import { waitFromDetail } from './comments-panel';
import { hallOfFameEntry } from './hof-fixtures';

const entry = hallOfFameEntry();
const comment = { id: 3, user_id: 2, username: 'bo', comment_text: 'gg www.spam.de', created_at: '2030-01-01T13:00:00.000Z' };

beforeEach(() => {
  useAuthStore.getState().setSession('token', { id: 1, username: 'ana', email: 'a@x.test', avatar_id: 1, score: 0, is_test_account: false, expires_at: null, vacation: null, alliance_membership: null });
});

describe('HallOfFameTab', { timeout: 30_000 }, () => {
  it('says so when empty', async () => {
    renderWithProviders(<HallOfFameTab />, (path) => (path === 'hallOfFame.entries' ? [] : undefined));
    expect(await screen.findByText('The Hall of Fame is currently empty. Epic battles will be recorded here!')).toBeTruthy();
  });

  it('lists battles; an entry opens the report with comments (links replaced); posting disables the form with a countdown', async () => {
    const { calls } = renderWithProviders(<HallOfFameTab />, (path, input) => {
      if (path === 'hallOfFame.entries') return [entry];
      if (path === 'hallOfFame.comments') return [comment];
      if (path === 'hallOfFame.addComment') return { ...comment, id: 4, user_id: 1, username: 'ana', comment_text: (input as { comment_text: string }).comment_text };
      return undefined;
    });
    const row = await screen.findByTestId('hof-entry-7');
    for (const text of ['ana', 'bo', 'attacker win', '125.00k']) expect(within(row).getByText(text)).toBeTruthy();
    fireEvent.click(row);
    const panel = await screen.findByTestId('comments-panel');
    expect(await within(panel).findByText('gg [Link entfernt]')).toBeTruthy();
    fireEvent.change(screen.getByTestId('comment-text'), { target: { value: 'what a fight http://x.io' } });
    fireEvent.click(screen.getByTestId('comment-submit'));
    expect(await screen.findByText('Comment added successfully!')).toBeTruthy();
    expect(calls.find((c) => c.path === 'hallOfFame.addComment')?.input).toEqual({ id: 7, comment_text: 'what a fight [Link entfernt]' });
    expect((await screen.findByTestId('comment-cooldown')).textContent).toMatch(/^You can post again in (59m \d+s|1h 0m 0s)\.$/);
    expect((screen.getByTestId('comment-text') as HTMLTextAreaElement).disabled).toBe(true);
  });

  it('a rate-limited post says so and counts down the wait the server named; other failures have their own text', async () => {
    let detail = 'Comment rate limit reached: you can post again in 12m 5s.';
    renderWithProviders(<HallOfFameTab />, (path) => {
      if (path === 'hallOfFame.entries') return [entry];
      if (path === 'hallOfFame.comments') return [];
      if (path === 'hallOfFame.addComment') throw serverError(detail.includes('rate') ? 429 : 500, detail, path);
      return undefined;
    });
    fireEvent.click(await screen.findByTestId('hof-entry-7'));
    fireEvent.change(await screen.findByTestId('comment-text'), { target: { value: 'x' } });
    detail = 'boom';
    fireEvent.click(screen.getByTestId('comment-submit'));
    expect(await screen.findByText('Failed to post comment. Please try again.')).toBeTruthy();
    detail = 'Comment rate limit reached: you can post again in 12m 5s.';
    fireEvent.click(screen.getByTestId('comment-submit'));
    expect(await screen.findByText('Rate limit exceeded. Please wait before posting again.')).toBeTruthy();
    expect((await screen.findByTestId('comment-cooldown')).textContent).toMatch(/^You can post again in 12m [0-5]s\.$/);
  });

  it('reads the wait out of the server sentence', () => {
    expect(waitFromDetail('... again in 59m 30s.')).toBe(3_570_000);
    expect(waitFromDetail('... again in 9s.')).toBe(9_000);
    expect(waitFromDetail('rate limit')).toBeNull();
  });

  it('asks visitors to log in before commenting', async () => {
    useAuthStore.getState().clearAuth();
    renderWithProviders(<HallOfFameTab />, (path) => (path === 'hallOfFame.entries' ? [entry] : path === 'hallOfFame.comments' ? [] : undefined));
    fireEvent.click(await screen.findByTestId('hof-entry-7'));
    expect(await screen.findByText('You must be logged in to comment.')).toBeTruthy();
  });
});

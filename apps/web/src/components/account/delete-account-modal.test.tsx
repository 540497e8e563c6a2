import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import type { CurrentUser } from '../../lib/api-types';
import { useAuthStore } from '../../stores/auth-store';
import { renderWithProviders } from '../../test/render';
import { ACCOUNT_DELETED, DELETE_CONSEQUENCES, DELETE_PASSWORD_REQUIRED, DeleteAccountModal } from './delete-account-modal';

const player: CurrentUser = {
  id: 8,
  username: 'hivequeen',
  email: 'queen@hive.example',
  avatar_id: 4,
  score: 10,
  is_test_account: false,
  expires_at: null,
  alliance_membership: null,
  vacation: null,
};

const password = () => screen.getByLabelText(/^Password/) as HTMLInputElement;
const confirm = () => fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));

beforeEach(() => {
  useAuthStore.getState().setSession('player-token', player);
});

describe('DeleteAccountModal', () => {
  it('says what will happen, and sends nothing without the password', async () => {
    const { calls } = renderWithProviders(<DeleteAccountModal opened onClose={() => undefined} />);
    for (const line of DELETE_CONSEQUENCES) expect(screen.getByText(line)).toBeTruthy();
    confirm();
    expect(await screen.findByText(DELETE_PASSWORD_REQUIRED)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows the server sentence for a wrong password and keeps the player signed in', async () => {
    renderWithProviders(<DeleteAccountModal opened onClose={() => undefined} />, () => {
      throw TRPCClientError.from({ error: { code: -32603, message: 'That is not your password: your account was not deleted.', data: { httpStatus: 403, path: 'users.delete' } } } as never);
    });
    fireEvent.change(password(), { target: { value: 'wrong' } });
    confirm();
    expect(await screen.findByText('That is not your password: your account was not deleted.')).toBeTruthy();
    expect(useAuthStore.getState().token).toBe('player-token');
  });

  it('deletes with the password, signs the player out and says goodbye', async () => {
    const { calls } = renderWithProviders(<DeleteAccountModal opened onClose={() => undefined} />, (path) => {
      if (path === 'users.delete') return { deleted: true };
      throw new Error(`unexpected ${path}`);
    });
    fireEvent.change(password(), { target: { value: 'correct horse' } });
    confirm();
    await waitFor(() => expect(useAuthStore.getState().token).toBeNull());
    expect(calls).toEqual([{ path: 'users.delete', input: { password: 'correct horse' } }]);
    expect(await screen.findByText(ACCOUNT_DELETED)).toBeTruthy();
  });
});

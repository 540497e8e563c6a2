import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import type { CurrentUser } from '../../lib/api-types';
import { useAuthStore } from '../../stores/auth-store';
import { renderWithProviders } from '../../test/render';
import { ClaimAccountModal } from './claim-account-modal';
import { CLAIM_PASSWORD_MISMATCH, CLAIM_PASSWORD_SHORT, CLAIM_REQUIRED, CLAIM_SUCCESS } from './claim';

const guest: CurrentUser = {
  id: 3,
  username: 'guest_q8w7e6',
  email: 'guest_q8w7e6@guest.local',
  avatar_id: 4,
  score: 10,
  is_test_account: true,
  expires_at: '2030-01-01T00:00:00.000Z',
  vacation: null,
  alliance_membership: null,
};

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });

beforeEach(() => {
  useAuthStore.getState().setSession('guest-token', guest);
});

describe('ClaimAccountModal', () => {
  it('opens empty for a generated guest name and email', async () => {
    renderWithProviders(<ClaimAccountModal opened onClose={() => undefined} />);
    expect(field(/^Username/).value).toBe('');
    expect(field(/^Email address/).value).toBe('');
  });

  it('shows each validation message and sends nothing until the form is right', async () => {
    const { calls } = renderWithProviders(<ClaimAccountModal opened onClose={() => undefined} />);
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Claim Account' }));

    submit();
    expect(await screen.findByText(CLAIM_REQUIRED)).toBeTruthy();
    type(/^Username/, 'hivequeen');
    type(/^Email address/, 'queen@hive.example');
    type(/^Password/, 'short');
    submit();
    expect(await screen.findByText(CLAIM_PASSWORD_SHORT)).toBeTruthy();
    type(/^Password/, 'longenough');
    type(/^Confirm password/, 'longenougH');
    submit();
    expect(await screen.findByText(CLAIM_PASSWORD_MISMATCH)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('claims, updates the signed-in user and closes', async () => {
    let closed = false;
    const claimed = { ...guest, username: 'hivequeen', email: 'queen@hive.example', is_test_account: false, expires_at: null };
    const { calls } = renderWithProviders(<ClaimAccountModal opened onClose={() => (closed = true)} />, (path) => {
      if (path === 'users.claim') return claimed;
      throw new Error(`unexpected ${path}`);
    });
    type(/^Username/, 'hivequeen');
    type(/^Email address/, 'queen@hive.example');
    type(/^Password/, 'longenough');
    type(/^Confirm password/, 'longenough');
    fireEvent.click(screen.getByRole('button', { name: 'Claim Account' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(calls).toEqual([{ path: 'users.claim', input: { username: 'hivequeen', email: 'queen@hive.example', password: 'longenough' } }]);
    expect(useAuthStore.getState().currentUser).toMatchObject({ username: 'hivequeen', is_test_account: false });
    expect(await screen.findByText(CLAIM_SUCCESS)).toBeTruthy();
  });

  it('shows the server detail when the claim is refused', async () => {
    renderWithProviders(<ClaimAccountModal opened onClose={() => undefined} />, () => {
      throw TRPCClientError.from({ error: { code: -32603, message: 'Username already taken', data: { httpStatus: 409, path: 'users.claim' } } } as never);
    });
    type(/^Username/, 'hivequeen');
    type(/^Email address/, 'queen@hive.example');
    type(/^Password/, 'longenough');
    type(/^Confirm password/, 'longenough');
    fireEvent.click(screen.getByRole('button', { name: 'Claim Account' }));
    expect(await screen.findByText('Failed to claim account: Username already taken')).toBeTruthy();
    expect(useAuthStore.getState().currentUser?.is_test_account).toBe(true);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ModalsProvider } from '@mantine/modals';
import type { CurrentUser } from '../../lib/api-types';
import { useAuthStore } from '../../stores/auth-store';
import { renderWithProviders, type Answer } from '../../test/render';
import { serverError } from '../../test/economy-fixtures';
import { AllianceTab } from '.';
import { DISBAND_FLEETS_WARNING } from './alliance-details';
import { NAME_RULE, TAG_RULE } from './alliance-forms';

const user = (membership: CurrentUser['alliance_membership'] = null): CurrentUser => ({
  id: 1,
  username: 'ana',
  email: 'ana@example.test',
  avatar_id: 1,
  score: 0,
  is_test_account: false,
  expires_at: null,
  vacation: null,
  alliance_membership: membership,
});
const membership = (rank: 'LEADER' | 'OFFICER' | 'MEMBER') => ({ alliance_id: 5, alliance_name: 'Hive Mind', alliance_tag: 'HIVE', rank, joined_at: '2030-01-01T00:00:00.000Z' });
const summary = (id: number, tag: string, member_count = 1, slots_max = 20) => ({
  id, name: `Alliance ${tag}`, tag, description: '', leader_id: 9, leader_username: 'lead', member_count, slots_max, recruitment_type: 'APPLICATION' as const, created_at: '2030-01-01T00:00:00.000Z',
});
const hive = (myRank: 'LEADER' | 'OFFICER' | 'MEMBER', others: { id: number; name: string; rank: 'LEADER' | 'OFFICER' | 'MEMBER' }[] = [{ id: 2, name: 'bo', rank: 'MEMBER' }]) => ({
  ...summary(5, 'HIVE', 1 + others.length),
  name: 'Hive Mind',
  members: [{ user_id: 1, username: 'ana', rank: myRank, joined_at: '2030-01-01T00:00:00.000Z' }, ...others.map((o) => ({ user_id: o.id, username: o.name, rank: o.rank, joined_at: '2030-01-02T00:00:00.000Z' }))],
});

function renderTab(answer: Answer) {
  return renderWithProviders(
    <ModalsProvider>
      <AllianceTab />
    </ModalsProvider>,
    answer,
  );
}
const confirmAction = async () => fireEvent.click(await screen.findByTestId('confirm-action'));

beforeEach(() => useAuthStore.getState().setSession('token', user()));

describe('AllianceTab without an alliance', { timeout: 30_000 }, () => {
  it('browses: cards with Recruiting or Full, Apply disabled when full, Details opens the view with Back', async () => {
    renderTab((path) => {
      if (path === 'alliances.list') return [summary(1, 'OPEN'), summary(2, 'FULL', 20, 20)];
      if (path === 'alliances.get') return { ...summary(2, 'FULL', 20, 20), members: [] };
      return undefined;
    });
    const open = await screen.findByTestId('alliance-card-OPEN');
    expect(within(open).getByText('Recruiting')).toBeTruthy();
    expect((screen.getByTestId('apply-FULL') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('apply-FULL').textContent).toBe('Full');
    expect(screen.getByRole('radio', { name: 'My Alliance' })).toHaveProperty('disabled', true);
    fireEvent.click(within(screen.getByTestId('alliance-card-FULL')).getByText('Details'));
    expect(await screen.findByText('No description.')).toBeTruthy();
    expect(screen.getByText('20/20')).toBeTruthy();
    expect(screen.getByText('Application Required')).toBeTruthy();
    fireEvent.click(screen.getByText('Back'));
    expect(await screen.findByTestId('alliance-card-OPEN')).toBeTruthy();
  });

  it('shows the empty text, and the detail-missing text on a 404', async () => {
    renderTab((path, input) => {
      if (path === 'alliances.list') return (input as { search?: string }).search ? [] : [summary(3, 'GONE')];
      if (path === 'alliances.get') throw serverError(404, 'Alliance not found.', path);
      return undefined;
    });
    fireEvent.click(within(await screen.findByTestId('alliance-card-GONE')).getByText('Details'));
    expect(await screen.findByText('Alliance details not found.')).toBeTruthy();
    fireEvent.click(screen.getByText('Back'));
    fireEvent.change(screen.getByLabelText('Search alliances'), { target: { value: 'nothing' } });
    fireEvent.submit(screen.getByText('Find').closest('form')!);
    expect(await screen.findByText('No alliances found. Why not create one?', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('founds an alliance: name and tag required, then the success toast', async () => {
    const { calls } = renderTab((path, input) => {
      if (path === 'alliances.list') return [];
      if (path === 'alliances.create') return { ...summary(7, (input as { tag: string }).tag), name: 'Hive Mind', members: [] };
      return undefined;
    });
    fireEvent.click(await screen.findByTestId('create-alliance'));
    fireEvent.change(await screen.findByTestId('alliance-name'), { target: { value: 'Hive Mind' } });
    fireEvent.click(screen.getByTestId('found-alliance-submit'));
    expect(await screen.findByText('Alliance Name and Tag are required.')).toBeTruthy();
    // As the player types, next to the field: a dash is not a tag character, and the name 'Hi' is too short.
    fireEvent.change(screen.getByTestId('alliance-tag'), { target: { value: 'hv-1' } });
    expect(await screen.findByText(TAG_RULE)).toBeTruthy();
    expect((screen.getByTestId('alliance-tag') as HTMLInputElement).getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByTestId('alliance-name'), { target: { value: 'Hi' } });
    expect(await screen.findByText(NAME_RULE)).toBeTruthy();
    fireEvent.click(screen.getByTestId('found-alliance-submit'));
    expect(calls.some((c) => c.path === 'alliances.create')).toBe(false);
    fireEvent.change(screen.getByTestId('alliance-name'), { target: { value: 'Hive Mind' } });
    fireEvent.change(screen.getByTestId('alliance-tag'), { target: { value: 'hv1' } });
    await waitFor(() => expect(screen.queryByText(TAG_RULE)).toBeNull());
    expect(screen.queryByText(NAME_RULE)).toBeNull();
    fireEvent.click(screen.getByTestId('found-alliance-submit'));
    expect(await screen.findByText('Alliance "Hive Mind" created! Applications are required to join.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'alliances.create')?.input).toEqual({ name: 'Hive Mind', tag: 'HV1', description: '' });
  });

  it('applies with a message and toasts the failure with the server detail', async () => {
    let refuse = false;
    renderTab((path) => {
      if (path === 'alliances.list') return [summary(1, 'OPEN')];
      if (path === 'alliances.submitApplication') {
        if (refuse) throw serverError(409, 'You already have a pending application to this alliance.', path);
        return { id: 3 };
      }
      return undefined;
    });
    fireEvent.click(await screen.findByTestId('apply-OPEN'));
    fireEvent.change(await screen.findByTestId('application-message'), { target: { value: 'Let me in' } });
    fireEvent.click(screen.getByTestId('application-submit'));
    expect(await screen.findByText('Application to join the alliance has been submitted.')).toBeTruthy();
    refuse = true;
    fireEvent.click(await screen.findByTestId('apply-OPEN'));
    fireEvent.click(await screen.findByTestId('application-submit'));
    expect(await screen.findByText('Failed to submit application: You already have a pending application to this alliance.')).toBeTruthy();
  });
});

describe('AllianceTab in an alliance', { timeout: 30_000 }, () => {
  it('the leader sees the facts, Settings, Applications with the pending count, Members, Transfer and Disband', async () => {
    useAuthStore.getState().setSession('token', user(membership('LEADER')));
    renderTab((path) => {
      if (path === 'alliances.get') return hive('LEADER');
      if (path === 'alliances.applications') return [{ id: 4, user_id: 3, username: 'cy', alliance_id: 5, alliance_name: 'Hive Mind', alliance_tag: 'HIVE', message: null, status: 'PENDING', created_at: '2030-01-01T00:00:00.000Z' }];
      if (path === 'alliances.decide') return { id: 4, username: 'cy', status: 'ACCEPTED' };
      return undefined;
    });
    expect(await screen.findByText('Hive Mind')).toBeTruthy();
    expect(screen.getByText('2/20')).toBeTruthy();
    for (const name of ['Settings', 'Members', 'Transfer', 'Disband Alliance']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.queryByText('Leave Alliance')).toBeNull();
    expect((await screen.findByTestId('pending-count')).textContent).toBe('1');
    fireEvent.click(screen.getByText('Disband Alliance'));
    expect(await screen.findByText(`Disband Hive Mind [HIVE]? Every member loses their membership. This cannot be undone. ${DISBAND_FLEETS_WARNING}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(/Disband Hive Mind \[HIVE\]\?/)).toBeNull());
    fireEvent.click(screen.getByText('Transfer'));
    expect(await screen.findByText('No eligible Officers to transfer leadership to. Promote a member first.')).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    fireEvent.click(screen.getByText('Applications'));
    fireEvent.click(within(await screen.findByTestId('application-cy')).getByText('Accept'));
    await confirmAction();
    expect(await screen.findByText('Application for user cy accepted.')).toBeTruthy();
  });

  it("says 'Failed to accept/reject application' with the server's sentence when a decision is refused", async () => {
    useAuthStore.getState().setSession('token', user(membership('LEADER')));
    renderTab((path) => {
      if (path === 'alliances.get') return hive('LEADER');
      if (path === 'alliances.applications') return [{ id: 4, user_id: 3, username: 'cy', alliance_id: 5, alliance_name: 'Hive Mind', alliance_tag: 'HIVE', message: null, status: 'PENDING', created_at: '2030-01-01T00:00:00.000Z' }];
      if (path === 'alliances.decide') throw serverError(409, 'The alliance is full.', path);
      return undefined;
    });
    fireEvent.click(await screen.findByText('Applications'));
    fireEvent.click(within(await screen.findByTestId('application-cy')).getByText('Reject'));
    await confirmAction();
    expect(await screen.findByText('Failed to accept/reject application: The alliance is full.')).toBeTruthy();
  });

  it('kicks after the spec confirmation', async () => {
    useAuthStore.getState().setSession('token', user(membership('OFFICER')));
    const { calls } = renderTab((path) => (path === 'alliances.get' ? hive('OFFICER') : path === 'alliances.kick' ? { message: 'ok' } : []));
    fireEvent.click(await screen.findByLabelText('Kick bo'));
    expect(await screen.findByText('Are you sure you want to remove bo from the alliance? This action is permanent.')).toBeTruthy();
    await confirmAction();
    expect(await screen.findByText('Member has been kicked from the alliance.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'alliances.kick')?.input).toEqual({ id: 2 });
    expect(screen.queryByText('Transfer')).toBeNull();
  });

  it("shows each player only the roster actions their rank may take: the server's rule (social 4.7, 6)", async () => {
    const others = [{ id: 2, name: 'bo', rank: 'MEMBER' as const }, { id: 3, name: 'cy', rank: 'OFFICER' as const }, { id: 4, name: 'di', rank: 'LEADER' as const }];
    const actionsOf = (name: string) => within(screen.getByTestId(`member-${name}`)).queryAllByRole('button').map((b) => b.getAttribute('aria-label')).filter((label) => !label?.endsWith(': open profile')); // the name opens the profile card
    useAuthStore.getState().setSession('token', user(membership('OFFICER')));
    const officer = renderTab((path) => (path === 'alliances.get' ? hive('OFFICER', others) : []));
    await screen.findByLabelText('Kick bo');
    expect([actionsOf('ana'), actionsOf('bo'), actionsOf('cy'), actionsOf('di')]).toEqual([[], ['Promote bo', 'Kick bo'], [], []]);
    officer.unmount();
    useAuthStore.getState().setSession('token', user(membership('LEADER')));
    renderTab((path) => (path === 'alliances.get' ? hive('LEADER', others.slice(0, 2)) : []));
    await screen.findByLabelText('Kick cy');
    expect([actionsOf('ana'), actionsOf('bo'), actionsOf('cy')]).toEqual([[], ['Promote bo', 'Kick bo'], ['Demote cy', 'Kick cy']]);
  });

  it('a member leaves optimistically: rolled back on a refusal, then gone with both toasts and the list shown', async () => {
    useAuthStore.getState().setSession('token', user(membership('MEMBER')));
    let refuse = true;
    renderTab((path) => {
      if (path === 'alliances.get') return hive('MEMBER', [{ id: 2, name: 'bo', rank: 'LEADER' }]);
      if (path === 'alliances.list') return [];
      if (path === 'users.me') return useAuthStore.getState().currentUser;
      if (path === 'alliances.leave') {
        if (refuse) throw serverError(409, 'Try later.', path);
        return { message: 'You have left the alliance.' };
      }
      return undefined;
    });
    expect(screen.queryByText('Disband Alliance')).toBeNull();
    fireEvent.click(await screen.findByText('Leave Alliance'));
    expect(await screen.findByText('Are you sure you want to leave this alliance?')).toBeTruthy();
    await confirmAction();
    expect(await screen.findByText('Failed to leave alliance: Try later.', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(useAuthStore.getState().currentUser?.alliance_membership?.rank).toBe('MEMBER'));
    refuse = false;
    fireEvent.click(await screen.findByText('Leave Alliance'));
    await confirmAction();
    expect(await screen.findByText('You have left the alliance.')).toBeTruthy();
    expect((await screen.findAllByText('You are no longer in an alliance.')).length).toBeGreaterThan(0);
    expect(useAuthStore.getState().currentUser?.alliance_membership).toBeNull();
    expect(await screen.findByText('No alliances found. Why not create one?')).toBeTruthy();
  });
});

import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import type { CurrentUser } from '../../lib/api-types';
import { FairPlayRefusal } from './refusal';
import { MarkerLegend, PlayerMarkers } from './markers';
import { VacationBadge } from './vacation';

const user = (vacation: CurrentUser['vacation']): CurrentUser => ({
  id: 1,
  username: 'vera',
  email: 'vera@example.com',
  avatar_id: 1,
  score: 0,
  is_test_account: false,
  expires_at: null,
  alliance_membership: null,
  vacation,
});

describe('fair play on screen', () => {
  it('the navbar shows a vacation and when it can end, and nothing without one', () => {
    const { unmount } = renderWithProviders(<VacationBadge user={user({ since: '2030-01-01T00:00:00.000Z', earliest_end: '2030-01-03T00:00:00.000Z' })} />);
    expect(screen.getByTestId('vacation-badge').textContent).toMatch(/^On vacation · ends from /);
    unmount();
    renderWithProviders(<VacationBadge user={user(null)} />);
    expect(screen.queryByTestId('vacation-badge')).toBeNull();
  });

  it('the army panel shows the rule\'s refusal before sending, and nothing when allowed or unknown', () => {
    const reason = 'Newcomer protection: Nell has 10 points, under a fifth of yours.';
    const { unmount } = renderWithProviders(<FairPlayRefusal answer={{ verdict: { ok: false, marker: 'n', reason }, markers: ['n'], ownerName: 'Nell' }} />);
    expect(screen.getByTestId('fair-play-refusal').textContent).toContain(reason);
    unmount();
    renderWithProviders(<FairPlayRefusal answer={{ verdict: null, markers: [], ownerName: null }} />);
    expect(screen.queryByTestId('fair-play-refusal')).toBeNull();
  });

  it('markers show as letters with a legend naming all five', () => {
    renderWithProviders(
      <>
        <PlayerMarkers markers={['n', 'i']} />
        <MarkerLegend />
      </>,
    );
    expect(screen.getByTestId('player-markers').textContent).toBe('ni');
    expect(screen.getByTestId('marker-legend').textContent).toContain('long inactive');
  });
});

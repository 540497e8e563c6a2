import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { FairPlaySection } from './fair-play-section';

describe('the console\'s fair-play section', () => {
  it('shows activity, protection and a vacation with the operator\'s way to end it', async () => {
    renderWithProviders(<FairPlaySection userId={4} username="nell" />, (path) =>
      path === 'admin.playerFairPlay'
        ? { last_active_at: '2030-01-01T00:00:00.000Z', activity: 'i', vacation: { since: '2030-01-02T00:00:00.000Z', earliest_end: '2030-01-04T00:00:00.000Z' }, points: 900, protected_by: null }
        : undefined,
    );
    expect(await screen.findByTestId('end-vacation')).toBeTruthy();
    const text = screen.getByTestId('player-fair-play').textContent!;
    expect(text).toContain('(i: inactive)');
    expect(text).toContain('No newcomer protection (900 points, inactive).');
    expect(text).toMatch(/On vacation since .+ \(may end from .+\)/);
  });
});

import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { loadCatalogue } from '@brood/game-data';
import { battleOdds } from '@brood/game-core';
import { renderWithProviders } from '../../../test/render';
import { OddsView } from './odds-view';

const catalogue = loadCatalogue();

describe('the simulator odds (issue 24 item 14)', () => {
  it('names each share of its bar, so a screen reader tells attackers, draw and defenders apart', () => {
    const odds = battleOdds(
      {
        catalogue,
        participants: [
          { role: 'ATTACKER', user_id: 1, username: 'ann', units: { razorwing: 30 } },
          { role: 'DEFENDER', user_id: 2, username: 'dan', units: { razorwing: 30 } },
        ],
        target: { coords: [1, 1, 2], stock: {} },
      },
      4,
      'seed',
    );
    renderWithProviders(<OddsView odds={odds} ms={1} nameOf={(k) => k} flight={null} onSend={null} />);
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-label'))).toEqual(['Attackers win', 'Draw', 'Defenders win']);
    for (const bar of bars) expect([bar.getAttribute('aria-valuemin'), bar.getAttribute('aria-valuemax')]).toEqual(['0', '100']);
  });
});

import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { DurationTag } from './card-parts';

describe('DurationTag', () => {
  it("keeps a card's time on one line ('4m 48s' never wraps)", () => {
    renderWithProviders(
      <div style={{ width: 40 }}>
        <DurationTag seconds={288} />
      </div>,
    );
    const tag = screen.getByTestId('duration');
    expect(tag.textContent).toBe('4m 48s');
    expect(tag.style.whiteSpace).toBe('nowrap');
    expect(tag.style.flex).toBe('0 0 auto');
    expect(screen.getByText('4m 48s').style.whiteSpace).toBe('nowrap');
  });
});

import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { MapTooltip, type MapTooltipHandle } from './map-tooltip';

const content = { title: 'Transport', lines: [{ text: 'Owner: queen' }] };

describe('the map tooltip (core 9, social 2.6)', () => {
  it('is 210 by 180 and sits 15 px from the pointer, flipping to the other side near the right and bottom edges', () => {
    const ref = createRef<MapTooltipHandle>();
    renderWithProviders(<MapTooltip ref={ref} />);
    act(() => ref.current!.show(content, 100, 100, { width: 1000, height: 800 }));
    const tip = screen.getByTestId('map-tooltip');
    expect(tip.style.width).toBe('210px');
    expect(tip.style.maxHeight).toBe('180px');
    expect([tip.style.left, tip.style.top]).toEqual(['115px', '115px']);
    act(() => ref.current!.show(content, 900, 700, { width: 1000, height: 800 }));
    expect([tip.style.left, tip.style.top]).toEqual([`${900 - 15 - 210}px`, `${700 - 15 - 180}px`]);
  });
});

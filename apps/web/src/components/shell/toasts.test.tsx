import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { showSuccess } from '../../lib/toast';
import { renderWithProviders } from '../../test/render';
import { PHONE_CONTROLS_CLEARANCE, Toasts, toastPlacement } from './toasts';

describe('Toasts', () => {
  it('come up in the bottom-left container, and no other container is moved over the page', async () => {
    renderWithProviders(<Toasts />);
    act(() => void showSuccess('Fiber Tangle construction started!'));
    const toasts = await screen.findAllByText('Fiber Tangle construction started!');
    const containers = toasts.map((t) => t.closest('[data-position]') as HTMLElement);
    const ours = containers.find((c) => c.style.getPropertyValue('--toast-bottom') !== '');
    expect(ours?.dataset.position).toBe('bottom-left');
    for (const container of document.querySelectorAll<HTMLElement>('[data-position]')) {
      expect(container.style.top, container.dataset.position).toBe('');
      expect(container.style.bottom, container.dataset.position).toBe('');
    }
  });

  it('sit above the phone bottom bar, and at the foot of the sidebar (no wider than it) on larger screens', () => {
    expect(toastPlacement(true, false).bottom).toBe('calc(68px + env(safe-area-inset-bottom))');
    // On the left, leaving the map's zoom and pan cross (bottom right of the map) uncovered.
    expect(toastPlacement(true, false)).toMatchObject({ left: '8px', width: `calc(100% - 8px - ${PHONE_CONTROLS_CLEARANCE})`, transform: 'none' });
    expect(toastPlacement(false, false)).toMatchObject({ left: '8px', width: '184px' });
    expect(toastPlacement(false, true)).toMatchObject({ left: '8px', width: '204px' });
  });
});

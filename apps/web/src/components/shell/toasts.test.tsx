import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { showSuccess } from '../../lib/toast';
import { renderWithProviders } from '../../test/render';
import { Toasts, toastPlacement } from './toasts';

describe('Toasts', () => {
  it('come up at the bottom, not over the top bar with its picker, bell, countdown and user menu', async () => {
    renderWithProviders(<Toasts />);
    act(() => void showSuccess('Fiber Tangle construction started!'));
    const toasts = await screen.findAllByText('Fiber Tangle construction started!');
    const container = toasts.map((t) => t.closest('[data-position]') as HTMLElement | null).find((c) => c?.style.bottom);
    expect(container?.dataset.position).toBe('bottom-left');
    expect(container?.style.top).toBe('');
  });

  it('sit above the phone bottom bar, and at the foot of the sidebar (no wider than it) on larger screens', () => {
    expect(toastPlacement(true, false).bottom).toBe('calc(68px + env(safe-area-inset-bottom))');
    expect(toastPlacement(false, false)).toMatchObject({ left: 8, width: 184 });
    expect(toastPlacement(false, true)).toMatchObject({ left: 8, width: 204 });
    for (const placement of [toastPlacement(true, false), toastPlacement(false, true)]) expect(placement.top).toBeUndefined();
  });
});

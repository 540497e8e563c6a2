import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { showSuccess } from './toast';

describe('toasts', () => {
  it('name their close button for a screen reader', async () => {
    renderWithProviders(<div />);
    showSuccess('Fiber Tangle construction started!');
    expect(await screen.findByRole('button', { name: 'Close notification' })).toBeTruthy();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { MapToolbar } from './map-toolbar';

const plain = window.matchMedia;
afterEach(() => {
  window.matchMedia = plain;
});

/** A device that matches `(hover: hover)` (a mouse) or not (a phone, whose tap fires a hover no leave ends). */
function pointer(canHover: boolean) {
  window.matchMedia = (query: string) => ({ ...plain(query), matches: query === '(hover: hover)' ? canHover : plain(query).matches });
}

function toolbar() {
  return renderWithProviders(
    <MapToolbar entry={{ r: '', s: '', p: '' }} onEntryChange={() => undefined} onGo={() => undefined} onRefresh={() => undefined} refreshing={false} territories={[]} onTerritory={() => undefined} />,
  );
}

function hoverGo() {
  const go = screen.getByTestId('map-go');
  fireEvent.pointerEnter(go);
  fireEvent.mouseEnter(go);
  fireEvent.mouseMove(go);
  return go;
}

describe("The map's 'Go to coordinates' tooltip", () => {
  it('shows on hover with a mouse', async () => {
    pointer(true);
    toolbar();
    hoverGo();
    await waitFor(() => expect(screen.queryByRole('tooltip')?.textContent).toBe('Go to coordinates'));
  });

  it('never opens on a phone, so a tap cannot leave it stuck', async () => {
    pointer(false);
    toolbar();
    fireEvent.click(hoverGo());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(screen.getByRole('button', { name: 'Go' })).toBeTruthy();
  });
});

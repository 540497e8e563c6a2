import { useEffect } from 'react';
import { ZOOM_STEP } from './geometry';
import type { MapCamera } from './use-map-camera';

/** Social spec 9: the keyboard pans by 20% of the view (and zooms by the usual step). */
export const KEYBOARD_PAN_SHARE = 0.2;

const PAN: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  a: [-1, 0],
  d: [1, 0],
  w: [0, -1],
  s: [0, 1],
};

/** Keys meant for a text box, an open menu or a dialog are not the map's. */
function busyElsewhere(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return target.closest('[role="menu"], [role="listbox"], [role="dialog"]') !== null;
}

/** Arrows or WASD pan; + and = zoom in; - and _ zoom out; Escape closes the fleet-action menu. */
export function useMapKeyboard(camera: MapCamera, closeMenu: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        closeMenu();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || busyElsewhere(e.target)) return;
      const pan = PAN[e.key.length === 1 ? e.key.toLowerCase() : e.key];
      if (pan) {
        e.preventDefault();
        camera.panBy(pan[0] * KEYBOARD_PAN_SHARE, pan[1] * KEYBOARD_PAN_SHARE);
      } else if (e.key === '+' || e.key === '=') {
        e.preventDefault();
        camera.zoomBy(ZOOM_STEP);
      } else if (e.key === '-' || e.key === '_') {
        e.preventDefault();
        camera.zoomBy(1 / ZOOM_STEP);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [camera, closeMenu]);
}

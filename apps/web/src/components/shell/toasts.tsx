import { Notifications } from '@mantine/notifications';
import { TOAST_LIMIT } from '../../lib/toast';
import { useIsMobile, useIsWide } from './breakpoints';
import classes from './toasts.module.css';

/** The phone's bottom tab bar (dashboard) plus a gap. */
const ABOVE_BOTTOM_BAR = 'calc(68px + env(safe-area-inset-bottom))';
/**
 * What phones keep free on the right: the map's zoom and pan cross (three 2.4rem buttons and their gaps,
 * 0.6rem from the map's edge, inside the page's padding), so a toast never covers the map's controls.
 */
export const PHONE_CONTROLS_CLEARANCE = '160px';

export interface ToastPlacement {
  left: string;
  bottom: string;
  width: string;
  maxWidth: string;
  transform: string;
}

/**
 * Where toasts sit so they hide nothing: never over the top bar (territory picker, bell, guest countdown,
 * user menu) or the queue column. Wide screens: the foot of the tab sidebar, below its nine tabs, as wide
 * as the sidebar; phones: just above the bottom tab bar, on the left, clear of the map's controls.
 */
export function toastPlacement(isMobile: boolean, isWide: boolean): ToastPlacement {
  if (isMobile) return { left: '8px', bottom: ABOVE_BOTTOM_BAR, width: `calc(100% - 8px - ${PHONE_CONTROLS_CLEARANCE})`, maxWidth: '440px', transform: 'none' };
  return { left: '8px', bottom: '12px', width: isWide ? '204px' : '184px', maxWidth: 'none', transform: 'none' };
}

/** Every toast of the app, bottom-left, placed by toastPlacement (as CSS variables the bottom-left container reads). */
export function Toasts() {
  const p = toastPlacement(useIsMobile(), useIsWide());
  const vars = { '--toast-left': p.left, '--toast-bottom': p.bottom, '--toast-width': p.width, '--toast-max-width': p.maxWidth, '--toast-transform': p.transform };
  return <Notifications limit={TOAST_LIMIT} position="bottom-left" zIndex={4000} classNames={{ root: classes.root }} styles={{ root: vars }} />;
}

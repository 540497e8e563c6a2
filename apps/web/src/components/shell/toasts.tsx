import type { CSSProperties } from 'react';
import { Notifications } from '@mantine/notifications';
import { TOAST_LIMIT } from '../../lib/toast';
import { useIsMobile, useIsWide } from './breakpoints';

/** The phone's bottom tab bar (dashboard) plus a gap. */
const ABOVE_BOTTOM_BAR = 'calc(68px + env(safe-area-inset-bottom))';

/**
 * Where toasts sit so they hide nothing: never over the top bar (territory picker, bell, guest countdown,
 * user menu) or the queue column. Wide screens: the foot of the tab sidebar, below its nine tabs, as wide
 * as the sidebar; phones: just above the bottom tab bar.
 */
export function toastPlacement(isMobile: boolean, isWide: boolean): CSSProperties {
  if (isMobile) return { left: '50%', transform: 'translateX(-50%)', bottom: ABOVE_BOTTOM_BAR, width: 'calc(100% - 16px)', maxWidth: 440 };
  return { left: 8, bottom: 12, width: isWide ? 204 : 184 };
}

/** Every toast of the app (inline placement outranks Mantine's own position rules). */
export function Toasts() {
  const isMobile = useIsMobile();
  const isWide = useIsWide();
  return <Notifications limit={TOAST_LIMIT} position="bottom-left" zIndex={4000} styles={{ root: toastPlacement(isMobile, isWide) }} />;
}

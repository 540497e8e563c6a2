import { useMediaQuery } from '@mantine/hooks';

/** Under 768 px: phones get the bottom icon bar instead of the sidebar (core §2, social §9). */
export const MOBILE_QUERY = '(max-width: 47.99em)';
/** From 1200 px the queue panel gets its own column on the right. */
export const WIDE_QUERY = '(min-width: 75em)';
/** A mouse or trackpad: a touch screen's tap fires a hover that no leave ever ends. */
export const HOVER_QUERY = '(hover: hover)';

const SYNC = { getInitialValueInEffect: false } as const;

/** Read at first render (no flash of the desktop layout on phones). */
export const useIsMobile = (): boolean => useMediaQuery(MOBILE_QUERY, false, SYNC);
export const useIsWide = (): boolean => useMediaQuery(WIDE_QUERY, true, SYNC);
/** Hover-only hints (tooltips) are for devices that can hover; on a phone they would stick after a tap. */
export const useCanHover = (): boolean => useMediaQuery(HOVER_QUERY, true, SYNC);

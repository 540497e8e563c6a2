/** Under 768 px: phones get the bottom icon bar instead of the sidebar (core §2, social §9). */
export const MOBILE_QUERY = '(max-width: 47.99em)';
/** From 1200 px the queue panel gets its own column on the right. */
export const WIDE_QUERY = '(min-width: 75em)';

/** What replaces a link in player text (spec social §5.5). */
export const LINK_REPLACEMENT = '[Link entfernt]';

const LINK = /\b(?:https?:\/\/|www\.)\S*/gi;

/** Player text with every link (http, https or www) replaced by '[Link entfernt]'; applied on store and on display. */
export function stripLinks(text: string): string {
  return text.replace(LINK, LINK_REPLACEMENT);
}

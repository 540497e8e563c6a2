/**
 * Guest accounts (GAME-RULES "Scores, alliances, accounts"): named guest_<random> with the email
 * <name>@guest.local. The claim form does not pre-fill those generated values.
 */
export const GUEST_USERNAME_PREFIX = 'guest_';
export const GUEST_EMAIL_DOMAIN = '@guest.local';

export const isGeneratedGuestName = (username: string | null | undefined) =>
  typeof username === 'string' && username.toLowerCase().startsWith(GUEST_USERNAME_PREFIX);

export const isGeneratedGuestEmail = (email: string | null | undefined) =>
  typeof email === 'string' && email.toLowerCase().endsWith(GUEST_EMAIL_DOMAIN);

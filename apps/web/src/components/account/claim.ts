import { isGeneratedGuestEmail, isGeneratedGuestName } from '../../lib/guest';

export const CLAIM_REQUIRED = 'Username and Email are required.';
export const CLAIM_PASSWORD_SHORT = 'Password must be at least 8 characters long.';
export const CLAIM_PASSWORD_MISMATCH = 'Passwords do not match.';
export const CLAIM_SUCCESS = 'Account successfully claimed! Your progress is saved.';
export const MIN_PASSWORD_LENGTH = 8;

export interface ClaimValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** The form starts with the guest's own name and email, except the generated guest_ name and @guest.local email. */
export function claimPrefill(user: { username?: string | null; email?: string | null } | null | undefined): ClaimValues {
  return {
    username: user?.username && !isGeneratedGuestName(user.username) ? user.username : '',
    email: user?.email && !isGeneratedGuestEmail(user.email) ? user.email : '',
    password: '',
    confirmPassword: '',
  };
}

/** The first problem with the form, in the spec's order, or null when it can be sent. */
export function validateClaim(values: ClaimValues): string | null {
  if (!values.username.trim() || !values.email.trim()) return CLAIM_REQUIRED;
  if (values.password.length < MIN_PASSWORD_LENGTH) return CLAIM_PASSWORD_SHORT;
  if (values.password !== values.confirmPassword) return CLAIM_PASSWORD_MISMATCH;
  return null;
}

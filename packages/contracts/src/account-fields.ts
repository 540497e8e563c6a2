import { z } from 'zod';

/**
 * The account fields' rules and sentences, declared once: the api validates registration with them
 * and the register page shows the same sentence next to the field as the player types.
 */

/** Guest accounts are named `guest_…`; a player's own name may not start so. */
export const GUEST_PREFIX = 'guest_';

/** FastAPI's wording for an absent field, so REST and tRPC clients read the same sentence. */
export const required = (wrongType: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? 'Field required' : wrongType) });

export const UsernameSchema = z
  .string(required('Username must be text'))
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(20, 'Username must be at most 20 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Username may contain only letters, digits, _ and -')
  .refine((v) => !v.toLowerCase().startsWith(GUEST_PREFIX), `Usernames starting with ${GUEST_PREFIX} are reserved for guest accounts`);

export const PasswordSchema = z
  .string(required('Password must be text'))
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

/** The first sentence a field's rules give for a value, or null when it passes. */
export function fieldProblem(schema: z.ZodType, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

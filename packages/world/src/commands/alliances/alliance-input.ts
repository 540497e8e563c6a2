import { fail } from '../../errors';

export const ALLIANCE_RULES = {
  required: 'Alliance Name and Tag are required.',
  name: 'Alliance name must be 3 to 50 characters.',
  tag: 'Alliance tag must be 3 to 5 characters: letters A-Z and digits 0-9 only.',
  description: 'Description must be at most 500 characters.',
  message: 'Application message must be at most 250 characters.',
} as const;

/** Trimmed description (at most 500 characters; empty when absent). */
export function allianceDescription(description: string | null | undefined): string {
  const text = (description ?? '').trim();
  if ([...text].length > 500) throw fail.unprocessable(ALLIANCE_RULES.description);
  return text;
}

/** Name 3-50 characters, tag 3-5 of A-Z and 0-9 (upper-cased), description at most 500 (spec social §5.6). */
export function allianceInput(input: { name?: string | null; tag?: string | null; description?: string | null }): { name: string; tag: string; description: string } {
  const name = (input.name ?? '').trim();
  const tag = (input.tag ?? '').trim().toUpperCase();
  if (!name || !tag) throw fail.unprocessable(ALLIANCE_RULES.required);
  if ([...name].length < 3 || [...name].length > 50) throw fail.unprocessable(ALLIANCE_RULES.name);
  if (!/^[A-Z0-9]{3,5}$/.test(tag)) throw fail.unprocessable(ALLIANCE_RULES.tag);
  return { name, tag, description: allianceDescription(input.description) };
}

/** Optional message, trimmed, at most 250 characters; null when empty. */
export function applicationMessage(message: string | null | undefined): string | null {
  const text = (message ?? '').trim();
  if ([...text].length > 250) throw fail.unprocessable(ALLIANCE_RULES.message);
  return text || null;
}

import { z } from 'zod';

/** C0 and C1 control characters (Unicode category Cc), line breaks and tabs included: no input of the game takes them. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
export const CONTROL_CHARACTER_MESSAGE = 'Text must not contain control characters';

/** Invisible and direction-changing characters (Unicode category Cf: zero-width space, right-to-left override, soft hyphen...). */
const FORMAT = /\p{Cf}/u;
export const FORMAT_CHARACTER_MESSAGE =
  'Names, tags and titles must not contain invisible or direction-changing characters (such as a zero-width space or a right-to-left override): type only visible letters, digits, signs and spaces.';

/**
 * A name, tag or title other players read (territories, alliances, announcements; usernames allow
 * letters and digits only): trimmed, and refused when it holds a character that shows as nothing or
 * turns the text around, on top of the control characters NoControlCharacters refuses in every input.
 * Free text (descriptions, messages, comments, passwords) keeps them: emoji sequences are joined by one.
 */
export function visibleName(text: z.ZodString): z.ZodString {
  return text.trim().refine((value) => !FORMAT.test(value), FORMAT_CHARACTER_MESSAGE);
}

/** Deeper than this, the quick look leaves the input to NoControlCharacters' full walk. */
const QUICK_DEPTH = 32;

/**
 * Whether `input` may hold a control character: false when a quick look (at most QUICK_DEPTH levels
 * deep) finds none, which is every ordinary input, without allocating; only what may fail the check
 * goes through NoControlCharacters' walk, which builds the issues and their paths. Every call runs it
 * (trpc.ts), and zod's parse of every input was 1.7% of what the api allocated.
 */
export function mayHoldControlCharacters(input: unknown, depth = 0): boolean {
  if (typeof input === 'string') return CONTROL.test(input);
  if (input === null || typeof input !== 'object') return false;
  if (depth >= QUICK_DEPTH) return true;
  if (Array.isArray(input)) {
    for (let i = 0; i < input.length; i++) if (mayHoldControlCharacters(input[i], depth + 1)) return true;
    return false;
  }
  const record = input as Record<string, unknown>;
  for (const key in record) if (CONTROL.test(key) || mayHoldControlCharacters(record[key], depth + 1)) return true;
  return false;
}

/** A value met in the walk, with the way back to the root (paths are only built for an issue). */
interface Visit {
  value: unknown;
  parent: Visit | null;
  key: string | number | null;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Every text anywhere in an input (values and object keys, at any depth) is free of control
 * characters. PostgreSQL refuses NUL outright and the others have no place in a name or a key. The
 * walk is iterative and linear in the input's size, so no nesting can overflow the stack or stall it.
 */
export const NoControlCharacters = z.unknown().superRefine((input, ctx) => {
  const pending: Visit[] = [{ value: input, parent: null, key: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      if (CONTROL.test(value)) ctx.addIssue({ code: 'custom', message: CONTROL_CHARACTER_MESSAGE, path: pathOf(visit) });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, parent: visit, key: index }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (CONTROL.test(key)) ctx.addIssue({ code: 'custom', message: CONTROL_CHARACTER_MESSAGE, path: pathOf(visit) });
        pending.push({ value: item, parent: visit, key });
      }
    }
  }
});

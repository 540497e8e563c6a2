import { z } from 'zod';

/** C0 and C1 control characters (Unicode category Cc), line breaks and tabs included: no input of the game takes them. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
export const CONTROL_CHARACTER_MESSAGE = 'Text must not contain control characters';

/**
 * Every text anywhere in an input (values and object keys, at any depth) is free of control
 * characters. PostgreSQL refuses NUL outright and the others have no place in a name or a key. The
 * walk is iterative, so a deeply nested body cannot overflow the stack.
 */
export const NoControlCharacters = z.unknown().superRefine((input, ctx) => {
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (CONTROL.test(value)) ctx.addIssue({ code: 'custom', message: CONTROL_CHARACTER_MESSAGE, path });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: [...path, index] }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (CONTROL.test(key)) ctx.addIssue({ code: 'custom', message: CONTROL_CHARACTER_MESSAGE, path });
        pending.push({ value: item, path: [...path, key] });
      }
    }
  }
});

import { z } from 'zod';

/** C0 and C1 control characters (Unicode category Cc), line breaks and tabs included: no input of the game takes them. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
export const CONTROL_CHARACTER_MESSAGE = 'Text must not contain control characters';

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

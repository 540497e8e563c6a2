import { TRPCError } from '@trpc/server';
import type { z } from 'zod';

/**
 * Checks an input against a schema built from this deployment's catalogue (UNIVERSE_OVERRIDES
 * included), which a procedure's static `.input()` cannot see. Fails like a bad `.input()`: a
 * BAD_REQUEST whose cause is the ZodError, so REST answers 422 with FastAPI-style items.
 */
export function checkAgainstUniverse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new TRPCError({ code: 'BAD_REQUEST', message: parsed.error.message, cause: parsed.error });
  return parsed.data;
}

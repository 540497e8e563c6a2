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

/**
 * A schema builder kept per setting: a deployment has one value of each, so each schema is built
 * once, not on every call (building a zod schema costs more than checking an input with it).
 */
export function keptPerSetting<S>(build: (setting: number) => S): (setting: number) => S {
  const kept = new Map<number, S>();
  return (setting) => {
    let schema = kept.get(setting);
    if (!schema) {
      schema = build(setting);
      kept.set(setting, schema);
    }
    return schema;
  };
}

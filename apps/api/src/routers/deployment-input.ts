import { AsyncLocalStorage } from 'node:async_hooks';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { loadCatalogue, type Catalogue } from '@brood/game-data';

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

/** The catalogue of the request being checked: each procedure runs inside `withRequestCatalogue` (trpc.ts). */
const requestCatalogue = new AsyncLocalStorage<Catalogue>();

export function withRequestCatalogue<T>(catalogue: Catalogue, run: () => T): T {
  return requestCatalogue.run(catalogue, run);
}

/** The catalogue's maps whose keys players send: a key is one of them only as an OWN key (never `constructor`, `toString`...). */
export type CatalogueMap = 'resources' | 'units' | 'defenses' | 'structures' | 'technologies';
const NOUN: Record<CatalogueMap, string> = { resources: 'resource', units: 'unit', defenses: 'defense', structures: 'structure', technologies: 'technology' };

/** The refusal names the key, cut short: no catalogue key is longer than 64 characters. */
export const unknownKeySentence = (map: CatalogueMap, key: string) => `Unknown ${NOUN[map]} '${key.length > 64 ? `${key.slice(0, 64)}...` : key}'.`;

/** Outside a procedure (a schema checked on its own) the game's catalogue stands in for the request's. */
function isCatalogueKey(map: CatalogueMap, key: string): boolean {
  return Object.hasOwn((requestCatalogue.getStore() ?? loadCatalogue())[map], key);
}

/**
 * The one check of every input field that names a catalogue entry: `structure_key`, `tech_key`,
 * `unit_key`, `defense_key` (catalogueKey) and every map keyed by them, units and resources
 * (catalogueMap). An unknown key is refused naming it (422 over REST), before any command runs.
 */
export function catalogueKey(map: CatalogueMap, field: string) {
  return z
    .string({ error: `${field} is required` })
    .min(1, `${field} is required`)
    .refine((key) => isCatalogueKey(map, key), { error: (issue) => unknownKeySentence(map, String(issue.input)) });
}

export function catalogueMap<V extends z.ZodType>(map: CatalogueMap, amount: V, error: string) {
  return z.record(z.string(), amount, { error }).superRefine((entries, ctx) => {
    for (const key of Object.keys(entries)) {
      if (!isCatalogueKey(map, key)) ctx.addIssue({ code: 'custom', message: unknownKeySentence(map, key), path: [key] });
    }
  });
}

import superjson from 'superjson';
import type { SuperJSONResult } from 'superjson';

/**
 * tRPC's transformer: superjson, except for values kept for the life of the process. superjson walks
 * a value to find what JSON cannot carry (dates, maps): 1.4 ms of CPU for the 47 KB client catalogue
 * on the 2-core bench machine, 16 times its JSON.stringify, and the web app asks for it on every
 * sign-in (the universe bench, docs/benchmarks.md). A value registered with `keepSerialized` is walked
 * once and its serialized form is kept beside it (by identity, so only for a value nobody changes).
 */
const kept = new WeakMap<object, SuperJSONResult>();

/** Registers a value that never changes while the process runs; answers it. */
export function keepSerialized<T extends object>(value: T): T {
  kept.set(value, superjson.serialize(value));
  return value;
}

export const keptTransformer = {
  serialize: (value: unknown): SuperJSONResult => (typeof value === 'object' && value !== null ? kept.get(value) : undefined) ?? superjson.serialize(value),
  deserialize: <T>(value: SuperJSONResult): T => superjson.deserialize<T>(value),
};

import superjson from 'superjson';
import type { SuperJSONResult } from 'superjson';

/**
 * tRPC's transformer: superjson's wire format, written faster for what the game answers.
 *
 * superjson walks a value to find what JSON cannot carry, copying it and building a path for every
 * node: on the universe bench that was a tenth of the api's CPU (docs/benchmarks.md). The game's
 * answers are plain data: objects, arrays, strings, finite numbers, booleans, null, dates and the odd
 * undefined. For those, `plainSerialize` answers what superjson answers (the same `json` and the same
 * `meta.values`) with one read-only pass when there is nothing to annotate and a copy only when there is.
 * Anything else (a Map, a class instance, NaN, -0, a bigint...) goes to superjson itself. The one
 * difference: an object reached twice in one answer is sent twice, where superjson also sends
 * `referentialEqualities` so that the client rebuilds one shared object; the client reads the same data.
 *
 * Values registered with `keepSerialized` (the 47 KB client catalogue, asked on every sign-in) are
 * serialized once and their form kept beside them (by identity, so only for a value nobody changes).
 */
const kept = new WeakMap<object, SuperJSONResult>();

/** Registers a value that never changes while the process runs; answers it. */
export function keepSerialized<T extends object>(value: T): T {
  kept.set(value, superjson.serialize(value));
  return value;
}

const PLAIN = 0;
const ANNOTATED = 1;
const OTHER = 2;
/** Deeper than this is not an answer of the game (and could be a cycle): superjson decides. */
const MAX_DEPTH = 64;
/** Keys superjson refuses (prototype pollution): it throws, so it is left to say so. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

const isPlainObject = (value: object) => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/** PLAIN when JSON carries `value` as it is, ANNOTATED when it holds dates or undefined, OTHER for anything else. */
function scan(value: unknown, depth: number): number {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return PLAIN;
    case 'number':
      // superjson annotates -0 (JSON would carry it as 0), as it does NaN and the infinities.
      return Number.isFinite(value) && !Object.is(value, -0) ? PLAIN : OTHER;
    case 'undefined':
      return ANNOTATED;
    case 'object': {
      if (value === null) return PLAIN;
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? OTHER : ANNOTATED;
      if (depth >= MAX_DEPTH) return OTHER;
      // Index and key loops, not Object.entries: that allocated a pair for every field of every answer.
      let found = PLAIN;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          if (!(i in value)) return OTHER; // a hole: superjson's walk and JSON's differ on it
          const k = scan(value[i], depth + 1);
          if (k === OTHER) return OTHER;
          if (k === ANNOTATED) found = ANNOTATED;
        }
        return found;
      }
      if (!isPlainObject(value)) return OTHER;
      // for-in walks V8's enum cache without allocating; a plain object inherits no enumerable key.
      const record = value as Record<string, unknown>;
      for (const key in record) {
        if (FORBIDDEN.has(key)) return OTHER;
        const k = scan(record[key], depth + 1);
        if (k === OTHER) return OTHER;
        if (k === ANNOTATED) found = ANNOTATED;
      }
      return found;
    }
    default:
      return OTHER;
  }
}

type Leaf = ['Date'] | ['undefined'];
type Annotations = Leaf | Record<string, Leaf>;
const escapeKey = (key: string) => key.replace(/\\/g, '\\\\').replace(/\./g, '\\.');

/** The copy superjson's walker makes of a scanned value (dates as ISO strings, undefined as null) and its annotations, in its format. */
function annotate(value: unknown): { json: unknown; annotations?: Annotations } {
  if (value === undefined) return { json: null, annotations: ['undefined'] };
  if (value instanceof Date) return { json: value.toISOString(), annotations: ['Date'] };
  if (typeof value !== 'object' || value === null) return { json: value };
  const json: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
  const inner: Record<string, Leaf> = {};
  let annotated = false;
  for (const [key, item] of Object.entries(value)) {
    const out = annotate(item);
    (json as Record<string, unknown>)[key] = out.json;
    if (!out.annotations) continue;
    annotated = true;
    if (Array.isArray(out.annotations)) inner[escapeKey(key)] = out.annotations;
    else for (const [path, leaf] of Object.entries(out.annotations)) inner[`${escapeKey(key)}.${path}`] = leaf;
  }
  return annotated ? { json, annotations: inner } : { json };
}

/** superjson's serialize for plain data (see above); null when the value is not plain data. */
export function plainSerialize(value: unknown): SuperJSONResult | null {
  if (typeof value !== 'object' || value === null) return null;
  const k = scan(value, 0);
  if (k === OTHER) return null;
  if (k === PLAIN) return { json: value as SuperJSONResult['json'] };
  const { json, annotations } = annotate(value);
  return { json: json as SuperJSONResult['json'], meta: { values: annotations, v: 1 } } as SuperJSONResult;
}

export const keptTransformer = {
  serialize: (value: unknown): SuperJSONResult =>
    (typeof value === 'object' && value !== null ? kept.get(value) : undefined) ?? plainSerialize(value) ?? superjson.serialize(value),
  deserialize: <T>(value: SuperJSONResult): T => superjson.deserialize<T>(value),
};

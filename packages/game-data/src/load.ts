import resourcesFile from '../data/resources.json';
import effectsFile from '../data/effects.json';
import structuresFile from '../data/structures.json';
import technologiesFile from '../data/technologies.json';
import unitsFile from '../data/units.json';
import defensesFile from '../data/defenses.json';
import universeFile from '../data/universe.json';
import { CatalogueSchema } from './schema';
import type { Catalogue } from './schema';
import { findProblems } from './integrity';
import type { Problem } from './integrity';

type Json = unknown;
type DeepPartial<T> = T extends readonly (infer E)[] ? readonly E[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/**
 * What a test universe or a designer experiment may change. `universe` is merged deeply; the
 * entries of the other maps replace (or add) whole entries by key.
 */
export interface CatalogueOverrides {
  universe?: DeepPartial<Catalogue['universe']>;
  structures?: Record<string, Json>;
  technologies?: Record<string, Json>;
  units?: Record<string, Json>;
  defenses?: Record<string, Json>;
}

export class CatalogueError extends Error {
  constructor(readonly problems: readonly Problem[]) {
    super(`Invalid game data:\n${problems.map((p) => `  ${p.path}: ${p.message}`).join('\n')}`);
    this.name = 'CatalogueError';
  }
}

/** The catalogue exactly as the JSON files hold it (not validated). */
export function rawCatalogue(): Record<string, Json> {
  return {
    resources: resourcesFile.resources,
    orderedResourceKeys: resourcesFile.orderedResourceKeys,
    effects: effectsFile,
    structures: structuresFile,
    technologies: technologiesFile,
    units: unitsFile,
    defenses: defensesFile,
    universe: universeFile,
  };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function deepMerge(base: unknown, patch: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(patch)) return patch === undefined ? base : patch;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) out[k] = deepMerge(base[k], v);
  return out;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Schema errors first; then, on a well-formed catalogue, broken references, cycles and reachability. */
export function validateCatalogue(raw: unknown): { catalogue?: Catalogue; problems: Problem[] } {
  const parsed = CatalogueSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map((i) => ({ level: 'error', path: i.path.join('.') || '(root)', message: i.message })),
    };
  }
  const catalogue = deepFreeze(parsed.data) as Catalogue;
  return { catalogue, problems: findProblems(catalogue) };
}

let defaultCatalogue: Catalogue | undefined;

/**
 * The validated, deeply frozen catalogue. Throws a CatalogueError listing every error.
 * Without overrides the result is computed once and shared.
 */
export function loadCatalogue(overrides?: CatalogueOverrides): Catalogue {
  if (!overrides && defaultCatalogue) return defaultCatalogue;
  const raw = rawCatalogue();
  if (overrides) {
    raw.universe = deepMerge(raw.universe, overrides.universe);
    for (const kind of ['structures', 'technologies', 'units', 'defenses'] as const) {
      if (overrides[kind]) raw[kind] = { ...(raw[kind] as object), ...overrides[kind] };
    }
  }
  const { catalogue, problems } = validateCatalogue(raw);
  const errors = problems.filter((p) => p.level === 'error');
  if (!catalogue || errors.length > 0) throw new CatalogueError(errors);
  if (!overrides) defaultCatalogue = catalogue;
  return catalogue;
}

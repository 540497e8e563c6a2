import { z } from 'zod';
import { loadCatalogue, type Catalogue, type CatalogueOverrides } from '@brood/game-data';
import { parseAllowedOrigins } from '../commands/push/push-endpoints';

/**
 * Settings every process of one deployment reads the same way (the api and the sim-worker each
 * declare their own env.ts with these pieces), and the catalogue those settings give.
 */
export const LogLevelEnv = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');

/** A VAPID key (base64url); unset or empty: Web Push is off. */
export const VapidKeyEnv = z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^[A-Za-z0-9_-]+$/, 'VAPID keys are base64url (as web-push generate-vapid-keys prints them)').optional());

/** PUSH_ALLOWED_ORIGINS: comma-separated origins a push may go to besides the push services (tests, private deployments). */
export const PushAllowedOriginsEnv = z
  .string()
  .default('')
  .transform((text, ctx) => {
    try {
      return parseAllowedOrigins(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'PUSH_ALLOWED_ORIGINS must be comma-separated origins such as https://push.example.com' });
      return z.NEVER;
    }
  });

export const DatabaseUrlEnv = z.string().min(1, 'DATABASE_URL is required (npm start sets it for the embedded database)');

const FIXED_GRID = 'UNIVERSE_OVERRIDES cannot change map: the database checks coordinates against the grid of universe.json';

/** JSON merged over universe.json, e.g. {"universe_speed_factor": 500}; the api and the workers must agree. */
export const UniverseOverridesEnv = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (!text) return undefined;
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        if (!('map' in value)) return value as Record<string, unknown>;
        ctx.addIssue({ code: 'custom', message: FIXED_GRID });
        return z.NEVER;
      }
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'UNIVERSE_OVERRIDES must be a JSON object, e.g. {"universe_speed_factor": 500}' });
    return z.NEVER;
  });

/** The catalogue of this deployment: game-data with the universe overrides applied (validated again). */
export function deploymentCatalogue(universeOverrides: Record<string, unknown> | undefined): Catalogue {
  return loadCatalogue(universeOverrides ? { universe: universeOverrides as CatalogueOverrides['universe'] } : undefined);
}

/** Parses a process's environment, or throws one message listing every bad setting. */
export function parseEnv<S extends z.ZodType>(schema: S, source: NodeJS.ProcessEnv, processName: string): z.output<S> {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid ${processName} configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

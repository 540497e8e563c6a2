import { z } from 'zod';

/** The api's whole configuration, read once. Defaults make `npm start` work with nothing set. */
export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (npm start sets it for the embedded database)'),
  /** HS256 signing secret; scripts/start generates one under .data/ when unset. */
  JWT_SECRET: z.string().min(16, 'JWT_SECRET must be at least 16 characters'),
  JWT_TTL_SECONDS: z.coerce.number().int().positive().default(60 * 60 * 24 * 7),
  /** Folder of the built web app; served at / when present. */
  WEB_DIST: z.string().optional(),
  /** Behind a load balancer: take the client address from X-Forwarded-For (login throttling counts per address). */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  DB_POOL_MAX: z.coerce.number().int().positive().default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A test universe overrides game-data settings, e.g. {"universe_speed_factor": 500}. */
  UNIVERSE_OVERRIDES: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text) return undefined;
      try {
        const value: unknown = JSON.parse(text);
        if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'UNIVERSE_OVERRIDES must be a JSON object, e.g. {"universe_speed_factor": 500}' });
      return z.NEVER;
    }),
});

export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid api configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

import { z } from 'zod';

/** The sim-worker's whole configuration, read once. `npm start` sets DATABASE_URL for the embedded database. */
export const WorkerEnvSchema = z.object({
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (npm start sets it for the embedded database)'),
  DB_POOL_MAX: z.coerce.number().int().positive().default(10),
  /** Jobs fetched per poll and queue. */
  WORKER_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /** pg-boss's floor is 0.5 s. */
  WORKER_POLL_SECONDS: z.coerce.number().min(0.5).default(0.5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The same universe overrides as the api, e.g. {"universe_speed_factor": 500}. */
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

export type WorkerEnv = z.infer<typeof WorkerEnvSchema>;

export function readWorkerEnv(source: NodeJS.ProcessEnv = process.env): WorkerEnv {
  const parsed = WorkerEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid sim-worker configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

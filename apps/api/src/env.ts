import { z } from 'zod';
import { DatabaseStatementsEnv, DatabaseTimeoutsEnv, DatabaseUrlEnv, LogLevelEnv, PushAllowedOriginsEnv, UniverseOverridesEnv, VapidKeyEnv, parseEnv } from '@brood/world';

/** The api's whole configuration, read once. Defaults make `npm start` work with nothing set. */
export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: DatabaseUrlEnv,
  /**
   * A direct connection for the one LISTEN of real-time events when DATABASE_URL goes through a pooler
   * in transaction mode (PgBouncer), which cannot hold a LISTEN; DATABASE_URL when unset.
   */
  DATABASE_LISTEN_URL: DatabaseUrlEnv.optional(),
  /**
   * A streaming replica for the reads that may be a few seconds stale (docs/scaling.md, "Read replicas"):
   * map overviews and regions, wreckage, highscore pages, the Hall of Fame's list, alliance and player search.
   * Unset: every read goes to DATABASE_URL.
   */
  DATABASE_READ_URL: DatabaseUrlEnv.optional(),
  /** While the replica does not answer (its reads then go to the primary), how often the api tries it again. */
  DATABASE_READ_RETRY_SECONDS: z.coerce.number().positive().max(3600).default(10),
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
  /** Origins besides the server's own host whose pages may open /ws, comma-separated (e.g. https://play.example.com). */
  WS_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((o) => o.trim()).filter((o) => o.length > 0)),
  /** When set, GET /metrics answers only a request with `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  DB_POOL_MAX: z.coerce.number().int().positive().default(10),
  /** How many api processes serve PORT (./cluster.ts): one per core the database and the sim-worker leave free. Each has its own pool of DB_POOL_MAX. */
  API_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  /** The commit this release was built from, shown in /healthz, /metrics and the moderation console; the checkout's HEAD when unset. */
  RELEASE_COMMIT: z.string().regex(/^([0-9a-f]{7,40})?$/, 'RELEASE_COMMIT must be a git commit hash (7 to 40 hex digits)').optional(),
  /** How long any wait on the database may last (docs/operations.md, "Database timeouts"). */
  ...DatabaseTimeoutsEnv,
  /** 'off' behind a pooler in transaction mode, which cannot keep a connection's prepared statements (docs/scaling.md). */
  ...DatabaseStatementsEnv,
  /** Web Push: the VAPID public key browsers subscribe with (scripts/start keeps a pair under .data/); push is off without it. */
  VAPID_PUBLIC_KEY: VapidKeyEnv,
  /** Origins a push subscription may name besides the push services' (tests, private deployments), comma-separated. */
  PUSH_ALLOWED_ORIGINS: PushAllowedOriginsEnv,
  LOG_LEVEL: LogLevelEnv,
  /** A test universe overrides game-data settings, e.g. {"universe_speed_factor": 500}. */
  UNIVERSE_OVERRIDES: UniverseOverridesEnv,
});

export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return parseEnv(EnvSchema, source, 'api');
}

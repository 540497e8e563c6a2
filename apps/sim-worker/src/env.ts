import { z } from 'zod';
import { WAKE_GAP_MS } from './waker';
import { DatabaseStatementsEnv, DatabaseTimeoutsEnv, DatabaseUrlEnv, LogLevelEnv, PushAllowedOriginsEnv, UniverseOverridesEnv, VapidKeyEnv, parseEnv } from '@brood/world';

/** The sim-worker's whole configuration, read once. `npm start` sets DATABASE_URL for the embedded database. */
export const WorkerEnvSchema = z.object({
  DATABASE_URL: DatabaseUrlEnv,
  DB_POOL_MAX: z.coerce.number().int().positive().default(10),
  /** How long any wait on the database may last (docs/operations.md, "Database timeouts"). */
  ...DatabaseTimeoutsEnv,
  /** 'off' behind a pooler in transaction mode, which cannot keep a connection's prepared statements (docs/scaling.md). */
  ...DatabaseStatementsEnv,
  /** Jobs fetched per poll and queue. */
  WORKER_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /** pg-boss's floor is 0.5 s; queues of timed events are also woken when their next event comes due. */
  WORKER_POLL_SECONDS: z.coerce.number().min(0.5).default(0.5),
  /** Batches of one queue in flight at once in this process (one's round trips overlap another's computing). */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(2),
  /** The least time between two due-time wake-ups of a queue: events due within it are fetched as one batch. */
  WORKER_WAKE_GAP_MS: z.coerce.number().int().min(1).max(1000).default(WAKE_GAP_MS),
  /**
   * A job a worker holds must show a sign of life this often (pg-boss refreshes it at half that while
   * the handler runs); past it the supervisor fails the job back for a retry, so the jobs of a worker
   * killed mid-batch run again within this plus WORKER_MONITOR_SECONDS, or at once when the next
   * worker to start runs on the same machine and no other worker is alive (reclaim.ts). pg-boss's floor is 10 s.
   */
  WORKER_JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).default(30),
  /** How often the supervisor looks for such jobs (and refreshes queue statistics). */
  WORKER_MONITOR_SECONDS: z.coerce.number().int().min(1).default(15),
  /** How often the worker writes its heartbeat; /healthz fails once none is younger than three of these. */
  WORKER_HEARTBEAT_SECONDS: z.coerce.number().min(0.2).max(300).default(5),
  /** Web Push (VAPID, RFC 8292): the key pair scripts/start keeps under .data/ when unset; push is off without them. */
  VAPID_PUBLIC_KEY: VapidKeyEnv,
  VAPID_PRIVATE_KEY: VapidKeyEnv,
  /** Who runs this server, for the push services: a mailto: or https: URL. */
  VAPID_SUBJECT: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^(mailto:|https:)/, 'VAPID_SUBJECT must be a mailto: or https: URL').default('mailto:operator@broodspace.invalid')),
  PUSH_ALLOWED_ORIGINS: PushAllowedOriginsEnv,
  LOG_LEVEL: LogLevelEnv,
  /** The same universe overrides as the api, e.g. {"universe_speed_factor": 500}. */
  UNIVERSE_OVERRIDES: UniverseOverridesEnv,
});

export type WorkerEnv = z.infer<typeof WorkerEnvSchema>;

export function readWorkerEnv(source: NodeJS.ProcessEnv = process.env): WorkerEnv {
  return parseEnv(WorkerEnvSchema, source, 'sim-worker');
}

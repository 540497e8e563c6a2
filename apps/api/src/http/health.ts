import type { FastifyInstance } from 'fastify';
import { currentRelease, liveWorkers, pendingMigrations } from '@brood/world';
import type { ApiDeps } from '../deps';

/**
 * /healthz answers within this whatever the database does (no answer, a full pool, a restart): a
 * balancer or a supervisor reads a hang as nothing at all, and an api stuck on its database must
 * show as unhealthy, not as slow. 300 ms short of the second the answer must arrive in: at exactly
 * a second, every answer given up on the database arrived late (the universe bench's --chaos
 * asked every 200 ms with a 1 s limit and found them over it while the pool was busy).
 */
export const HEALTH_DEADLINE_MS = 700;

type Verdict = { code: 200 | 503; body: Record<string, unknown> };

async function check(deps: ApiDeps): Promise<Verdict> {
  const pending = await pendingMigrations(deps.orm);
  if (pending.length > 0) return { code: 503, body: { status: 'migrating', pending } };
  // Without a live sim-worker nothing due happens (queues, events, notifications): not healthy.
  const workers = await liveWorkers(deps.orm.em);
  if (workers === 0) return { code: 503, body: { status: 'no sim-worker heartbeat', workers } };
  return { code: 200, body: { status: 'ok', workers } };
}

const unreachable = (detail: string): Verdict => ({ code: 503, body: { status: 'database unreachable', detail } });

/**
 * GET /healthz: 200 when the database answers, is migrated and a sim-worker is alive; else 503 saying
 * which. Every answer names the release this api runs (`release: {version, commit}`), so an operator
 * sees an upgrade roll out.
 */
export function registerHealth(app: FastifyInstance, deps: ApiDeps): void {
  app.get('/healthz', async (_req, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<Verdict>((resolve) => {
      timer = setTimeout(() => resolve(unreachable(`The database did not answer within ${HEALTH_DEADLINE_MS} ms (down, restarting, or every pool connection busy).`)), HEALTH_DEADLINE_MS);
    });
    const checked = check(deps).catch((error: unknown) => unreachable(`The database refused or dropped the connection: ${error instanceof Error ? error.message : String(error)}`));
    try {
      const verdict = await Promise.race([checked, deadline]);
      return reply.code(verdict.code).send({ ...verdict.body, release: currentRelease(deps.env.RELEASE_COMMIT) });
    } finally {
      clearTimeout(timer);
    }
  });
}

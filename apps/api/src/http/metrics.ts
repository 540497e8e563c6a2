import cluster from 'node:cluster';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { currentRelease } from '@brood/world';
import type { ApiDeps } from '../deps';
import { registerReplicaMetrics } from '../replica/replica-metrics';
import { metricsText, shareMetrics } from '../cluster';

export const METRICS_PATH = '/metrics';

/** One api process's metrics (docs/operations.md lists each one). */
export interface ApiMetrics {
  registry: Registry;
  socketsOpen: Gauge;
  eventsPushed: Counter;
}

const byApp = new WeakMap<FastifyInstance, ApiMetrics>();

/** The metrics of `app`, for the realtime hub to count sockets and pushed events. */
export function metricsOf(app: FastifyInstance): ApiMetrics | undefined {
  return byApp.get(app);
}

/** Due, running, applied and failed jobs and the oldest due job's wait, per queue, from pg-boss's table. */
const QUEUE_SQL = `
  select name,
         count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as due,
         count(*) filter (where state = 'active')::int as active,
         count(*) filter (where state = 'completed')::int as applied,
         count(*) filter (where state = 'failed')::int as failed,
         coalesce(extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now())), 0)::float8 as lag
    from pgboss.job group by name`;

interface QueueRow {
  name: string;
  due: number;
  active: number;
  applied: number;
  failed: number;
  lag: number;
}

/**
 * GET /metrics in Prometheus's text format: HTTP rate and latency by route, /ws sockets and pushed
 * events, pg-boss queues (read from its tables at scrape time, so any one api shows every worker's
 * work), this process's database pool, and Node's own process metrics. With METRICS_TOKEN set, the
 * scrape must send it as a bearer token.
 */
export function registerMetrics(app: FastifyInstance, deps: ApiDeps): ApiMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const socketsOpen = new Gauge({ name: 'ws_sockets_open', help: 'Open /ws sockets on this process', registers: [registry] });
  const eventsPushed = new Counter({ name: 'ws_events_pushed_total', help: 'Real-time event frames sent to sockets by this process', registers: [registry] });

  const pool = () => (deps.orm.em.getConnection() as PostgreSqlConnection).getNativeClient() as Promise<Pool>;
  const poolGauge = (name: string, help: string, read: (p: Pool) => number) =>
    new Gauge({ name, help, registers: [registry], async collect() { this.set(read(await pool())); } });
  poolGauge('db_pool_connections', 'Connections the database pool holds open', (p) => p.totalCount);
  poolGauge('db_pool_idle', 'Idle connections in the database pool', (p) => p.idleCount);
  poolGauge('db_pool_waiting', 'Queries waiting for a pool connection', (p) => p.waitingCount);
  const release = currentRelease(deps.env.RELEASE_COMMIT);
  new Gauge({ name: 'broodspace_build_info', help: 'Always 1: the release this process runs, in its labels', labelNames: ['version', 'commit'], registers: [registry], aggregator: 'first' }).set({ version: release.version, commit: release.commit }, 1);
  new Gauge({ name: 'db_pool_max', help: 'Largest size of the database pool (DB_POOL_MAX)', registers: [registry] }).set(deps.env.DB_POOL_MAX);
  registerReplicaMetrics(registry, deps.reads);

  let queues: Promise<QueueRow[]> | null = null;
  const queueRows = () => (queues ??= deps.orm.em.getConnection().execute<QueueRow[]>(QUEUE_SQL).finally(() => setTimeout(() => (queues = null), 0)));
  const queueGauge = (name: string, help: string, field: Exclude<keyof QueueRow, 'name'>) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [registry],
      aggregator: 'first', // the database's figure, which every api process reads alike
      async collect() {
        this.reset();
        for (const row of await queueRows()) this.set({ queue: row.name }, Number(row[field]));
      },
    });
  queueGauge('jobs_due', 'Jobs whose time has come and that no worker has taken yet', 'due');
  queueGauge('jobs_active', 'Jobs a worker is applying now', 'active');
  queueGauge('jobs_applied', 'Completed jobs pg-boss still keeps (its retention window)', 'applied');
  queueGauge('jobs_failed', 'Failed jobs pg-boss still keeps (its retention window)', 'failed');
  queueGauge('jobs_lag_seconds', 'How long the oldest due job has waited past its time', 'lag');

  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === METRICS_PATH) return;
    requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    duration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  });

  if (cluster.isWorker) shareMetrics(registry);
  app.get(METRICS_PATH, async (req, reply) => {
    const token = deps.env.METRICS_TOKEN;
    if (token && req.headers.authorization !== `Bearer ${token}`) return reply.code(401).send({ detail: 'Send the metrics token as a bearer token.' });
    try {
      return reply.type(registry.contentType).send(await metricsText(registry));
    } catch (error) {
      return reply.code(503).send({ detail: `The metrics of every api process could not be gathered (${error instanceof Error ? error.message : String(error)}); scrape again.` });
    }
  });

  const metrics = { registry, socketsOpen, eventsPushed };
  byApp.set(app, metrics);
  return metrics;
}

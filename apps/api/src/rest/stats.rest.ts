import type { FastifyInstance } from 'fastify';
import type { ContextFactory } from '../context';
import { restRoute } from './route';

/** GET /api/v1/user_stats/overview. */
export function registerStatsRest(app: FastifyInstance, makeContext: ContextFactory): void {
  restRoute(app, makeContext, 'GET', '/user_stats/overview', (caller) => caller.stats.overview());
}

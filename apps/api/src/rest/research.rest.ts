import type { FastifyInstance } from 'fastify';
import type { ContextFactory } from '../context';
import type { StartResearch } from '../routers/research.router';
import { restRoute } from './route';
import { body, pathText } from './shared';

/** /api/v1 research: the player's queue, start, cancel, and the technologies read. */
export function registerResearchRest(app: FastifyInstance, makeContext: ContextFactory): void {
  restRoute(app, makeContext, 'GET', '/research/queue', (caller) => caller.research.queue());
  restRoute(app, makeContext, 'GET', '/research/technologies', (caller) => caller.research.technologies());
  restRoute(
    app,
    makeContext,
    'POST',
    '/research',
    (caller, req) => {
      const b = body(req);
      return caller.research.start({ tech_key: b.tech_key as string, territory_id_for_cost: b.territory_id_for_cost as StartResearch['territory_id_for_cost'] });
    },
    201,
  );
  restRoute(app, makeContext, 'DELETE', '/research-queue/:id', (caller, req) => caller.research.cancel({ queue_item_id: pathText(req, 'id') }));
}

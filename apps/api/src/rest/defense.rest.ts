import type { FastifyInstance } from 'fastify';
import type { ContextFactory } from '../context';
import { restRoute } from './route';
import { body, pathId, pathText } from './territories.rest';

/** /api/v1 defenses: start a batch, the queue, cancel. */
export function registerDefenseRest(app: FastifyInstance, makeContext: ContextFactory): void {
  restRoute(
    app,
    makeContext,
    'POST',
    '/territories/:id/defenses',
    (caller, req) => {
      const b = body(req);
      return caller.defense.start({ territory_id: pathId(req), defense_key: b.defense_key as string, quantity: b.quantity as number });
    },
    201,
  );
  restRoute(app, makeContext, 'GET', '/territories/:id/defense-queue', (caller, req) => caller.defense.queue({ territory_id: pathId(req) }));
  restRoute(app, makeContext, 'DELETE', '/territories/:id/defense-queue/:queueItemId', (caller, req) =>
    caller.defense.cancel({ territory_id: pathId(req), queue_item_id: pathText(req, 'queueItemId') }),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ContextFactory } from '../context';
import { restRoute } from './route';
import { body, pathId, pathText } from './territories.rest';

/** /api/v1 recruitment: start a batch of units, the queue, cancel. */
export function registerRecruitmentRest(app: FastifyInstance, makeContext: ContextFactory): void {
  restRoute(
    app,
    makeContext,
    'POST',
    '/territories/:id/units',
    (caller, req) => {
      const b = body(req);
      return caller.recruitment.start({ territory_id: pathId(req), unit_key: b.unit_key as string, quantity: b.quantity as number });
    },
    201,
  );
  restRoute(app, makeContext, 'GET', '/territories/:id/recruitment-queue', (caller, req) => caller.recruitment.queue({ territory_id: pathId(req) }));
  restRoute(app, makeContext, 'DELETE', '/territories/:id/recruitment-queue/:queueItemId', (caller, req) =>
    caller.recruitment.cancel({ territory_id: pathId(req), queue_item_id: pathText(req, 'queueItemId') }),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ContextFactory } from '../context';
import { restRoute } from './route';
import { body, pathId, pathText } from './shared';

/** /api/v1 build queue: read, start a structure level, cancel. */
export function registerConstructionRest(app: FastifyInstance, makeContext: ContextFactory): void {
  restRoute(app, makeContext, 'GET', '/territories/:id/build-queue', (caller, req) => caller.construction.queue({ territory_id: pathId(req) }));
  restRoute(
    app,
    makeContext,
    'POST',
    '/territories/:id/structures',
    (caller, req) => caller.construction.start({ territory_id: pathId(req), structure_key: body(req).structure_key as string }),
    201,
  );
  restRoute(app, makeContext, 'DELETE', '/territories/:id/build-queue/:queueItemId', (caller, req) =>
    caller.construction.cancel({ territory_id: pathId(req), queue_item_id: pathText(req, 'queueItemId') }),
  );
}

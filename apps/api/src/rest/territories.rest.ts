import type { FastifyInstance } from 'fastify';
import type { ContextFactory } from '../context';
import { restRoute } from './route';
import { body, pathId } from './shared';

/** /api/v1/territories: list, details, rename, units and defenses at home. */
export function registerTerritoriesRest(app: FastifyInstance, makeContext: ContextFactory): void {
  restRoute(app, makeContext, 'GET', '/territories', (caller) => caller.territories.list());
  restRoute(app, makeContext, 'GET', '/territories/', (caller) => caller.territories.list());
  restRoute(app, makeContext, 'GET', '/territories/:id', (caller, req) => caller.territories.get({ id: pathId(req) }));
  restRoute(app, makeContext, 'PUT', '/territories/:id/name', (caller, req) =>
    caller.territories.rename({ id: pathId(req), name: body(req).name as string }),
  );
  restRoute(app, makeContext, 'GET', '/territories/:id/units', (caller, req) => caller.territories.units({ id: pathId(req) }));
  restRoute(app, makeContext, 'GET', '/territories/:id/defenses', (caller, req) => caller.territories.defenses({ id: pathId(req) }));
}

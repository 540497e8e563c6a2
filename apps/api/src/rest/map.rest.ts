import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ContextFactory } from '../context';
import { restRoute } from './route';

/** A numeric path parameter as given; the procedure's schema refuses what is not a region id. */
function numberParam(req: FastifyRequest, name: string): number {
  return Number((req.params as Record<string, string>)[name]);
}

/** Map and wreckage reads under /api/v1 (social spec 7), each onto its tRPC procedure. */
export function registerMapRest(app: FastifyInstance, makeContext: ContextFactory): void {
  restRoute(app, makeContext, 'GET', '/map/regions-overview', (caller) => caller.map.regionsOverview());
  restRoute(app, makeContext, 'GET', '/map/region/:id/subregions-overview', (caller, req) =>
    caller.map.subregionsOverview({ regionId: numberParam(req, 'id') }),
  );
  restRoute(app, makeContext, 'GET', '/map/region/:id/territories', (caller, req) =>
    caller.map.regionTerritories({ regionId: numberParam(req, 'id') }),
  );
  restRoute(app, makeContext, 'GET', '/wreckage-fields/all', (caller) => caller.wreckage.all());
}

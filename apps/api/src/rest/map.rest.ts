import type { FastifyInstance, FastifyRequest } from 'fastify';
import { everyRegion, everySubregion } from '@brood/world';
import type { ContextFactory } from '../context';
import { mapPayloadRouter } from '../routers/map.router';
import { createCallerFactory } from '../trpc';
import { restRoute } from './route';

const createPayloadCaller = createCallerFactory(mapPayloadRouter);

/** A numeric path parameter as given; the procedure's schema refuses what is not a region id. */
function numberParam(req: FastifyRequest, name: string): number {
  return Number((req.params as Record<string, string>)[name]);
}

/**
 * Map and wreckage reads under /api/v1 (social spec 7), each onto its tRPC procedure; a region's
 * territories onto the pre-serialised one, sent as it is.
 */
export function registerMapRest(app: FastifyInstance, makeContext: ContextFactory): void {
  // The spec's overviews are the whole grid; the procedures answer the ids where anyone is (the web map's read).
  restRoute(app, makeContext, 'GET', '/map/regions-overview', async (caller) => everyRegion(await caller.map.regionsOverview()));
  restRoute(app, makeContext, 'GET', '/map/region/:id/subregions-overview', async (caller, req) =>
    everySubregion(await caller.map.subregionsOverview({ regionId: numberParam(req, 'id') })),
  );
  // A full region answers 24,025 territories: the procedure returns the JSON text, sent as it is.
  restRoute(app, makeContext, 'GET', '/map/region/:id/territories', (_caller, req, ctx) =>
    createPayloadCaller(ctx).regionTerritoriesJson({ regionId: numberParam(req, 'id') }),
  );
  restRoute(app, makeContext, 'GET', '/wreckage-fields/all', (caller) => caller.wreckage.all());
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ContextFactory } from '../context';
import { restRoute } from './route';

type Params = { id?: string; queueItemId?: string };
type Body = Record<string, unknown> | null | undefined;

/** A path id as a number: NaN for junk, which the procedure's schema refuses with a 422. */
export function pathId(req: FastifyRequest, name: keyof Params = 'id'): number {
  const raw = (req.params as Params)[name];
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
}

export function pathText(req: FastifyRequest, name: keyof Params): string {
  return (req.params as Params)[name] ?? '';
}

export function body(req: FastifyRequest): Record<string, unknown> {
  const b = req.body as Body;
  return b && typeof b === 'object' ? b : {};
}

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

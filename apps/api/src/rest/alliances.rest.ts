import type { FastifyInstance } from 'fastify';
import type { ContextFactory } from '../context';
import type { ListAlliances } from '../routers/alliances.router';
import { restRoute } from './route';
import { body, pathId } from './shared';

type Text = string | null | undefined;

/** /api/v1/alliances: the paths of spec social §7. */
export function registerAlliancesRest(app: FastifyInstance, makeContext: ContextFactory): void {
  for (const path of ['/alliances', '/alliances/']) {
    restRoute(app, makeContext, 'GET', path, (caller, req) => caller.alliances.list(req.query as ListAlliances));
    restRoute(app, makeContext, 'POST', path, (caller, req) => {
      const b = body(req);
      return caller.alliances.create({ name: b.name as Text, tag: b.tag as Text, description: b.description as Text });
    }, 201);
  }
  restRoute(app, makeContext, 'POST', '/alliances/leave', (caller) => caller.alliances.leave());
  restRoute(app, makeContext, 'PUT', '/alliances/applications/:id', (caller, req) =>
    caller.alliances.decide({ id: pathId(req), status: body(req).status as string }),
  );
  restRoute(app, makeContext, 'POST', '/alliances/members/:id/kick', (caller, req) => caller.alliances.kick({ id: pathId(req) }));
  restRoute(app, makeContext, 'PUT', '/alliances/members/:id/rank', (caller, req) =>
    caller.alliances.setRank({ id: pathId(req), rank: body(req).rank as string }),
  );
  restRoute(app, makeContext, 'POST', '/alliances/transfer-leadership/:id', (caller, req) => caller.alliances.transferLeadership({ id: pathId(req) }));
  restRoute(app, makeContext, 'GET', '/alliances/:id', (caller, req) => caller.alliances.get({ id: pathId(req) }));
  restRoute(app, makeContext, 'PUT', '/alliances/:id', (caller, req) => caller.alliances.update({ id: pathId(req), description: body(req).description as Text }));
  restRoute(app, makeContext, 'DELETE', '/alliances/:id', (caller, req) => caller.alliances.disband({ id: pathId(req) }));
  restRoute(
    app,
    makeContext,
    'POST',
    '/alliances/:id/applications',
    (caller, req) => caller.alliances.submitApplication({ id: pathId(req), message: body(req).message as Text }),
    201,
  );
  restRoute(app, makeContext, 'GET', '/alliances/:id/applications', (caller, req) => caller.alliances.applications({ id: pathId(req) }));
}

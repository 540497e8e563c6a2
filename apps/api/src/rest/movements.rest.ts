import type { FastifyInstance } from 'fastify';
import type { ContextFactory } from '../context';
import type { AcceptInvitation, GatherStation, SendMovement } from '../routers/movements.router';
import { restRoute } from './route';
import { body, pathId, pathText } from './shared';

/** /api/v1/movements: active fleets, send, gather, recall, cancel an allied stationing, multi-party invitations. */
export function registerMovementsRest(app: FastifyInstance, makeContext: ContextFactory): void {
  restRoute(app, makeContext, 'GET', '/movements/active', (caller) => caller.movements.active());
  restRoute(app, makeContext, 'POST', '/movements', (caller, req) => caller.movements.send(body(req) as SendMovement), 201);
  restRoute(app, makeContext, 'POST', '/movements/gather-station', (caller, req) => caller.movements.gatherStation(body(req) as GatherStation));
  restRoute(app, makeContext, 'POST', '/movements/:id/recall', (caller, req) => caller.movements.recall({ movement_id: pathText(req, 'id') }));
  restRoute(app, makeContext, 'POST', '/movements/:id/cancel-stationing', (caller, req) =>
    caller.movements.cancelStationing({ movement_id: pathText(req, 'id') }),
  );
  restRoute(app, makeContext, 'POST', '/movements/:id/invite', (caller, req) =>
    caller.movements.invite({ movement_id: pathText(req, 'id'), invited_user_username: body(req).invited_user_username as string }),
  );
  restRoute(app, makeContext, 'POST', '/movements/invitations/:id/accept', (caller, req) =>
    caller.movements.acceptInvitation({ ...(body(req) as Omit<AcceptInvitation, 'invitation_id'>), invitation_id: pathId(req) }),
  );
  restRoute(app, makeContext, 'POST', '/movements/invitations/:id/decline', (caller, req) => caller.movements.declineInvitation({ invitation_id: pathId(req) }));
}

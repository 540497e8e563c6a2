import type { FastifyInstance } from 'fastify';
import type { ContextFactory } from '../context';
import type { Claim, DeleteAccount, SetAvatar } from '../routers/users.router';
import { restRoute } from './route';

/** /api/v1/users/me: profile, avatar, guest claim, export, deletion. */
export function registerUsersRest(app: FastifyInstance, makeContext: ContextFactory): void {
  restRoute(app, makeContext, 'GET', '/users/me', (caller) => caller.users.me());
  restRoute(app, makeContext, 'PUT', '/users/me/avatar', (caller, req) => caller.users.setAvatar((req.body ?? {}) as SetAvatar));
  restRoute(app, makeContext, 'POST', '/users/me/claim', (caller, req) => caller.users.claim((req.body ?? {}) as Claim));
  restRoute(app, makeContext, 'GET', '/users/me/export', (caller) => caller.users.export());
  restRoute(app, makeContext, 'DELETE', '/users/me', (caller, req) => caller.users.delete((req.body ?? {}) as DeleteAccount));
  restRoute(app, makeContext, 'POST', '/users/me/vacation', (caller) => caller.users.startVacation());
  restRoute(app, makeContext, 'DELETE', '/users/me/vacation', (caller) => caller.users.endVacation());
}

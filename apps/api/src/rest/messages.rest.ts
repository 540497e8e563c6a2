import type { FastifyInstance } from 'fastify';
import type { ContextFactory } from '../context';
import type { ListMessages } from '../routers/messages.router';
import type { SearchPlayers } from '../routers/players.router';
import { restRoute } from './route';
import { body, pathId } from './shared';

const str = (v: unknown) => v as string;

/** /api/v1 messages, alliance circulars, players and buddies (issue 28). */
export function registerMessagesRest(app: FastifyInstance, makeContext: ContextFactory): void {
  restRoute(app, makeContext, 'POST', '/messages', (c, req) => c.messages.send({ recipient_username: str(body(req).recipient_username), subject: str(body(req).subject), body: str(body(req).body) }), 201);
  restRoute(app, makeContext, 'GET', '/messages', (c, req) => c.messages.list(req.query as ListMessages));
  restRoute(app, makeContext, 'GET', '/messages/unread-count', (c) => c.messages.unreadCount());
  restRoute(app, makeContext, 'POST', '/messages/:id/read', (c, req) => c.messages.read({ id: pathId(req) }));
  restRoute(app, makeContext, 'DELETE', '/messages/:id', (c, req) => c.messages.remove({ id: pathId(req) }));
  restRoute(app, makeContext, 'POST', '/messages/:id/report', (c, req) => c.messages.report({ id: pathId(req) }), 201);
  restRoute(app, makeContext, 'POST', '/alliances/:id/circular', (c, req) => {
    const b = body(req);
    return c.messages.circular({ id: pathId(req), subject: str(b.subject), body: str(b.body), rank: b.rank as 'MEMBER' | undefined });
  }, 201);
  restRoute(app, makeContext, 'GET', '/players', (c, req) => c.players.search(req.query as SearchPlayers));
  restRoute(app, makeContext, 'GET', '/players/:id', (c, req) => c.players.get({ id: pathId(req) }));
  restRoute(app, makeContext, 'POST', '/players/:id/block', (c, req) => c.players.block({ id: pathId(req) }));
  restRoute(app, makeContext, 'DELETE', '/players/:id/block', (c, req) => c.players.unblock({ id: pathId(req) }));
  restRoute(app, makeContext, 'GET', '/buddies', (c) => c.buddies.list());
  restRoute(app, makeContext, 'POST', '/buddies', (c, req) => c.buddies.request({ username: str(body(req).username) }), 201);
  restRoute(app, makeContext, 'POST', '/buddies/requests/:id/accept', (c, req) => c.buddies.accept({ id: pathId(req) }));
  restRoute(app, makeContext, 'POST', '/buddies/requests/:id/decline', (c, req) => c.buddies.decline({ id: pathId(req) }));
  restRoute(app, makeContext, 'DELETE', '/buddies/:id', (c, req) => c.buddies.remove({ id: pathId(req) }));
}

import type { FastifyInstance } from 'fastify';
import type { ContextFactory } from '../context';
import type { ListNotifications } from '../routers/notifications.router';
import { restRoute } from './route';

/** /api/v1/notifications: the list, the unread count, mark one read, mark all read. */
export function registerNotificationsRest(app: FastifyInstance, makeContext: ContextFactory): void {
  for (const path of ['/notifications/', '/notifications']) {
    // Query values are text here; the procedure's schema reads 'true', '20' and 'A,B' as well as typed values.
    restRoute(app, makeContext, 'GET', path, (caller, req) => caller.notifications.list(req.query as ListNotifications));
  }
  restRoute(app, makeContext, 'GET', '/notifications/unread-count', (caller) => caller.notifications.unreadCount());
  restRoute(app, makeContext, 'POST', '/notifications/read-all', (caller) => caller.notifications.markAllRead());
  restRoute(app, makeContext, 'POST', '/notifications/:id/read', (caller, req) =>
    caller.notifications.markRead({ id: (req.params as { id: string }).id }),
  );
}

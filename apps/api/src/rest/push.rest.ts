import type { FastifyInstance } from 'fastify';
import type { ContextFactory } from '../context';
import type { PushPreferencesBody, PushSubscriptionBody } from '../routers/push.router';
import { restRoute } from './route';

/** /api/v1/push: the VAPID public key, the browser's subscription, the switches per kind. */
export function registerPushRest(app: FastifyInstance, makeContext: ContextFactory): void {
  restRoute(app, makeContext, 'GET', '/push/public-key', (caller) => caller.push.publicKey());
  restRoute(app, makeContext, 'POST', '/push/subscriptions', (caller, req) => caller.push.subscribe(req.body as PushSubscriptionBody), 201);
  restRoute(app, makeContext, 'DELETE', '/push/subscriptions', (caller, req) => caller.push.unsubscribe(req.body as { endpoint: string }));
  restRoute(app, makeContext, 'GET', '/push/preferences', (caller) => caller.push.preferences());
  restRoute(app, makeContext, 'PUT', '/push/preferences', (caller, req) => caller.push.setPreferences(req.body as PushPreferencesBody));
}

import type { FastifyInstance } from 'fastify';
import type { ContextFactory } from '../context';
import { registerMapRest } from './map.rest';
import { registerNotificationsRest } from './notifications.rest';

/** Every /api/v1 adapter, one file per domain (rest/<domain>.rest.ts). */
export function registerRest(app: FastifyInstance, makeContext: ContextFactory): void {
  void app;
  void makeContext;
  registerMapRest(app, makeContext);
  registerNotificationsRest(app, makeContext);
}

import type { FastifyInstance } from 'fastify';
import type { ContextFactory } from '../context';
import { highscoresPayloadRouter, type ListHighscores, type OwnHighscoreInput } from '../routers/highscores.router';
import { createCallerFactory } from '../trpc';
import { restRoute } from './route';

const createPayloadCaller = createCallerFactory(highscoresPayloadRouter);

/**
 * /api/v1/highscores: a page (skip, limit, sort_by) and the player's own place (/highscores/me), onto
 * the procedures that answer JSON text (a kept page is sent, and compressed, as it is).
 */
export function registerHighscoresRest(app: FastifyInstance, makeContext: ContextFactory): void {
  for (const path of ['/highscores', '/highscores/']) {
    restRoute(app, makeContext, 'GET', path, (_caller, req, ctx) => createPayloadCaller(ctx).listJson(req.query as ListHighscores));
  }
  restRoute(app, makeContext, 'GET', '/highscores/me', (_caller, req, ctx) => createPayloadCaller(ctx).meJson(req.query as OwnHighscoreInput));
}

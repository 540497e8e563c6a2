import type { FastifyInstance } from 'fastify';
import type { ContextFactory } from '../context';
import type { ListHighscores, OwnHighscoreInput } from '../routers/highscores.router';
import { restRoute } from './route';

/** /api/v1/highscores: a page (skip, limit, sort_by) and the player's own place (/highscores/me). */
export function registerHighscoresRest(app: FastifyInstance, makeContext: ContextFactory): void {
  for (const path of ['/highscores', '/highscores/']) {
    restRoute(app, makeContext, 'GET', path, (caller, req) => caller.highscores.list(req.query as ListHighscores));
  }
  restRoute(app, makeContext, 'GET', '/highscores/me', (caller, req) => caller.highscores.me(req.query as OwnHighscoreInput));
}

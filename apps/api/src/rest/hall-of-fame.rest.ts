import type { FastifyInstance } from 'fastify';
import type { ContextFactory } from '../context';
import type { ListComments, ListEntries } from '../routers/hall-of-fame.router';
import { restRoute } from './route';
import { body, pathId } from './shared';

/** /api/v1/halloffame: entries and their comments (spec social §7). */
export function registerHallOfFameRest(app: FastifyInstance, makeContext: ContextFactory): void {
  restRoute(app, makeContext, 'GET', '/halloffame/entries', (caller, req) => caller.hallOfFame.entries(req.query as ListEntries));
  restRoute(app, makeContext, 'GET', '/halloffame/entries/:id', (caller, req) => caller.hallOfFame.entry({ id: pathId(req) }));
  restRoute(app, makeContext, 'GET', '/halloffame/entries/:id/comments', (caller, req) =>
    caller.hallOfFame.comments({ ...(req.query as Omit<ListComments, 'id'>), id: pathId(req) }),
  );
  restRoute(
    app,
    makeContext,
    'POST',
    '/halloffame/entries/:id/comments',
    (caller, req) => caller.hallOfFame.addComment({ id: pathId(req), comment_text: body(req).comment_text as string }),
    201,
  );
}

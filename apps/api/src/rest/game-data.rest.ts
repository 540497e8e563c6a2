import type { FastifyInstance } from 'fastify';
import type { ContextFactory } from '../context';
import { restRoute } from './route';

/** GET /api/v1/game-data/all: the static catalogue. */
export function registerGameDataRest(app: FastifyInstance, makeContext: ContextFactory): void {
  restRoute(app, makeContext, 'GET', '/game-data/all', (caller) => caller.gameData.all());
}

import type { FastifyRequest } from 'fastify';
import { ReadMemo } from '@brood/world';
import type { ApiDeps } from './deps';
import type { Ctx } from './trpc';

export type ContextFactory = (req: FastifyRequest) => Promise<Ctx>;

function bearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Builds the per-request context: a fresh EntityManager, and the user from the bearer token. A GET
 * (the web app's batch of queries for a screen, or a REST read) reads one instant, and its queries
 * share what they read (ReadMemo: the settled territories, a territory's queues, the technology
 * levels), and the queues and fleet lists kept between requests (deps.kept). A mutation keeps a live clock: a command may wait on a lock and must then act at a later
 * instant.
 */
export function contextFactory(deps: ApiDeps): ContextFactory {
  return async (req) => {
    const token = bearer(req);
    let user: Ctx['user'] = null;
    let authError: string | null = null;
    if (token) {
      const verified = await deps.tokens.verify(token);
      if ('user' in verified) user = verified.user;
      else authError = verified.error;
    }
    const at = req.method === 'GET' ? new Date() : null;
    const now = at ? () => at : () => new Date();
    return { deps, em: deps.orm.em.fork(), user, authError, ip: req.ip, now, reads: at ? new ReadMemo(deps.kept) : undefined };
  };
}

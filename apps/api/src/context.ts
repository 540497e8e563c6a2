import type { FastifyRequest } from 'fastify';
import type { ApiDeps } from './deps';
import type { Ctx } from './trpc';

export type ContextFactory = (req: FastifyRequest) => Promise<Ctx>;

function bearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** Builds the per-request context: a fresh EntityManager, and the user from the bearer token. */
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
    return { deps, em: deps.orm.em.fork(), user, authError, ip: req.ip, now: () => new Date() };
  };
}

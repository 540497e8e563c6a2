import type { EntityManager } from '@brood/world';
import type { Ctx } from '../trpc';

/**
 * The one way a read leaves the primary (docs/architecture.md, "Which database a read asks"): `read`
 * runs on the DATABASE_READ_URL replica, which may be a few seconds behind, or on the primary when
 * there is none or it does not answer. Only for what every player sees alike and nobody just changed
 * (map overviews and regions, wreckage, highscore pages, the Hall of Fame's list, alliance and player search);
 * commands, and reads of what the player just changed (their territories, queues, fleets,
 * notifications, messages, /users/me), use `ctx.em`, the primary.
 */
export function staleOk<T>(ctx: Pick<Ctx, 'deps' | 'em'>, read: (em: EntityManager) => Promise<T>): Promise<T> {
  return ctx.deps.reads.run(ctx.em, read);
}

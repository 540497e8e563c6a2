import { z } from 'zod';
import { territoryIdField } from '@brood/contracts';
import type { WorldDeps } from '@brood/world';
import type { Ctx } from '../trpc';

/** What every domain's router shares: the world's deps from a request, and the id fields many inputs hold. */

/** The economy commands' deps from a request: its EntityManager, the catalogue, pg-boss, and a GET's shared reads. */
export function worldDeps(ctx: Ctx): WorldDeps {
  return { em: ctx.em, catalogue: ctx.deps.catalogue, boss: ctx.deps.boss, reads: ctx.reads };
}

/** A territory id, declared with the dispatch input in contracts. */
export { territoryIdField };
export const queueItemIdField = z.string({ error: 'Queue item id is required' }).min(1, 'Queue item id is required').max(64, 'Queue item id is too long');

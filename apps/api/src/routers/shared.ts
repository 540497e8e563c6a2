import { z } from 'zod';
import type { WorldDeps } from '@brood/world';
import type { Ctx } from '../trpc';

/** What every domain's router shares: the world's deps from a request, and the id fields many inputs hold. */

/** The economy commands' deps from a request: its EntityManager, the catalogue, pg-boss. */
export function worldDeps(ctx: Ctx): WorldDeps {
  return { em: ctx.em, catalogue: ctx.deps.catalogue, boss: ctx.deps.boss };
}

const required = (what: string) => (issue: { input: unknown }) => (issue.input === undefined ? 'Field required' : `${what} must be a number`);

/** A territory id (REST passes the path segment converted with Number, so junk arrives as NaN and is refused here). */
export const territoryIdField = z.number({ error: required('Territory id') }).int('Territory id must be a whole number').positive('Territory id must be positive').max(2_147_483_647, 'Territory not found');
export const queueItemIdField = z.string({ error: 'Queue item id is required' }).min(1, 'Queue item id is required').max(64, 'Queue item id is too long');

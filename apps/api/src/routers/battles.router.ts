import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import { BATTLE_NOT_FOUND, battleFor, replayBattle } from '@brood/world';
import { protectedProcedure } from '../trpc';

const battleId = z.coerce.number({ error: 'Battle id must be a number' }).int('Battle id must be a whole number').positive('Battle id must be positive').max(Number.MAX_SAFE_INTEGER, BATTLE_NOT_FOUND);

/**
 * Stored battles, for their participants: `get` reads one (the page a shared battle link opens),
 * `replay` re-runs it from its input and seed and says whether the report comes out the same.
 */
export const battlesRouter = {
  get: protectedProcedure.input(z.object({ battle_id: battleId })).query(({ ctx, input }) => battleFor(ctx.em, input.battle_id, ctx.user.id)),
  replay: protectedProcedure.input(z.object({ battle_id: battleId })).query(({ ctx, input }) => replayBattle(ctx.em, input.battle_id, ctx.user.id)),
} satisfies TRPCRouterRecord;

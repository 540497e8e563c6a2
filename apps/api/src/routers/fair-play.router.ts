import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import { fairPlayView } from '@brood/world';
import { protectedProcedure } from '../trpc';

/** At most one page of highscores or one map's owners' worth of players per call. */
const MAX_PLAYERS = 200;

export const FairPlayPlayersSchema = z.object({
  user_ids: z.array(z.number().int().positive()).max(MAX_PLAYERS, `At most ${MAX_PLAYERS} players per call.`),
});
export type FairPlayPlayersInput = z.infer<typeof FairPlayPlayersSchema>;

/**
 * Fair play as the web decides it before sending (docs/game-rules.md "Fair play"): the viewer and the
 * asked players (points, inactivity, vacation), on which the army panel, the map and the highscores
 * run game-core's canAttack and playerMarkers, the same rules the server's dispatch runs.
 */
export const fairPlayRouter = {
  players: protectedProcedure.input(FairPlayPlayersSchema).query(({ ctx, input }) => fairPlayView(ctx.em, ctx.deps.catalogue, ctx.user.id, input.user_ids, ctx.now())),
} satisfies TRPCRouterRecord;

import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import { fairPlayView } from '@brood/world';
import { protectedProcedure } from '../trpc';

/** At most one page of highscores or one map's owners' worth of players per call. */
const MAX_PLAYERS = 200;

export const FairPlayPlayersSchema = z.object({
  // A player id is a PostgreSQL integer: a larger number names no player (and must not reach the query).
  user_ids: z
    .array(z.number().int('A player id is a whole number.').positive('A player id is positive.').max(2_147_483_647, 'Player not found.'))
    .max(MAX_PLAYERS, `At most ${MAX_PLAYERS} players per call.`),
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

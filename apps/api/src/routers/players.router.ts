import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import { blockPlayer, playerProfile, searchPlayerNames, unblockPlayer } from '@brood/world';
import { protectedProcedure } from '../trpc';
import { worldDeps } from './shared';
import { staleOk } from './stale-ok';

/** Players (issue 28): search by name, the profile card, block and unblock. */

export const playerIdField = z.coerce.number({ error: 'Player id must be a number' }).int('Player id must be a whole number').positive('Player id must be positive').max(2_147_483_647, 'Player not found.');
export const SearchPlayersSchema = z.object({
  search: z.string({ error: 'Type part of a name.' }).max(50, 'No player has a name that long.').default(''),
  skip: z.coerce.number().int().min(0, 'skip must be 0 or more').max(10_000, 'skip must be at most 10000').default(0),
  // Ten by default: each row's exact rank is a count inside its score bucket (about a millisecond each on 100,000 players).
  limit: z.coerce.number().int().min(1, 'limit must be between 1 and 50').max(50, 'limit must be between 1 and 50').default(10),
});
export type SearchPlayers = z.input<typeof SearchPlayersSchema>;
export const PlayerIdSchema = z.object({ id: playerIdField });

export const playersRouter = {
  search: protectedProcedure.input(SearchPlayersSchema).query(({ ctx, input }) => staleOk(ctx, (em) => searchPlayerNames(em, input))),
  get: protectedProcedure.input(PlayerIdSchema).query(({ ctx, input }) => playerProfile(ctx.em, ctx.user, input.id)),
  block: protectedProcedure.input(PlayerIdSchema).mutation(({ ctx, input }) => blockPlayer(worldDeps(ctx), ctx.user, input, ctx.now())),
  unblock: protectedProcedure.input(PlayerIdSchema).mutation(({ ctx, input }) => unblockPlayer(worldDeps(ctx), ctx.user, input)),
} satisfies TRPCRouterRecord;

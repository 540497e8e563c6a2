import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import { HIGHSCORE_PAGE_SIZE, HIGHSCORE_SORT_KEYS, listHighscores, ownHighscore } from '@brood/world';
import { protectedProcedure } from '../trpc';

const sortBy = z.enum(HIGHSCORE_SORT_KEYS, { error: `sort_by must be one of ${HIGHSCORE_SORT_KEYS.join(', ')}` }).default('rank');
const limit = z.coerce.number().int().min(1, 'limit must be between 1 and 100').max(HIGHSCORE_PAGE_SIZE, 'limit must be between 1 and 100').default(HIGHSCORE_PAGE_SIZE);

export const ListHighscoresSchema = z.object({ skip: z.coerce.number().int().min(0, 'skip must be 0 or more').max(10_000_000).default(0), limit, sort_by: sortBy });
export type ListHighscores = z.input<typeof ListHighscoresSchema>;
export const OwnHighscoreSchema = z.object({ limit, sort_by: sortBy });
export type OwnHighscoreInput = z.input<typeof OwnHighscoreSchema>;

/** Highscores (spec social §2.8): a page in any ordering, and the player's own place without paging. */
export const highscoresRouter = {
  list: protectedProcedure.input(ListHighscoresSchema.optional()).query(({ ctx, input }) => listHighscores(ctx.em, input ?? ListHighscoresSchema.parse({}))),
  me: protectedProcedure.input(OwnHighscoreSchema.optional()).query(({ ctx, input }) => ownHighscore(ctx.em, ctx.user.id, input ?? OwnHighscoreSchema.parse({}))),
} satisfies TRPCRouterRecord;

import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import { HIGHSCORE_PAGE_SIZE, HIGHSCORE_SORT_KEYS, keptHighscorePage, keptOwnHighscore } from '@brood/world';
import { protectedProcedure, router } from '../trpc';
import { staleOk } from './stale-ok';

const sortBy = z.enum(HIGHSCORE_SORT_KEYS, { error: `sort_by must be one of ${HIGHSCORE_SORT_KEYS.join(', ')}` }).default('rank');
const limit = z.coerce.number().int().min(1, 'limit must be between 1 and 100').max(HIGHSCORE_PAGE_SIZE, 'limit must be between 1 and 100').default(HIGHSCORE_PAGE_SIZE);

export const ListHighscoresSchema = z.object({ skip: z.coerce.number().int().min(0, 'skip must be 0 or more').max(10_000_000).default(0), limit, sort_by: sortBy });
export type ListHighscores = z.input<typeof ListHighscoresSchema>;
export const OwnHighscoreSchema = z.object({ limit, sort_by: sortBy });
export type OwnHighscoreInput = z.input<typeof OwnHighscoreSchema>;

const listInput = ListHighscoresSchema.optional().transform((input) => input ?? ListHighscoresSchema.parse({}));
const ownInput = OwnHighscoreSchema.optional().transform((input) => input ?? OwnHighscoreSchema.parse({}));

/**
 * Highscores (spec social §2.8): a page in any ordering, and the player's own place without paging.
 * Pages are kept by the api for up to a second (world's highscores-kept.ts) and read from the replica
 * when there is one; the own rank is fresh, from the primary.
 */
export const highscoresRouter = {
  list: protectedProcedure.input(listInput).query(async ({ ctx, input }) => (await staleOk(ctx, (em) => keptHighscorePage(em, input))).entries),
  me: protectedProcedure.input(ownInput).query(async ({ ctx, input }) => (await keptOwnHighscore(ctx.em, ctx.user.id, input)).view),
} satisfies TRPCRouterRecord;

/**
 * The same reads (same guard, same input checks, same answers) as their JSON text, which the REST
 * adapter sends as it is: a kept page is serialised and compressed once, not per request. Not part of
 * the app router, so not on the /trpc wire; only GET /api/v1/highscores and /highscores/me call it.
 */
export const highscoresPayloadRouter = router({
  listJson: protectedProcedure.input(listInput).query(async ({ ctx, input }) => (await staleOk(ctx, (em) => keptHighscorePage(em, input))).json),
  meJson: protectedProcedure.input(ownInput).query(async ({ ctx, input }) => (await keptOwnHighscore(ctx.em, ctx.user.id, input)).json),
});

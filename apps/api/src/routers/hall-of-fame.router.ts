import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import { COMMENTS_PAGE_SIZE, HALL_OF_FAME_PAGE_SIZE, hallOfFameEntry, listHallOfFame, listHallOfFameComments, postHallOfFameComment } from '@brood/world';
import { protectedProcedure, publicProcedure } from '../trpc';
import { worldDeps } from './shared';
import { staleOk } from './stale-ok';

const skip = z.coerce.number().int().min(0, 'skip must be 0 or more').max(1_000_000).default(0);
const limit = (max: number) => z.coerce.number().int().min(1, `limit must be between 1 and ${max}`).max(max, `limit must be between 1 and ${max}`).default(max);
const entryId = z.coerce.number({ error: 'Entry id must be a number' }).int('Entry id must be a whole number').positive('Entry id must be positive').max(2_147_483_647, 'Hall of Fame entry not found.');

export const ListEntriesSchema = z.object({ skip, limit: limit(HALL_OF_FAME_PAGE_SIZE), cursor: z.number().int().min(0).nullish() });
export type ListEntries = z.input<typeof ListEntriesSchema>;
export const EntrySchema = z.object({ id: entryId });
export const ListCommentsSchema = z.object({ id: entryId, skip, limit: limit(COMMENTS_PAGE_SIZE), cursor: z.number().int().min(0).nullish() });
export type ListComments = z.input<typeof ListCommentsSchema>;
export const PostCommentSchema = z.object({ id: entryId, comment_text: z.string({ error: 'Comment text must not be empty.' }).max(5000, 'Comment must be at most 1000 characters.') });

/** The Hall of Fame (spec social §2.9, §5.5): entries and comments read without login; posting needs it. */
export const hallOfFameRouter = {
  entries: publicProcedure.input(ListEntriesSchema.optional()).query(({ ctx, input }) => {
    const { cursor, ...q } = input ?? ListEntriesSchema.parse({});
    return staleOk(ctx, (em) => listHallOfFame(em, { ...q, skip: cursor ?? q.skip }));
  }),
  /** One entry with its report: what a shared Hall of Fame link opens, for anyone. From the primary: a battle's notification links to its new entry. */
  entry: publicProcedure.input(EntrySchema).query(({ ctx, input }) => hallOfFameEntry(ctx.em, input.id)),
  /** From the primary: a player who just posted a comment reads it back here. */
  comments: publicProcedure.input(ListCommentsSchema).query(({ ctx, input }) =>
    listHallOfFameComments(ctx.em, { entry_id: input.id, skip: input.cursor ?? input.skip, limit: input.limit }),
  ),
  addComment: protectedProcedure
    .input(PostCommentSchema)
    .mutation(({ ctx, input }) => postHallOfFameComment(worldDeps(ctx), ctx.user, { entry_id: input.id, comment_text: input.comment_text }, ctx.now())),
} satisfies TRPCRouterRecord;

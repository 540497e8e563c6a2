import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import { deleteMessage, listMessages, markMessageRead, reportMessage, sendCircular, sendMessage, unreadMessageCount } from '@brood/world';
import { protectedProcedure, type Ctx } from '../trpc';
import { worldDeps } from './shared';

/** Messages (issue 28): private messages, alliance circulars, read, delete for oneself, report to operators. */

// Generous bounds here; the universe's lengths (messages.*_max_length) are checked by the command with their sentence.
const subject = z.string({ error: 'Subject is required.' }).max(1000, 'Subject is too long.');
const text = z.string({ error: 'Message text is required.' }).max(20_000, 'Message is too long.');
export const messageId = z.coerce.number({ error: 'Message id must be a number' }).int('Message id must be a whole number').positive('Message id must be positive').max(Number.MAX_SAFE_INTEGER, 'Message not found.');
const pageSize = (ctx: Ctx) => ctx.deps.catalogue.universe.messages.page_size;

export const SendMessageSchema = z.object({
  recipient_username: z.string({ error: 'Write the name of the player to write to.' }).trim().min(1, 'Write the name of the player to write to.').max(50, 'No player has a name that long.'),
  subject,
  body: text,
});
export type SendMessage = z.input<typeof SendMessageSchema>;
export const ListMessagesSchema = z.object({
  folder: z.enum(['inbox', 'sent'], { error: 'Folder must be inbox or sent.' }).default('inbox'),
  skip: z.coerce.number().int().min(0, 'skip must be 0 or more').max(1_000_000, 'skip must be at most 1000000').default(0),
  limit: z.coerce.number().int().min(1, 'limit must be between 1 and 100').max(100, 'limit must be between 1 and 100').optional(),
});
export type ListMessages = z.input<typeof ListMessagesSchema>;
export const MessageIdSchema = z.object({ id: messageId });
export const CircularSchema = z.object({
  id: z.coerce.number({ error: 'Alliance id must be a number' }).int('Alliance id must be a whole number').positive('Alliance id must be positive').max(2_147_483_647, 'Alliance not found.'),
  subject,
  body: text,
  rank: z.enum(['LEADER', 'OFFICER', 'MEMBER'], { error: 'Rank must be LEADER, OFFICER or MEMBER.' }).optional(),
});
export type Circular = z.input<typeof CircularSchema>;

export const messagesRouter = {
  send: protectedProcedure.input(SendMessageSchema).mutation(({ ctx, input }) => sendMessage(worldDeps(ctx), ctx.user, input, ctx.now())),
  list: protectedProcedure.input(ListMessagesSchema).query(({ ctx, input }) => listMessages(ctx.em, ctx.user, { ...input, limit: input.limit ?? pageSize(ctx) })),
  unreadCount: protectedProcedure.query(({ ctx }) => unreadMessageCount(ctx.em, ctx.user)),
  read: protectedProcedure.input(MessageIdSchema).mutation(({ ctx, input }) => markMessageRead(worldDeps(ctx), ctx.user, input)),
  remove: protectedProcedure.input(MessageIdSchema).mutation(({ ctx, input }) => deleteMessage(worldDeps(ctx), ctx.user, input)),
  report: protectedProcedure.input(MessageIdSchema).mutation(({ ctx, input }) => reportMessage(worldDeps(ctx), ctx.user, input, ctx.now())),
  circular: protectedProcedure
    .input(CircularSchema)
    .mutation(({ ctx, input }) => sendCircular(worldDeps(ctx), ctx.user, { alliance_id: input.id, subject: input.subject, body: input.body, rank: input.rank }, ctx.now())),
} satisfies TRPCRouterRecord;

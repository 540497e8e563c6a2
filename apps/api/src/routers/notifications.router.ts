import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import {
  MESSAGE_TYPES,
  countUnreadNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '@brood/world';
import { protectedProcedure } from '../trpc';

/** Query strings arrive as text over REST; typed values over tRPC. Both pass the same schema. */
const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');
const typeList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
  z.array(z.enum(MESSAGE_TYPES, { error: 'Unknown notification type' })).max(MESSAGE_TYPES.length),
);

export const ListNotificationsSchema = z.object({
  include_read: flag.default(false),
  limit: z.coerce.number().int().min(1, 'limit must be between 1 and 100').max(100, 'limit must be between 1 and 100').default(20),
  skip: z.coerce.number().int().min(0, 'skip must be 0 or more').default(0),
  message_types: typeList.optional(),
  /** Set by tRPC infinite queries: the offset of the next page (overrides skip). */
  cursor: z.number().int().min(0).nullish(),
});
export type ListNotifications = z.input<typeof ListNotificationsSchema>;

export const NotificationIdSchema = z.object({ id: z.string().min(1).max(64) });

export const notificationsRouter = {
  list: protectedProcedure
    .input(ListNotificationsSchema.optional())
    .query(({ ctx, input }) => {
      const { cursor, ...query } = input ?? ListNotificationsSchema.parse({});
      return listNotifications(ctx.em, ctx.user, { ...query, skip: cursor ?? query.skip });
    }),
  unreadCount: protectedProcedure.query(({ ctx }) => countUnreadNotifications(ctx.em, ctx.user)),
  markRead: protectedProcedure.input(NotificationIdSchema).mutation(({ ctx, input }) => markNotificationRead(ctx.em, ctx.user, input.id)),
  markAllRead: protectedProcedure.mutation(({ ctx }) => markAllNotificationsRead(ctx.em, ctx.user)),
} satisfies TRPCRouterRecord;

import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/postgresql';
import type { MessageType } from '@brood/contracts';
import { User } from './user.entity';

/** The one list of notification types lives in @brood/contracts, where the web app reads it too. */
export { MESSAGE_TYPES, type MessageType } from '@brood/contracts';

/**
 * What a notification carries: a report object, a plain sentence, or nothing (the spec allows text,
 * object, null or an empty object; the card renders each case).
 */
export type NotificationContent = Record<string, unknown> | string | null;

export const NotificationSchema = defineEntity({
  name: 'Notification',
  tableName: 'notifications',
  properties: {
    /** uuid: the card shows 'Ref:' with its first 8 characters. */
    id: p.uuid().primary().onCreate(() => randomUUID()),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    messageType: p.string().length(64).$type<MessageType>(),
    title: p.string().length(200),
    content: p.json<NotificationContent>().nullable(),
    isRead: p.boolean().default(false),
    /** The fleet, queue item, report or invitation the event is about (its id as text: ids are ints or uuids). */
    relatedObjectId: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class Notification extends NotificationSchema.class {}
NotificationSchema.setClass(Notification);

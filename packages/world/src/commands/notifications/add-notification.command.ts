import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  parseNotificationContent, type GameEventData, type MessageType, type NotificationContentOf, type NotificationRef, type NotifyingEventName,
} from '@brood/contracts';
import { Notification } from '../../entities/notification.entity';
import { User } from '../../entities/user.entity';
import { publishEvent } from '../../events';

export interface NewNotification<T extends MessageType = MessageType> {
  message_type: T;
  title: string;
  /** Checked against the type's schema in `@brood/contracts` before it is stored. */
  content: NotificationContentOf<T>;
  /** The fleet, queue item, report or invitation it is about. */
  related_object_id?: string | number | null;
}

/** An event of its own that announces the notification (it rides along as `notification`). */
export type AnnounceAs = {
  [E in NotifyingEventName]: { event: E; data: Omit<GameEventData<E>, 'notification'> };
}[NotifyingEventName];

/** What travels on the socket: enough for a toast and a refetch. The content stays out (NOTIFY caps payloads at 8000 bytes). */
export type NotificationEventData = NotificationRef;

const TITLE_MAX = 200;

/**
 * Records a notification in the caller's transaction and tells the user's sockets on commit, in one
 * message: NEW_NOTIFICATION_RECEIVED, or the happening's own event (`as`) carrying the notification.
 * The notification exists if and only if the event happened. A content that does not match its type's
 * schema is a bug of its producer: it throws, and the caller's transaction rolls back.
 */
export async function addNotification<T extends MessageType>(em: EntityManager, userId: number, input: NewNotification<T>, now: Date = new Date(), as?: AnnounceAs): Promise<NotificationRef> {
  const checked = parseNotificationContent(input.message_type, input.content);
  if (!checked.ok) throw new Error(`Notification ${input.message_type} has invalid content (${checked.problem})`);
  const id = randomUUID();
  const title = input.title.length > TITLE_MAX ? `${input.title.slice(0, TITLE_MAX - 1)}…` : input.title;
  const relatedObjectId = input.related_object_id == null ? null : String(input.related_object_id).slice(0, 64);
  // A direct insert, not persist: it runs now inside the caller's transaction without flushing the caller's other changes.
  await em.insert(Notification, {
    id,
    user: em.getReference(User, userId),
    messageType: input.message_type,
    title,
    content: input.content as Notification['content'],
    isRead: false,
    relatedObjectId,
    createdAt: now,
  });
  const ref: NotificationRef = { id, message_type: input.message_type, title, related_object_id: relatedObjectId, created_at: now.toISOString() };
  if (as) await publishEvent(em, userId, as.event, { ...as.data, notification: ref } as GameEventData<typeof as.event>);
  else await publishEvent(em, userId, 'NEW_NOTIFICATION_RECEIVED', ref);
  return ref;
}

import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Notification, type MessageType, type NotificationContent } from '../../entities/notification.entity';
import { User } from '../../entities/user.entity';
import { publishEvent } from '../../events';

export interface NewNotification {
  message_type: MessageType;
  title: string;
  content: NotificationContent;
  /** The fleet, queue item, report or invitation it is about. */
  related_object_id?: string | number | null;
}

/** What travels on the socket: enough for a toast and a refetch. The content stays out (NOTIFY caps payloads at 8000 bytes). */
export interface NotificationEventData {
  id: string;
  message_type: MessageType;
  title: string;
  related_object_id: string | null;
  created_at: string;
}

const TITLE_MAX = 200;

/**
 * Records a notification in the caller's transaction and raises NEW_NOTIFICATION_RECEIVED for the
 * user's sockets, delivered on commit: the notification exists if and only if the event happened.
 * Call it with the transaction's EntityManager (`em.transactional(tem => ... addNotification(tem, ...))`).
 */
export async function addNotification(em: EntityManager, userId: number, input: NewNotification, now: Date = new Date()): Promise<NotificationEventData> {
  const id = randomUUID();
  const title = input.title.length > TITLE_MAX ? `${input.title.slice(0, TITLE_MAX - 1)}…` : input.title;
  const relatedObjectId = input.related_object_id == null ? null : String(input.related_object_id).slice(0, 64);
  // A direct insert, not persist: it runs now inside the caller's transaction without flushing the caller's other changes.
  await em.insert(Notification, {
    id,
    user: em.getReference(User, userId),
    messageType: input.message_type,
    title,
    content: input.content,
    isRead: false,
    relatedObjectId,
    createdAt: now,
  });
  const data: NotificationEventData = { id, message_type: input.message_type, title, related_object_id: relatedObjectId, created_at: now.toISOString() };
  await publishEvent(em, userId, 'NEW_NOTIFICATION_RECEIVED', data);
  return data;
}

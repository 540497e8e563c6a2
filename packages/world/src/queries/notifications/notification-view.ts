import type { MessageType, Notification, NotificationContent } from '../../entities/notification.entity';

/** A notification as the api answers it (the spec's field names). */
export interface NotificationView {
  id: string;
  user_id: number;
  message_type: MessageType;
  title: string;
  content: NotificationContent;
  is_read: boolean;
  created_at: Date;
  related_object_id: string | null;
}

export function toNotificationView(n: Notification): NotificationView {
  return {
    id: n.id,
    user_id: n.user.id,
    message_type: n.messageType,
    title: n.title,
    content: n.content ?? null,
    is_read: n.isRead,
    created_at: n.createdAt,
    related_object_id: n.relatedObjectId ?? null,
  };
}

/** Who acts: the signed-in user. */
export interface NotificationActor {
  id: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that cannot be a notification id is simply not found (never a database cast error). */
export function isNotificationId(id: string): boolean {
  return UUID.test(id);
}

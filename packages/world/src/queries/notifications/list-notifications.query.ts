import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { Notification, type MessageType } from '../../entities/notification.entity';
import { toNotificationView, type NotificationActor, type NotificationView } from './notification-view';
import { servedNotifications } from './served-content';
import { sqlRows } from '../../kernel/bulk-write';

export interface ListNotificationsInput {
  include_read: boolean;
  limit: number;
  skip: number;
  /** Only these types (the filters of the centre and the page); all types when absent. */
  message_types?: MessageType[] | undefined;
}

/** The actor's notifications, newest first, offset-paged, as served (battle reports expanded). */
export async function listNotifications(em: EntityManager, actor: NotificationActor, input: ListNotificationsInput): Promise<NotificationView[]> {
  const where: FilterQuery<Notification> = { user: actor.id };
  if (!input.include_read) where.isRead = false;
  if (input.message_types) where.messageType = { $in: input.message_types };
  const rows = await em.find(Notification, where, {
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: input.limit,
    offset: input.skip,
  });
  return servedNotifications(em, rows.map(toNotificationView));
}

/** How many notifications the actor has not read yet (the bell's badge): one plain statement on the unread index. */
export async function countUnreadNotifications(em: EntityManager, actor: NotificationActor): Promise<{ unread_count: number }> {
  const [row] = await sqlRows<{ unread_count: number }>(em, 'select count(*)::int as unread_count from notifications where user_id = $1 and not is_read', [actor.id]);
  return { unread_count: row?.unread_count ?? 0 };
}

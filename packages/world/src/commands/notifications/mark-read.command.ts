import type { EntityManager } from '@mikro-orm/postgresql';
import { Notification } from '../../entities/notification.entity';
import { fail } from '../../errors';
import { publishEvent } from '../../events';
import { isNotificationId, toNotificationView, type NotificationActor, type NotificationView } from '../../queries/notifications/notification-view';
import { servedNotifications } from '../../queries/notifications/served-content';

/**
 * Marks one of the actor's notifications read (again is fine). Another player's notification is
 * 404 like a missing one, so ids cannot be probed. The user's other tabs hear NOTIFICATION_UPDATED.
 */
export async function markNotificationRead(em: EntityManager, actor: NotificationActor, id: string): Promise<NotificationView> {
  if (!isNotificationId(id)) throw fail.notFound('Notification not found.');
  const row = await em.transactional(async (tem) => {
    const row = await tem.findOne(Notification, { id, user: actor.id });
    if (!row) throw fail.notFound('Notification not found.');
    if (!row.isRead) {
      row.isRead = true;
      await tem.flush();
      await publishEvent(tem, actor.id, 'NOTIFICATION_UPDATED', { id, is_read: true });
    }
    return row;
  });
  const [view] = await servedNotifications(em, [toNotificationView(row)]);
  return view!;
}

/** Marks every unread notification of the actor read; answers how many changed. */
export async function markAllNotificationsRead(em: EntityManager, actor: NotificationActor): Promise<{ count: number }> {
  return em.transactional(async (tem) => {
    const count = await tem.nativeUpdate(Notification, { user: actor.id, isRead: false }, { isRead: true });
    if (count > 0) await publishEvent(tem, actor.id, 'NOTIFICATION_UPDATED', { all_read: true, count });
    return { count };
  });
}

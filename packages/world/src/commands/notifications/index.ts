export { addNotification, addNotifications, type NewNotification, type NotificationEventData, type NotificationEntry, type AnnounceAs } from './add-notification.command';
export { listNotifications, countUnreadNotifications, type ListNotificationsInput } from '../../queries/notifications/list-notifications.query';
export { markNotificationRead, markAllNotificationsRead } from './mark-read.command';
export { toNotificationView, type NotificationView, type NotificationActor } from '../../queries/notifications/notification-view';
export { BATTLE_REPORT_CONTENT_SQL, servedNotifications } from '../../queries/notifications/served-content';

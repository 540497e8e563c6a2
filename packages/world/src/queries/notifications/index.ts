/** Notification reads: the list, the unread count, and the served content (battle reports expanded). */
export { listNotifications, countUnreadNotifications, type ListNotificationsInput } from './list-notifications.query';
export { toNotificationView, isNotificationId, type NotificationView, type NotificationActor } from './notification-view';
export { BATTLE_REPORT_CONTENT_SQL, servedNotifications } from './served-content';

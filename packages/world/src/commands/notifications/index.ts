export { addNotification, type NewNotification, type NotificationEventData } from './add-notification.command';
export { listNotifications, countUnreadNotifications, type ListNotificationsInput } from './list-notifications.command';
export { markNotificationRead, markAllNotificationsRead, type NotificationUpdatedData } from './mark-read.command';
export { toNotificationView, type NotificationView, type NotificationActor } from './notification-view';

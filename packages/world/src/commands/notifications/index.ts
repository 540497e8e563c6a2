export { addNotification, addNotifications, type NewNotification, type NotificationEventData, type NotificationEntry, type AnnounceAs } from './add-notification';
export { markNotificationRead, markAllNotificationsRead } from './mark-read.command';

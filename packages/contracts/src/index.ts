/** The shapes that cross processes, declared once: real-time events, notification types and contents. */
export * from './message-types';
export * from './events';
export * from './notification-contents';
export * from './dispatch';
export * from './push-kinds';
export * from './account-fields';

import { User } from './user.entity';
import { Territory } from './territory.entity';
import { Notification } from './notification.entity';
import { WreckageField } from './wreckage-field.entity';
import { QueueItem } from './queue-item.entity';
import { LoginAttempt } from './login-attempt.entity';
import { Movement } from './movement.entity';

/** Every entity the ORM knows. Add new ones here (one <name>.entity.ts each). */
export const entities = [User, Territory, Notification, WreckageField, QueueItem, LoginAttempt, Movement] as const;

export { User, Territory, Notification, WreckageField, QueueItem, LoginAttempt, Movement };
export { MOVEMENT_MISSIONS, type MovementMission } from './movement.entity';
export { QUEUE_KINDS, type QueueKind } from './queue-item.entity';
export type { AmountMap } from './territory.entity';
export { MESSAGE_TYPES, type MessageType, type NotificationContent } from './notification.entity';

import { User } from './user.entity';
import { Territory } from './territory.entity';
import { Notification } from './notification.entity';
import { WreckageField } from './wreckage-field.entity';
import { QueueItem } from './queue-item.entity';
import { LoginAttempt } from './login-attempt.entity';
import { Alliance } from './alliance.entity';
import { AllianceMember } from './alliance-member.entity';
import { AllianceApplication } from './alliance-application.entity';
import { Movement } from './movement.entity';
import { AttackInvitation } from './attack-invitation.entity';

/** Every entity the ORM knows. Add new ones here (one <name>.entity.ts each). */
export const entities = [User, Territory, Notification, WreckageField, QueueItem, LoginAttempt, Alliance, AllianceMember, AllianceApplication, Movement, AttackInvitation] as const;

export { User, Territory, Notification, WreckageField, QueueItem, LoginAttempt, Alliance, AllianceMember, AllianceApplication, Movement, AttackInvitation };
export { ALLIANCE_RANKS, APPLICATION_STATUSES, type AllianceRank, type ApplicationStatus } from './alliance.entity';
export { MOVEMENT_MISSIONS, type MovementMission } from './movement.entity';
export { INVITATION_STATUSES, type InvitationStatus } from './attack-invitation.entity';
export { QUEUE_KINDS, type QueueKind } from './queue-item.entity';
export type { AmountMap } from './territory.entity';
export { MESSAGE_TYPES, type MessageType, type NotificationContent } from './notification.entity';

import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/postgresql';
import { User } from './user.entity';

/**
 * Every notification type a command or job may raise (social spec section 3). The web app groups
 * them into filters and picks a card per type; a producer names one of these, so a typo fails to compile.
 */
export const MESSAGE_TYPES = [
  // combat and espionage
  'COMBAT_REPORT',
  'DEFENSE_REPORT',
  'SPY_REPORT',
  'SPY_DETECTED_BY_TARGET',
  'SPY_FAILED_TARGET_NOT_FOUND',
  'SPY_FAILED_OWN_TERRITORY',
  'ATTACK_FAILED_TARGET_NOT_FOUND',
  'ATTACK_FAILED_OWN_TERRITORY',
  'INCOMING_ATTACK_WARNING',
  // exploration and salvage
  'EXPLORATION_SUCCESSFUL',
  'EXPLORATION_FAILED',
  'SALVAGE_SUCCESSFUL',
  'SALVAGE_FAILED_NO_WRECKAGE',
  'SALVAGE_FAILED_EMPTY_WRECKAGE',
  'SALVAGE_FAILED_NO_CAPABILITY',
  'SALVAGE_FAILED_NO_CARGO',
  'SALVAGE_FAILED_DATABASE_ERROR',
  'SALVAGE_FAILED_UNEXPECTED_ERROR',
  // fleet movement
  'FLEET_LAUNCHED',
  'FLEET_ARRIVED_AT_DESTINATION',
  'FLEET_RECALLED',
  'FLEET_RETURNED_TO_ORIGIN',
  'FLEET_LOST',
  'TRANSPORT_COMPLETED',
  'TRANSPORT_FAILED',
  'STATIONING_COMPLETED',
  'STATIONING_FAILED',
  'COLONIZATION_SUCCESSFUL',
  'COLONIZATION_FAILED',
  'ALLIED_STATIONING_CANCELLED_BY_TARGET',
  // multi-party attacks
  'MULTI_PARTY_ATTACK_INVITATION_RECEIVED',
  'MULTI_PARTY_ATTACK_INVITATION_ACCEPTED',
  'MULTI_PARTY_ATTACK_INVITATION_DECLINED',
  'MULTI_PARTY_ATTACK_PLAYER_JOINED',
  'MULTI_PARTY_ATTACK_RECALLED_BY_INITIATOR',
  'MULTI_PARTY_ATTACK_PARTICIPANT_RECALLED',
  'MULTI_PARTY_ATTACK_ARRIVAL_TIME_UPDATED',
  // completions
  'BUILDING_CONSTRUCTION_COMPLETED',
  'DEFENSE_CONSTRUCTION_COMPLETED',
  'UNIT_RECRUITMENT_COMPLETED',
  'RESEARCH_PROJECT_COMPLETED',
  // system
  'GENERIC_INFORMATION',
  'SYSTEM_ERROR_NOTIFICATION',
] as const;

export type MessageType = (typeof MESSAGE_TYPES)[number];

/**
 * What a notification carries: a report object, a plain sentence, or nothing (the spec allows text,
 * object, null or an empty object; the card renders each case).
 */
export type NotificationContent = Record<string, unknown> | string | null;

export const NotificationSchema = defineEntity({
  name: 'Notification',
  tableName: 'notifications',
  properties: {
    /** uuid: the card shows 'Ref:' with its first 8 characters. */
    id: p.uuid().primary().onCreate(() => randomUUID()),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    messageType: p.string().length(64).$type<MessageType>(),
    title: p.string().length(200),
    content: p.json<NotificationContent>().nullable(),
    isRead: p.boolean().default(false),
    /** The fleet, queue item, report or invitation the event is about (its id as text: ids are ints or uuids). */
    relatedObjectId: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class Notification extends NotificationSchema.class {}
NotificationSchema.setClass(Notification);

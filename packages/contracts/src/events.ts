import { z } from 'zod';
import { MESSAGE_TYPES } from './message-types';

/**
 * Every real-time event (social spec section 7): its name and the payload it carries, declared once.
 * The server's `publishEvent` accepts only these names with these payloads, and the web's handler
 * table must name every one of them (a new event without a handler fails to compile).
 *
 * Payloads are small facts and ids (PostgreSQL caps a NOTIFY at 8000 bytes): the client refetches.
 * One happening is one message: an event that stored a notification carries it as `notification`,
 * instead of a second NEW_NOTIFICATION_RECEIVED.
 */

export const QUEUE_KINDS = ['building', 'research', 'recruitment', 'defense'] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

/** What a client needs of a stored notification to toast it and refresh its lists. */
export const NotificationRefSchema = z.object({
  id: z.string(),
  message_type: z.enum(MESSAGE_TYPES),
  title: z.string(),
  related_object_id: z.string().nullable(),
  created_at: z.string(),
});
export type NotificationRef = z.infer<typeof NotificationRefSchema>;

const id = z.number().int();
const withNotification = <S extends z.ZodRawShape>(shape: S) => z.object({ ...shape, notification: NotificationRefSchema.optional() });

/** A queue item finished: the territory it delivered to (null for research paid by no territory). */
const completion = <S extends z.ZodRawShape>(shape: S) => withNotification({ queueType: z.enum(QUEUE_KINDS), territory_id: id.nullable(), ...shape });
const fleet = withNotification({ movement_id: z.string(), territory_id: id.nullable().optional(), reason: z.string().optional(), details: z.string().optional() });
const report = withNotification({ movement_id: z.string().optional(), territory_id: id.nullable().optional(), details: z.string().optional() });
const wreckage = z.object({ wreckage_field_id: z.string(), region: id, sub_region: id, position: id });
const alliance = z.object({ alliance_id: id, alliance_name: z.string().optional(), username: z.string().optional(), rank: z.string().optional() });

export const GAME_EVENTS = {
  /** An item was queued or cancelled: the queue and the paying territory's stock changed. */
  QUEUE_ITEM_UPDATED: z.object({ queueType: z.enum(QUEUE_KINDS), territory_id: id.nullable() }),
  /** A territory's stock changed outside a queue (a delivery, a plunder). */
  RESOURCE_UPDATE: z.object({ territory_id: id }),
  CONSTRUCTION_COMPLETED: completion({ structure_key: z.string(), level: id }),
  RESEARCH_COMPLETED: completion({ tech_key: z.string(), level: id }),
  UNIT_RECRUITMENT_COMPLETED: completion({ unit_key: z.string(), quantity: id }),
  DEFENSE_CONSTRUCTION_COMPLETED: completion({ defense_key: z.string(), quantity: id }),
  MOVEMENT_STARTED: fleet,
  MOVEMENT_CANCELLED: fleet,
  /** A fleet reached its target (delivered, stationed, or refused there): movements and stocks changed. */
  MOVEMENT_ARRIVED: fleet,
  FLEET_RETURNED_TO_ORIGIN: fleet,
  COLONIZATION_SUCCESSFUL: fleet,
  COLONIZATION_FAILED: fleet,
  SALVAGE_SUCCESSFUL: report,
  SALVAGE_FAILED_NO_WRECKAGE: report,
  SALVAGE_FAILED_EMPTY_WRECKAGE: report,
  SALVAGE_FAILED_NO_CAPABILITY: report,
  SALVAGE_FAILED_NO_CARGO: report,
  SALVAGE_FAILED_DATABASE_ERROR: report,
  SALVAGE_FAILED_UNEXPECTED_ERROR: report,
  WRECKAGE_FIELD_SPAWNED: wreckage,
  WRECKAGE_FIELD_DEPLETED: wreckage,
  COMBAT_REPORT: report,
  DEFENSE_REPORT: report,
  SPY_REPORT: report,
  SPY_DETECTED_BY_TARGET: report,
  SPY_FAILED_TARGET_NOT_FOUND: report,
  SPY_FAILED_OWN_TERRITORY: report,
  ALLIANCE_APPLICATION_RECEIVED: alliance,
  ALLIANCE_APPLICATION_ACCEPTED: alliance,
  ALLIANCE_APPLICATION_REJECTED: alliance,
  ALLIANCE_MEMBER_JOINED: alliance,
  ALLIANCE_MEMBER_LEFT: alliance,
  ALLIANCE_MEMBER_KICKED: alliance,
  ALLIANCE_RANK_CHANGED: alliance,
  ALLIANCE_LEADERSHIP_CHANGED: alliance,
  ALLIANCE_DISBANDED: alliance,
  ALLIANCE_SLOTS_CHANGED: alliance,
  /** A notification without an event of its own (fleet launched, invitation, incoming attack, ...). */
  NEW_NOTIFICATION_RECEIVED: NotificationRefSchema,
  /** Read state changed: one notification, or all of them. */
  /** An operator suspended this player: the page signs out to /login with the reason. */
  ACCOUNT_SUSPENDED: z.object({ reason: z.string() }),
  /** An operator's announcement, stored for every player as GENERIC_INFORMATION (sent to every socket at once). */
  ANNOUNCEMENT: z.object({ title: z.string() }),
  /** A private message or an alliance circular arrived (not sent when the recipient blocked the sender). */
  MESSAGE_RECEIVED: z.object({ id, sender_id: id, sender_username: z.string(), subject: z.string(), is_circular: z.boolean() }),
  NOTIFICATION_UPDATED: z.union([z.object({ id: z.string(), is_read: z.literal(true) }), z.object({ all_read: z.literal(true), count: id })]),
} as const satisfies Record<string, z.ZodType>;

export type GameEventName = keyof typeof GAME_EVENTS;
export type GameEventData<E extends GameEventName> = z.infer<(typeof GAME_EVENTS)[E]>;
export const GAME_EVENT_NAMES = Object.keys(GAME_EVENTS) as GameEventName[];

/** Events that announce a stored notification themselves (it rides along as `notification`). */
export type NotifyingEventName = {
  [E in GameEventName]: GameEventData<E> extends { notification?: NotificationRef } ? E : never;
}[GameEventName];

/** What travels on the channel and the socket: `{event, data}` (plus the addressee on the channel). */
export interface GameEventMessage<E extends GameEventName = GameEventName> {
  event: E;
  data: GameEventData<E>;
}

/** Checks a message from the socket: a known event with a valid payload, or why not. */
export function parseGameEvent(event: string, data: unknown): { ok: true; message: GameEventMessage } | { ok: false; problem: string } {
  if (!(event in GAME_EVENTS)) return { ok: false, problem: `unknown event ${event}` };
  const name = event as GameEventName;
  const result = GAME_EVENTS[name].safeParse(data);
  if (!result.success) return { ok: false, problem: `${event}: ${result.error.issues[0]?.message ?? 'invalid payload'}` };
  return { ok: true, message: { event: name, data: result.data } as GameEventMessage };
}

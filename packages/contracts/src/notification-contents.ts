import { z } from 'zod';
import {
  COMPLETION_MESSAGE_TYPES, INVITATION_MESSAGE_TYPES, MESSAGE_TYPES, MOVEMENT_MESSAGE_TYPES, SALVAGE_MESSAGE_TYPES,
  type MessageType,
} from './message-types';

/**
 * The content of every notification type (social spec section 3), as zod schemas. Producers write
 * contents through these (the server validates before it stores), and the web cards read with them:
 * content that fails its schema shows the spec's 'structure is invalid' sentence instead of a card.
 *
 * What a schema requires is what a card cannot do without; the other fields of the spec are typed
 * but optional, because the spec accepts partial reports (a failure that carries only its reason).
 */

/** r:s:p as three whole numbers, or the text forms the spec accepts ('r:s:p', '[r:s:p]', '(r:s:p)'). */
export const CoordsSchema = z.union([
  z.tuple([z.number().int(), z.number().int(), z.number().int()]),
  z.string().regex(/^[[(]?\s*\d+:\d+:\d+\s*[\])]?$/),
]);
export type CoordsValue = z.infer<typeof CoordsSchema>;

/** Amounts as a map ({fiber: 120}) or a list of rows ([{unit_key, quantity}]); a null amount is 'Hidden'. */
export const AmountsSchema = z.union([
  z.record(z.string(), z.number().nullable()),
  z.array(z.record(z.string(), z.unknown())),
]);

const text = z.string();
const optionalText = text.nullish();
const when = z.union([z.string(), z.date()]);

export const CompletionContentSchema = z.object({
  item_name: text,
  level_or_quantity: z.number().int().nullable(),
  location_coords: CoordsSchema.nullable(),
  location_name: text.nullable(),
  details: text.nullable(),
});

const ParticipantResultSchema = z
  .object({
    role: z.enum(['ATTACKER', 'DEFENDER']),
    user_id: z.number().int().nullish(),
    username: optionalText,
    participant_index: z.number().int().optional(),
    is_stationed_ally: z.boolean().optional(),
  })
  .loose();

export const COMBAT_OUTCOMES = ['VICTORY_ATTACKER', 'VICTORY_DEFENDER', 'DRAW', 'ERROR'] as const;

export const CombatReportContentSchema = z
  .object({
    outcome: z.string().min(1),
    participant_results: z.array(ParticipantResultSchema),
    rounds_fought: z.number().int().optional(),
    round_details: z.array(z.record(z.string(), z.unknown())).optional(),
    attacker_user_id: z.number().int().nullish(),
    defender_user_id: z.number().int().nullish(),
    attacker_origin_coords: CoordsSchema.nullish(),
    defender_territory_coords: CoordsSchema.nullish(),
    location_coords: CoordsSchema.nullish(),
  })
  .loose();

/**
 * What a COMBAT_REPORT or DEFENSE_REPORT notification stores: a reference to its battle, whose
 * stored report every copy shares (a 10-party report is some 130 KB: one copy per reader made
 * PostgreSQL parse and write megabytes a battle). The server serves it expanded to the whole
 * CombatReportContent (the report, battle_id, engine_version); clients never see this form.
 * Older rows that carry the whole report are served as they are.
 */
export const StoredBattleReportSchema = z.strictObject({ battle_id: z.number().int().positive() });
export type StoredBattleReport = z.infer<typeof StoredBattleReportSchema>;

/** Whether a stored report notification's content is a battle reference (else it is a whole report). */
export const isStoredBattleReport = (content: unknown): content is StoredBattleReport => StoredBattleReportSchema.safeParse(content).success;

export const SpyReportContentSchema = z
  .object({
    detail_level: z.number(),
    target_territory_id: z.union([z.number(), z.string()]).optional(),
    target_coords: CoordsSchema.optional(),
    detected: z.boolean().optional(),
    success: z.boolean().optional(),
  })
  .loose()
  .refine((c) => c.target_territory_id !== undefined || c.target_coords !== undefined, { message: 'A spy report names its target.' });

export const SpyDetectedContentSchema = z
  .object({
    target_territory_id: z.union([z.number(), z.string()]).optional(),
    target_territory_name: optionalText,
    target_coords: CoordsSchema,
    alert_type: optionalText,
    detection_time_utc: when.nullish(),
    source_region: z.number().int(),
    source_sub_region: z.number().int(),
    source_position: z.number().int(),
    estimated_attacker_spy_level: z.number().nullish(),
  })
  .loose();

/** A failure carries its reason as text, or as {details} / {message} / {reason}. */
export const FailureContentSchema = z.union([
  z.string(),
  z.object({ details: optionalText, message: optionalText, reason: optionalText }).loose(),
]);

export const ExplorationContentSchema = z
  .object({
    event_type: z.string().min(1),
    message: optionalText,
    location_coords: CoordsSchema.nullish(),
    found_resources: AmountsSchema.nullish(),
    added_units: AmountsSchema.nullish(),
    gained_surrendered_units: AmountsSchema.nullish(),
    lost_units: AmountsSchema.nullish(),
    final_fleet_units: AmountsSchema.nullish(),
    final_fleet_resources: AmountsSchema.nullish(),
    movement_id: z.union([z.string(), z.number()]).nullish(),
  })
  .loose();

/** A salvage report names its field, its coordinates or what it took; a failure may carry only its reason. */
export const SalvageContentSchema = z.union([
  z
    .object({
      wreckage_field_id: z.union([z.string(), z.number()]).nullish(),
      coordinates: CoordsSchema.nullish(),
      salvaged_resources: AmountsSchema.nullish(),
      resources_remaining_in_wreckage: AmountsSchema.nullish(),
      wreckage_field_emptied: z.boolean().optional(),
      fleet_cargo_after_salvage: AmountsSchema.nullish(),
      fleet_cargo_capacity_remaining: z.number().nullish(),
    })
    .loose()
    .refine((c) => c.wreckage_field_id != null || c.coordinates != null || c.salvaged_resources != null, { message: 'A salvage report names its field or what it took.' }),
  FailureContentSchema,
]);

export const MovementContentSchema = z
  .object({
    origin_coords: CoordsSchema.nullish(),
    origin_territory_name: optionalText,
    destination_coords: CoordsSchema.nullish(),
    destination_territory_name: optionalText,
    original_target_coords: CoordsSchema.nullish(),
    original_target_territory_name: optionalText,
    colonized_coords: CoordsSchema.nullish(),
    colonized_planet_name: optionalText,
    units: AmountsSchema.nullish(),
    resources: AmountsSchema.nullish(),
    returned_units: AmountsSchema.nullish(),
    returned_resources: AmountsSchema.nullish(),
    transported_units: AmountsSchema.nullish(),
    delivered_resources: AmountsSchema.nullish(),
    stationed_units: AmountsSchema.nullish(),
    stationed_resources: AmountsSchema.nullish(),
    original_mission: optionalText,
    reason_lost: optionalText,
    reason_failed: optionalText,
    details: optionalText,
    /** FLEET_RECALLED: when the fleet is home, an ISO time the card formats (social 5.7). */
    returns_at: when.nullish(),
  })
  .loose();

/** Accepting needs invitation_id and target_coords (social spec 5.1). */
export const InvitationContentSchema = z
  .object({
    invitation_id: z.union([z.string().min(1), z.number()]),
    initiator_username: optionalText,
    target_coords: CoordsSchema,
    target_territory_name: optionalText,
    current_arrival_time: when.nullish(),
    message: optionalText,
  })
  .loose();

/** Invitation follow-ups, incoming attack warnings: a message, and the target and arrival when known. */
export const AttackNoticeContentSchema = z
  .object({
    message: optionalText,
    attacker_username: optionalText,
    target_coords: CoordsSchema.nullish(),
    target_territory_name: optionalText,
    current_arrival_time: when.nullish(),
    arrival_time: when.nullish(),
  })
  .loose();

const INVITATION_FOLLOW_UPS = INVITATION_MESSAGE_TYPES.filter((t): t is Exclude<typeof t, 'MULTI_PARTY_ATTACK_INVITATION_RECEIVED'> => t !== 'MULTI_PARTY_ATTACK_INVITATION_RECEIVED');

/** Generic information and system errors: a sentence, an object with a message, or nothing (the card says so). */
export const GenericContentSchema = z.union([z.string(), z.object({ message: optionalText, details: optionalText }).loose()]).nullable();

const each = <const T extends readonly MessageType[], S extends z.ZodType>(types: T, schema: S) => Object.fromEntries(types.map((t) => [t, schema])) as Record<T[number], S>;

/** The content schema of every message type: a new type without one fails to compile. */
export const NOTIFICATION_CONTENT = {
  ...each(COMPLETION_MESSAGE_TYPES, CompletionContentSchema),
  COMBAT_REPORT: CombatReportContentSchema,
  DEFENSE_REPORT: CombatReportContentSchema,
  SPY_REPORT: SpyReportContentSchema,
  SPY_DETECTED_BY_TARGET: SpyDetectedContentSchema,
  SPY_FAILED_TARGET_NOT_FOUND: FailureContentSchema,
  SPY_FAILED_OWN_TERRITORY: FailureContentSchema,
  ATTACK_FAILED_TARGET_NOT_FOUND: FailureContentSchema,
  ATTACK_FAILED_OWN_TERRITORY: FailureContentSchema,
  INCOMING_ATTACK_WARNING: AttackNoticeContentSchema,
  EXPLORATION_SUCCESSFUL: ExplorationContentSchema,
  EXPLORATION_FAILED: ExplorationContentSchema,
  ...each(SALVAGE_MESSAGE_TYPES, SalvageContentSchema),
  ...each(MOVEMENT_MESSAGE_TYPES, MovementContentSchema),
  ALLIED_STATIONING_CANCELLED_BY_TARGET: MovementContentSchema,
  MULTI_PARTY_ATTACK_INVITATION_RECEIVED: InvitationContentSchema,
  ...each(INVITATION_FOLLOW_UPS, AttackNoticeContentSchema),
  GENERIC_INFORMATION: GenericContentSchema,
  SYSTEM_ERROR_NOTIFICATION: GenericContentSchema,
} satisfies Record<MessageType, z.ZodType>;

export type CompletionContent = z.infer<typeof CompletionContentSchema>;
export type CombatReportContent = z.infer<typeof CombatReportContentSchema>;
export type SpyReportContentShape = z.infer<typeof SpyReportContentSchema>;
export type SpyDetectedContent = z.infer<typeof SpyDetectedContentSchema>;
export type ExplorationContent = z.infer<typeof ExplorationContentSchema>;
export type SalvageContent = z.infer<typeof SalvageContentSchema>;
export type MovementContent = z.infer<typeof MovementContentSchema>;
export type InvitationContent = z.infer<typeof InvitationContentSchema>;

/** The content a producer may store for `type`. */
export type NotificationContentOf<T extends MessageType> = z.input<(typeof NOTIFICATION_CONTENT)[T]>;

const REPORT_TYPES: readonly MessageType[] = ['COMBAT_REPORT', 'DEFENSE_REPORT'];

/** What a producer may store for `type`: the content served, or for a combat or defense report a reference to its battle. */
export type StoredNotificationContentOf<T extends MessageType> = NotificationContentOf<T> | (T extends 'COMBAT_REPORT' | 'DEFENSE_REPORT' ? StoredBattleReport : never);

/** parseNotificationContent for what is stored: a battle reference passes for a combat or defense report. */
export function parseStoredNotificationContent(type: MessageType, content: unknown): { ok: true; content: unknown } | { ok: false; problem: string } {
  if (REPORT_TYPES.includes(type) && isStoredBattleReport(content)) return { ok: true, content };
  return parseNotificationContent(type, content);
}

/** Checks a content against its type's schema: the parsed content, or the first problem in words. */
export function parseNotificationContent(type: MessageType, content: unknown): { ok: true; content: unknown } | { ok: false; problem: string } {
  const result = NOTIFICATION_CONTENT[type].safeParse(content);
  if (result.success) return { ok: true, content: result.data };
  const issue = result.error.issues[0];
  return { ok: false, problem: `${issue?.path.join('.') || 'content'}: ${issue?.message ?? 'invalid'}` };
}

export const isMessageType = (value: string): value is MessageType => (MESSAGE_TYPES as readonly string[]).includes(value);

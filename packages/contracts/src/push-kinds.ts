import type { MessageType } from './message-types';

/**
 * The kinds of Web Push a player switches on or off (issue 29), each with the notification types it
 * announces and whether it is on before the player chooses. The server schedules a push for a
 * notification of these types only; the settings page lists them in this order.
 */
export const PUSH_KINDS = {
  incoming_attack: { label: 'Incoming attack', on: true, types: ['INCOMING_ATTACK_WARNING'] },
  spy_detected: { label: 'Spy detected', on: true, types: ['SPY_DETECTED_BY_TARGET'] },
  combat_report: { label: 'Combat report', on: true, types: ['COMBAT_REPORT', 'DEFENSE_REPORT'] },
  fleet_returned_or_lost: { label: 'Fleet returned or lost', on: true, types: ['FLEET_RETURNED_TO_ORIGIN', 'FLEET_LOST'] },
  multi_party_invitation: { label: 'Multi-party invitation', on: true, types: ['MULTI_PARTY_ATTACK_INVITATION_RECEIVED'] },
  // Not a notification: a private message or circular schedules its own push (send-message.command.ts).
  private_message: { label: 'Private message', on: true, types: [] },
  queue_completion: {
    label: 'Queue completion',
    on: false,
    types: ['BUILDING_CONSTRUCTION_COMPLETED', 'DEFENSE_CONSTRUCTION_COMPLETED', 'UNIT_RECRUITMENT_COMPLETED', 'RESEARCH_PROJECT_COMPLETED'],
  },
} as const satisfies Record<string, { label: string; on: boolean; types: readonly MessageType[] }>;

export type PushKind = keyof typeof PUSH_KINDS;
export const PUSH_KIND_KEYS = Object.keys(PUSH_KINDS) as PushKind[];

/** One switch per kind. */
export type PushPreferences = Record<PushKind, boolean>;

export const DEFAULT_PUSH_PREFERENCES = Object.fromEntries(PUSH_KIND_KEYS.map((k) => [k, PUSH_KINDS[k].on])) as PushPreferences;

/** The kind that announces a notification type, or null when that type is never pushed. */
export function pushKindOf(type: MessageType): PushKind | null {
  return PUSH_KIND_KEYS.find((k) => (PUSH_KINDS[k].types as readonly MessageType[]).includes(type)) ?? null;
}

/** What a push carries: what a lock screen needs, nothing more. */
export interface PushPayload {
  title: string;
  body: string;
  /** The page of the game to open on a click (a path, e.g. /army). */
  url: string;
}

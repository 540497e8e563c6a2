import {
  IconAlertOctagon, IconAlertTriangle, IconBug, IconCompass, IconEye, IconFlask, IconHammer, IconInfoCircle, IconPlanet, IconRecycle, IconRocket,
  IconShield, IconSwordOff, IconSwords, IconUsersGroup, type Icon,
} from '@tabler/icons-react';
import { MESSAGE_TYPES, type MessageType } from '@brood/contracts';

/** The centre's filter groups (social §2.2) and the page's (social §2.3) a type belongs to. */
export type CentreGroup = 'combat' | 'spying' | 'exploration' | 'movement' | 'invitations' | 'completions' | 'research' | 'system';
export type PageGroup = 'completions' | 'fleet' | 'combat' | 'espionage' | 'exploration' | 'salvage' | 'system' | 'failures' | 'generic';
/** Which card body shows it (notification-body.tsx renders each). */
export type CardKind =
  | 'combat' | 'spy-report' | 'exploration' | 'salvage' | 'invitation'
  | 'completion' | 'movement' | 'spy-alert' | 'failure' | 'alert' | 'message';

export interface NotificationKind {
  icon: Icon;
  card: CardKind;
  centre: CentreGroup | null;
  page: PageGroup;
}

const kind = (icon: Icon, card: CardKind, centre: CentreGroup | null, page: PageGroup): NotificationKind => ({ icon, card, centre, page });
const combat = kind(IconSwords, 'combat', 'combat', 'combat');
const spyFailed = kind(IconEye, 'failure', null, 'espionage');
const attackFailed = kind(IconSwordOff, 'failure', null, 'failures');
const exploration = kind(IconCompass, 'exploration', 'exploration', 'exploration');
const salvage = kind(IconRecycle, 'salvage', null, 'salvage');
const fleet = kind(IconRocket, 'movement', 'movement', 'fleet');
const colonization = kind(IconPlanet, 'movement', 'movement', 'fleet');
const invitation = kind(IconUsersGroup, 'alert', 'invitations', 'fleet');

/**
 * Every message type of contracts, once: its icon, its card and its filter groups. A type contracts
 * adds without a row here does not compile.
 */
export const NOTIFICATION_KINDS = {
  COMBAT_REPORT: combat,
  DEFENSE_REPORT: combat,
  SPY_REPORT: kind(IconEye, 'spy-report', 'spying', 'espionage'),
  SPY_DETECTED_BY_TARGET: kind(IconEye, 'spy-alert', 'spying', 'espionage'),
  SPY_FAILED_TARGET_NOT_FOUND: spyFailed,
  SPY_FAILED_OWN_TERRITORY: spyFailed,
  ATTACK_FAILED_TARGET_NOT_FOUND: attackFailed,
  ATTACK_FAILED_OWN_TERRITORY: attackFailed,
  INCOMING_ATTACK_WARNING: kind(IconAlertTriangle, 'alert', 'system', 'system'),
  EXPLORATION_SUCCESSFUL: exploration,
  EXPLORATION_FAILED: exploration,
  SALVAGE_SUCCESSFUL: salvage,
  SALVAGE_FAILED_NO_WRECKAGE: salvage,
  SALVAGE_FAILED_EMPTY_WRECKAGE: salvage,
  SALVAGE_FAILED_NO_CAPABILITY: salvage,
  SALVAGE_FAILED_NO_CARGO: salvage,
  SALVAGE_FAILED_DATABASE_ERROR: salvage,
  SALVAGE_FAILED_UNEXPECTED_ERROR: salvage,
  FLEET_LAUNCHED: fleet,
  FLEET_ARRIVED_AT_DESTINATION: fleet,
  FLEET_RECALLED: fleet,
  FLEET_RETURNED_TO_ORIGIN: fleet,
  FLEET_LOST: fleet,
  TRANSPORT_COMPLETED: fleet,
  TRANSPORT_FAILED: fleet,
  STATIONING_COMPLETED: fleet,
  STATIONING_FAILED: fleet,
  COLONIZATION_SUCCESSFUL: colonization,
  COLONIZATION_FAILED: colonization,
  ALLIED_STATIONING_CANCELLED_BY_TARGET: kind(IconRocket, 'movement', null, 'fleet'),
  MULTI_PARTY_ATTACK_INVITATION_RECEIVED: kind(IconUsersGroup, 'invitation', 'invitations', 'fleet'),
  MULTI_PARTY_ATTACK_INVITATION_ACCEPTED: invitation,
  MULTI_PARTY_ATTACK_INVITATION_DECLINED: invitation,
  MULTI_PARTY_ATTACK_PLAYER_JOINED: invitation,
  MULTI_PARTY_ATTACK_RECALLED_BY_INITIATOR: invitation,
  MULTI_PARTY_ATTACK_PARTICIPANT_RECALLED: invitation,
  MULTI_PARTY_ATTACK_ARRIVAL_TIME_UPDATED: invitation,
  BUILDING_CONSTRUCTION_COMPLETED: kind(IconHammer, 'completion', 'completions', 'completions'),
  DEFENSE_CONSTRUCTION_COMPLETED: kind(IconShield, 'completion', 'completions', 'completions'),
  UNIT_RECRUITMENT_COMPLETED: kind(IconBug, 'completion', 'completions', 'completions'),
  RESEARCH_PROJECT_COMPLETED: kind(IconFlask, 'completion', 'research', 'completions'),
  GENERIC_INFORMATION: kind(IconInfoCircle, 'message', 'system', 'generic'),
  SYSTEM_ERROR_NOTIFICATION: kind(IconAlertOctagon, 'message', 'system', 'system'),
} satisfies Record<MessageType, NotificationKind>;

const isMessageType = (type: string): type is MessageType => Object.hasOwn(NOTIFICATION_KINDS, type);

/** A type's row; a type this build does not know reads as a plain message. */
export const kindOf = (type: string): NotificationKind => (isMessageType(type) ? NOTIFICATION_KINDS[type] : kind(IconInfoCircle, 'message', null, 'generic'));

/** The types of a centre or page filter group, in contracts' order. */
export const typesInCentre = (group: CentreGroup): MessageType[] => MESSAGE_TYPES.filter((t) => NOTIFICATION_KINDS[t].centre === group);
export const typesOnPage = (...groups: PageGroup[]): MessageType[] => MESSAGE_TYPES.filter((t) => groups.includes(NOTIFICATION_KINDS[t].page));

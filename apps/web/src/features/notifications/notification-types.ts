import { MOVEMENT_MESSAGE_TYPES, type MessageType } from '@brood/contracts';
import { typesInCentre, typesOnPage } from './notification-registry';
import type { RouterInputs, RouterOutputs } from '../../lib/api-types';

export type { MessageType };
/** A notification as notifications.list answers it. */
export type NotificationItem = RouterOutputs['notifications']['list'][number];
export type ListInput = NonNullable<RouterInputs['notifications']['list']>;

/** Page size of the centre and the page (social spec §9). */
export const PAGE_SIZE = 20;

export interface NotificationFilter {
  label: string;
  /** Types shown; null means every type. */
  types: readonly MessageType[] | null;
  /** The centre's 'Unread' filter shows unread ones whatever 'Show Read' says. */
  unreadOnly?: boolean;
}

/** Filters of the notification centre (social spec §2.2), their types from the registry. */
export const CENTRE_FILTERS = {
  unread: { label: 'Unread', types: null, unreadOnly: true },
  all: { label: 'All', types: null },
  combat: { label: 'Combat', types: typesInCentre('combat') },
  spying: { label: 'Spying', types: typesInCentre('spying') },
  exploration: { label: 'Exploration', types: typesInCentre('exploration') },
  movement: { label: 'Movement', types: typesInCentre('movement') },
  invitations: { label: 'Invitations', types: typesInCentre('invitations') },
  completions: { label: 'Completions', types: typesInCentre('completions') },
  research: { label: 'Research', types: typesInCentre('research') },
  system: { label: 'System', types: typesInCentre('system') },
} as const satisfies Record<string, NotificationFilter>;
export type CentreFilterKey = keyof typeof CENTRE_FILTERS;

/** Filter buttons of the /notifications page (social spec §2.3). */
export const PAGE_FILTERS = {
  all: { label: 'All', types: null },
  completions: { label: 'Completions', types: typesOnPage('completions') },
  fleet: { label: 'Fleet Events', types: typesOnPage('fleet') },
  combat: { label: 'Combat', types: typesOnPage('combat') },
  espionage: { label: 'Espionage', types: typesOnPage('espionage') },
  exploration: { label: 'Exploration', types: typesOnPage('exploration') },
  salvage: { label: 'Salvage', types: typesOnPage('salvage') },
  system: { label: 'System & Alerts', types: typesOnPage('system') },
  failures: { label: 'Other Failures', types: typesOnPage('failures') },
  generic: { label: 'Generic', types: typesOnPage('generic') },
} as const satisfies Record<string, NotificationFilter>;
export type PageFilterKey = keyof typeof PAGE_FILTERS;

/** The list call for a filter: `showRead` is the 'Show Read' checkbox. */
export function listInput(filter: NotificationFilter, showRead: boolean): ListInput {
  return {
    include_read: filter.unreadOnly ? false : showRead,
    limit: PAGE_SIZE,
    ...(filter.types ? { message_types: [...filter.types] } : {}),
  };
}

/** The page's empty text: 'No notifications found', the filter, then '.' or ' (unread).'. */
export function emptyPageText(filter: NotificationFilter, showRead: boolean): string {
  const forFilter = filter.types ? ` for filter "${filter.label}"` : '';
  return `No notifications found${forFilter}${showRead ? '.' : ' (unread).'}`;
}

export type ColourGroup = 'red' | 'orange' | 'green' | 'blue' | 'grey';

/** Colour groups (social spec §2.4): failures and fleet lost red, incoming attack orange, completions and successes green, movement and generic information blue. */
export function colourGroup(type: string): ColourGroup {
  if (type === 'FLEET_LOST' || type.includes('_FAILED') || type === 'SYSTEM_ERROR_NOTIFICATION') return 'red';
  if (type === 'INCOMING_ATTACK_WARNING') return 'orange';
  if (type.endsWith('_COMPLETED') || type.endsWith('_SUCCESSFUL') || type === 'MULTI_PARTY_ATTACK_INVITATION_ACCEPTED') return 'green';
  if (type.startsWith('FLEET_') || type === 'GENERIC_INFORMATION') return 'blue';
  return 'grey';
}

/** Mantine colour of each group. */
export const GROUP_COLOUR: Record<ColourGroup, string> = { red: 'red', orange: 'orange', green: 'green', blue: 'blue', grey: 'gray' };

/** 'Ref:' shows the first 8 characters of the related id; fleet reports show the last 8. */
export function refText(type: string, relatedId: string | null | undefined): string | null {
  if (!relatedId) return null;
  const fleet = (MOVEMENT_MESSAGE_TYPES as readonly string[]).includes(type);
  return `Ref: ${fleet ? relatedId.slice(-8) : relatedId.slice(0, 8)}`;
}

export function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

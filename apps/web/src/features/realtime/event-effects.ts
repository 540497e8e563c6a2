import type { GameEventData, GameEventMessage, GameEventName, QueueKind } from '@brood/contracts';

/**
 * What each real-time event does in the browser (social spec §7): the toast it shows and the data it
 * refreshes. The table names every event of `@brood/contracts`: a new event without an entry here
 * fails to compile. Pure, so the table is tested without sockets.
 */

/** Data groups a event can refresh, each a set of tRPC router paths (missing routers are skipped by the cache). */
export const REFRESH_PATHS = {
  queues: [['construction'], ['research'], ['recruitment'], ['defense']],
  territories: [['territories']],
  stats: [['stats']],
  movements: [['movements']],
  wreckage: [['wreckage']],
  notifications: [['notifications', 'list']],
  unreadCount: [['notifications', 'unreadCount']],
  currentUser: [['users', 'me']],
  alliances: [['alliances']],
  map: [['map']],
  messages: [['messages']],
} as const satisfies Record<string, readonly (readonly string[])[]>;
export type RefreshGroup = keyof typeof REFRESH_PATHS;

export type ToastKind = 'success' | 'info' | 'warning' | 'error';
export interface EventToast {
  kind: ToastKind;
  message: string;
}

export interface EventEffect {
  toast: EventToast | null;
  refresh: RefreshGroup[];
  /** Refresh these only when next used (a list the player is looking at keeps its cards in place). */
  markStale?: RefreshGroup[];
  /** The session is over (the account was suspended): sign out to /login, which shows this sentence. */
  endSession?: string;
}

/** What the login page says after an operator suspended the account (the server's sign-in refusal says the same). */
export const suspendedSentence = (reason: string) => `Your account is suspended. Reason: ${reason}`;

type NameOf = (key: string) => string;
type Handler<E extends GameEventName> = (data: GameEventData<E>, nameOf: NameOf) => EventEffect;

const COMPLETION = ['queues', 'territories', 'stats', 'currentUser'] as const satisfies RefreshGroup[];
const FLEET = ['movements', 'territories'] as const satisfies RefreshGroup[];
const BATTLE = ['movements', 'territories', 'stats', 'wreckage', 'currentUser'] as const satisfies RefreshGroup[];
const SALVAGE = ['movements', 'wreckage', 'territories'] as const satisfies RefreshGroup[];

const levelSuffix = (level: number) => ` (level ${level})`;
const QUEUE_NAMES = { building: 'Build', research: 'Research', recruitment: 'Recruitment', defense: 'Defense' } as const satisfies Record<QueueKind, string>;
const info = (message: string, refresh: RefreshGroup[]): EventEffect => ({ toast: { kind: 'info', message }, refresh });
const salvageFailed = (data: { details?: string | undefined }): EventEffect => ({ toast: { kind: 'error', message: `Salvage mission failed: ${data.details || 'Unknown reason'}` }, refresh: [...SALVAGE] });
const spyFailed = (data: { details?: string | undefined }): EventEffect => ({ toast: { kind: 'error', message: `Espionage failed: ${data.details || 'Unknown reason'}` }, refresh: ['movements'] });
const alliance = (message: string) => (): EventEffect => info(message, ['alliances', 'currentUser']);

/**
 * A launch: the sender's own dispatch already said so in the spec's words ('Army launched to R-S-P! ETA: ...'),
 * so their FLEET_LAUNCHED only refreshes (one action, one toast); an attack on the player's territory is
 * loud (the attack banner takes it from the movements list); anything else is 'Fleet launched.'.
 */
function launchEffect(notification: { message_type: string; title: string } | undefined): EventEffect {
  if (notification?.message_type === 'FLEET_LAUNCHED') return { toast: null, refresh: [...FLEET] };
  if (notification?.message_type === 'INCOMING_ATTACK_WARNING') return { toast: { kind: 'warning', message: `${notification.title}!` }, refresh: [...FLEET] };
  return info('Fleet launched.', [...FLEET]);
}

const EFFECTS: { [E in GameEventName]: Handler<E> } = {
  // One toast a start or cancel (completions have their own); a stock change never toasts: decision 7.
  QUEUE_ITEM_UPDATED: (d) => info(`${QUEUE_NAMES[d.queueType]} queue updated.`, ['queues', 'territories', 'stats']),
  RESOURCE_UPDATE: () => ({ toast: null, refresh: ['territories'] }),
  CONSTRUCTION_COMPLETED: (d, nameOf) => ({ toast: { kind: 'success', message: `${nameOf(d.structure_key)} construction completed${levelSuffix(d.level)}.` }, refresh: [...COMPLETION] }),
  RESEARCH_COMPLETED: (d, nameOf) => ({ toast: { kind: 'success', message: `${nameOf(d.tech_key)} research completed${levelSuffix(d.level)}.` }, refresh: [...COMPLETION] }),
  UNIT_RECRUITMENT_COMPLETED: (d, nameOf) => ({ toast: { kind: 'success', message: `${d.quantity} × ${nameOf(d.unit_key)} recruited.` }, refresh: [...COMPLETION] }),
  DEFENSE_CONSTRUCTION_COMPLETED: (d, nameOf) => ({ toast: { kind: 'success', message: `${d.quantity} × ${nameOf(d.defense_key)} built.` }, refresh: [...COMPLETION] }),
  MOVEMENT_STARTED: (d) => launchEffect(d.notification),
  MOVEMENT_CANCELLED: () => info('Fleet recalled.', [...FLEET]),
  MOVEMENT_ARRIVED: (d) => info(d.notification?.title || 'A fleet has arrived.', [...FLEET]),
  FLEET_RETURNED_TO_ORIGIN: () => info('A fleet has returned home.', [...FLEET, 'stats']),
  COLONIZATION_SUCCESSFUL: () => ({ toast: { kind: 'success', message: 'Colonization successful! A new territory joins your swarm.' }, refresh: [...FLEET, 'stats', 'currentUser', 'map'] }),
  COLONIZATION_FAILED: (d) => ({ toast: { kind: 'error', message: `Colonization failed: ${d.reason || d.details || 'Unknown reason'}` }, refresh: [...FLEET] }),
  SALVAGE_SUCCESSFUL: () => ({ toast: { kind: 'success', message: 'Salvage mission completed.' }, refresh: [...SALVAGE] }),
  SALVAGE_FAILED_NO_WRECKAGE: salvageFailed,
  SALVAGE_FAILED_EMPTY_WRECKAGE: salvageFailed,
  SALVAGE_FAILED_NO_CAPABILITY: salvageFailed,
  SALVAGE_FAILED_NO_CARGO: salvageFailed,
  SALVAGE_FAILED_DATABASE_ERROR: salvageFailed,
  SALVAGE_FAILED_UNEXPECTED_ERROR: salvageFailed,
  WRECKAGE_FIELD_SPAWNED: () => info('A wreckage field has formed.', ['wreckage']),
  WRECKAGE_FIELD_DEPLETED: () => info('A wreckage field has been depleted.', ['wreckage']),
  COMBAT_REPORT: () => ({ toast: { kind: 'warning', message: 'Combat report received.' }, refresh: [...BATTLE] }),
  DEFENSE_REPORT: () => ({ toast: { kind: 'warning', message: 'Your territory was attacked: defense report received.' }, refresh: [...BATTLE] }),
  SPY_REPORT: () => info('Spy report received.', ['movements']),
  SPY_DETECTED_BY_TARGET: () => ({ toast: { kind: 'warning', message: 'Enemy spies were detected near your territory!' }, refresh: [] }),
  SPY_FAILED_TARGET_NOT_FOUND: spyFailed,
  SPY_FAILED_OWN_TERRITORY: spyFailed,
  ALLIANCE_APPLICATION_RECEIVED: alliance('A new application to your alliance has arrived.'),
  ALLIANCE_APPLICATION_ACCEPTED: alliance('Your alliance application was accepted!'),
  ALLIANCE_APPLICATION_REJECTED: alliance('Your alliance application was rejected.'),
  ALLIANCE_MEMBER_JOINED: alliance('A new member joined your alliance.'),
  ALLIANCE_MEMBER_LEFT: alliance('A member left your alliance.'),
  ALLIANCE_MEMBER_KICKED: alliance('A member was removed from your alliance.'),
  ALLIANCE_RANK_CHANGED: alliance('An alliance rank has changed.'),
  ALLIANCE_LEADERSHIP_CHANGED: alliance('Your alliance has a new leader.'),
  ALLIANCE_DISBANDED: alliance('Your alliance has been disbanded.'),
  ALLIANCE_SLOTS_CHANGED: alliance('Your alliance member slots have changed.'),
  NEW_NOTIFICATION_RECEIVED: (d) => info(d.title || 'New notification received.', ['notifications', 'unreadCount']),
  ACCOUNT_SUSPENDED: (d) => ({ toast: null, refresh: [], endSession: suspendedSentence(d.reason) }),
  ANNOUNCEMENT: (d) => info(`Announcement: ${d.title}`, ['notifications', 'unreadCount']),
  // A card read dims in place: only reading them all at once toasts (decision 7).
  MESSAGE_RECEIVED: (d) => info(`${d.is_circular ? 'Alliance circular' : 'New message'} from ${d.sender_username}: ${d.subject}`, ['messages']),
  NOTIFICATION_UPDATED: (d) => ({ toast: 'all_read' in d ? { kind: 'info', message: `${d.count} notifications marked as read.` } : null, refresh: ['unreadCount'], markStale: ['notifications'] }),
};

/** The effect of a (validated) event; one that stored a notification also refreshes the notification lists. */
export function effectOf<E extends GameEventName>({ event, data }: GameEventMessage<E>, nameOf: NameOf): EventEffect {
  const effect = (EFFECTS[event] as Handler<E>)(data, nameOf);
  const carriesNotification = typeof data === 'object' && data !== null && 'notification' in data && data.notification !== undefined;
  return carriesNotification ? { ...effect, refresh: [...effect.refresh, 'notifications', 'unreadCount'] } : effect;
}

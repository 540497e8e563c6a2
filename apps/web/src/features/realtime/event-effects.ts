/**
 * What each real-time event does in the browser (social spec §7): the toast it shows and the data it
 * refreshes. Pure, so the table is tested without sockets.
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
}

type Data = Record<string, unknown>;
type NameOf = (key: string) => string;

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : typeof v === 'number' ? String(v) : null);

const COMPLETION = ['queues', 'territories', 'stats', 'currentUser'] as const satisfies RefreshGroup[];
const FLEET = ['movements', 'territories'] as const satisfies RefreshGroup[];
const BATTLE = ['movements', 'territories', 'stats', 'wreckage', 'currentUser'] as const satisfies RefreshGroup[];

const ALLIANCE_TEXT: Record<string, string> = {
  ALLIANCE_APPLICATION_RECEIVED: 'A new application to your alliance has arrived.',
  ALLIANCE_APPLICATION_ACCEPTED: 'Your alliance application was accepted!',
  ALLIANCE_APPLICATION_REJECTED: 'Your alliance application was rejected.',
  ALLIANCE_MEMBER_JOINED: 'A new member joined your alliance.',
  ALLIANCE_MEMBER_LEFT: 'A member left your alliance.',
  ALLIANCE_MEMBER_KICKED: 'A member was removed from your alliance.',
  ALLIANCE_RANK_CHANGED: 'An alliance rank has changed.',
  ALLIANCE_LEADERSHIP_CHANGED: 'Your alliance has a new leader.',
  ALLIANCE_LEADERSHIP_TRANSFERRED: 'Your alliance has a new leader.',
  ALLIANCE_DISBANDED: 'Your alliance has been disbanded.',
  ALLIANCE_SLOTS_CHANGED: 'Your alliance member slots have changed.',
};

/** The effect of `event` with payload `data`, or null for an event this client does not know. */
export function effectOf(event: string, data: unknown, nameOf: NameOf): EventEffect | null {
  const d: Data = typeof data === 'object' && data !== null ? (data as Data) : {};
  const item = (key: unknown) => (typeof key === 'string' ? nameOf(key) : 'Item');
  const qty = str(d.quantity);
  switch (event) {
    case 'QUEUE_ITEM_UPDATED':
      return { toast: null, refresh: ['queues', 'territories', 'stats'] };
    case 'RESOURCE_UPDATE':
      return { toast: null, refresh: ['territories'] };
    case 'CONSTRUCTION_COMPLETED':
      return { toast: { kind: 'success', message: `${item(d.structure_key)} construction completed${str(d.level) ? ` (level ${str(d.level)})` : ''}.` }, refresh: [...COMPLETION] };
    case 'RESEARCH_COMPLETED':
      return { toast: { kind: 'success', message: `${item(d.tech_key)} research completed${str(d.level) ? ` (level ${str(d.level)})` : ''}.` }, refresh: [...COMPLETION] };
    case 'UNIT_RECRUITMENT_COMPLETED':
      return { toast: { kind: 'success', message: `${qty ? `${qty} × ` : ''}${item(d.unit_key)} recruited.` }, refresh: [...COMPLETION] };
    case 'DEFENSE_CONSTRUCTION_COMPLETED':
      return { toast: { kind: 'success', message: `${qty ? `${qty} × ` : ''}${item(d.defense_key)} built.` }, refresh: [...COMPLETION] };
    case 'MOVEMENT_STARTED':
      return { toast: { kind: 'info', message: 'Fleet launched.' }, refresh: [...FLEET] };
    case 'MOVEMENT_CANCELLED':
      return { toast: { kind: 'info', message: 'Fleet recalled.' }, refresh: [...FLEET] };
    case 'FLEET_RETURNED_TO_ORIGIN':
      return { toast: { kind: 'info', message: 'A fleet has returned home.' }, refresh: [...FLEET, 'stats'] };
    case 'COLONIZATION_SUCCESSFUL':
      return { toast: { kind: 'success', message: 'Colonization successful! A new territory joins your swarm.' }, refresh: [...FLEET, 'stats', 'currentUser', 'map'] };
    case 'COLONIZATION_FAILED':
      return { toast: { kind: 'error', message: `Colonization failed: ${str(d.reason) ?? str(d.details) ?? 'Unknown reason'}` }, refresh: [...FLEET] };
    case 'WRECKAGE_FIELD_SPAWNED':
      return { toast: { kind: 'info', message: 'A wreckage field has formed.' }, refresh: ['wreckage'] };
    case 'WRECKAGE_FIELD_DEPLETED':
      return { toast: { kind: 'info', message: 'A wreckage field has been depleted.' }, refresh: ['wreckage'] };
    case 'COMBAT_REPORT':
      return { toast: { kind: 'warning', message: 'Combat report received.' }, refresh: [...BATTLE] };
    case 'DEFENSE_REPORT':
      return { toast: { kind: 'warning', message: 'Your territory was attacked: defense report received.' }, refresh: [...BATTLE] };
    case 'SPY_REPORT':
      return { toast: { kind: 'info', message: 'Spy report received.' }, refresh: ['movements'] };
    case 'SPY_DETECTED_BY_TARGET':
      return { toast: { kind: 'warning', message: 'Enemy spies were detected near your territory!' }, refresh: [] };
    case 'NEW_NOTIFICATION_RECEIVED':
      return { toast: { kind: 'info', message: str(d.title) ?? 'New notification received.' }, refresh: ['notifications', 'unreadCount'] };
    case 'NOTIFICATION_UPDATED':
      return { toast: null, refresh: ['unreadCount'], markStale: ['notifications'] };
  }
  if (event.startsWith('SALVAGE_')) {
    const failed = event.includes('FAIL');
    return {
      toast: failed ? { kind: 'error', message: `Salvage mission failed: ${str(d.details) ?? 'Unknown reason'}` } : { kind: 'success', message: 'Salvage mission completed.' },
      refresh: ['movements', 'wreckage', 'territories'],
    };
  }
  if (event.startsWith('SPY_FAILED_')) {
    return { toast: { kind: 'error', message: `Espionage failed: ${str(d.details) ?? 'Unknown reason'}` }, refresh: ['movements'] };
  }
  if (event.startsWith('ALLIANCE_')) {
    return { toast: { kind: 'info', message: ALLIANCE_TEXT[event] ?? 'Your alliance has news.' }, refresh: ['alliances', 'currentUser'] };
  }
  return null;
}

/**
 * Notification types whose event also arrives as its own real-time event (a completion raises
 * NEW_NOTIFICATION_RECEIVED and CONSTRUCTION_COMPLETED). One toast per happening: the specific one.
 */
export function mirroredEvent(messageType: string): string | null {
  const direct: Record<string, string> = {
    BUILDING_CONSTRUCTION_COMPLETED: 'CONSTRUCTION_COMPLETED',
    RESEARCH_PROJECT_COMPLETED: 'RESEARCH_COMPLETED',
    UNIT_RECRUITMENT_COMPLETED: 'UNIT_RECRUITMENT_COMPLETED',
    DEFENSE_CONSTRUCTION_COMPLETED: 'DEFENSE_CONSTRUCTION_COMPLETED',
    COMBAT_REPORT: 'COMBAT_REPORT',
    DEFENSE_REPORT: 'DEFENSE_REPORT',
    SPY_REPORT: 'SPY_REPORT',
    SPY_DETECTED_BY_TARGET: 'SPY_DETECTED_BY_TARGET',
    FLEET_RETURNED_TO_ORIGIN: 'FLEET_RETURNED_TO_ORIGIN',
    COLONIZATION_SUCCESSFUL: 'COLONIZATION_SUCCESSFUL',
    COLONIZATION_FAILED: 'COLONIZATION_FAILED',
  };
  if (direct[messageType]) return direct[messageType];
  if (messageType.startsWith('SALVAGE_') || messageType.startsWith('SPY_FAILED_')) return messageType;
  return null;
}

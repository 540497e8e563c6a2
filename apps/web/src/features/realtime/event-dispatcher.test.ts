import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventDispatcher, MIRROR_WAIT_MS } from './event-dispatcher';
import { effectOf, type EventToast, type RefreshGroup } from './event-effects';

const names: Record<string, string> = { spore_vat: 'Spore Vat', hive_mind: 'Hive Mind', drone: 'Drone', spine_wall: 'Spine Wall' };
const nameOf = (key: string) => names[key] ?? key;

let toasts: EventToast[];
let refreshed: { groups: RefreshGroup[]; active: boolean }[];
let warnings: string[];
let dispatcher: EventDispatcher;

beforeEach(() => {
  vi.useFakeTimers();
  toasts = [];
  refreshed = [];
  warnings = [];
  dispatcher = new EventDispatcher({
    nameOf,
    showToast: (t) => toasts.push(t),
    refresh: (groups, active) => refreshed.push({ groups, active }),
    warn: (message) => warnings.push(message),
  });
});

afterEach(() => {
  dispatcher.dispose();
  vi.useRealTimers();
});

describe('EventDispatcher', () => {
  it('ignores an unknown event with a warning and changes nothing', () => {
    dispatcher.handle({ event: 'SOMETHING_NEW', data: {} });
    expect(warnings).toEqual(['Real-time: ignored unknown event SOMETHING_NEW']);
    expect(toasts).toEqual([]);
    expect(refreshed).toEqual([]);
  });

  it('a completion shows one toast, the specific one, although two events arrive', () => {
    dispatcher.handle({ event: 'NEW_NOTIFICATION_RECEIVED', data: { message_type: 'BUILDING_CONSTRUCTION_COMPLETED', title: 'Spore Vat reached level 2' } });
    dispatcher.handle({ event: 'CONSTRUCTION_COMPLETED', data: { structure_key: 'spore_vat', level: 2, territoryId: 1 } });
    vi.advanceTimersByTime(MIRROR_WAIT_MS * 3);
    expect(toasts).toEqual([{ kind: 'success', message: 'Spore Vat construction completed (level 2).' }]);
    expect(refreshed.flatMap((r) => r.groups)).toEqual(expect.arrayContaining(['notifications', 'unreadCount', 'queues', 'territories', 'stats', 'currentUser']));
  });

  it('the same in the other order', () => {
    dispatcher.handle({ event: 'RESEARCH_COMPLETED', data: { tech_key: 'hive_mind', level: 1 } });
    dispatcher.handle({ event: 'NEW_NOTIFICATION_RECEIVED', data: { message_type: 'RESEARCH_PROJECT_COMPLETED', title: 'Hive Mind researched' } });
    vi.advanceTimersByTime(MIRROR_WAIT_MS * 3);
    expect(toasts.map((t) => t.message)).toEqual(['Hive Mind research completed (level 1).']);
  });

  it("a notification whose specific event never comes still gets its toast, after a second", () => {
    dispatcher.handle({ event: 'NEW_NOTIFICATION_RECEIVED', data: { message_type: 'UNIT_RECRUITMENT_COMPLETED', title: '5 x Drone hatched' } });
    expect(toasts).toEqual([]);
    vi.advanceTimersByTime(MIRROR_WAIT_MS);
    expect(toasts).toEqual([{ kind: 'info', message: '5 x Drone hatched' }]);
  });

  it('a notification without a specific event toasts at once with its title', () => {
    dispatcher.handle({ event: 'NEW_NOTIFICATION_RECEIVED', data: { message_type: 'GENERIC_INFORMATION', title: 'Welcome, Overmind' } });
    expect(toasts).toEqual([{ kind: 'info', message: 'Welcome, Overmind' }]);
  });

  it('NOTIFICATION_UPDATED refreshes the count now and leaves open lists in place (stale only)', () => {
    dispatcher.handle({ event: 'NOTIFICATION_UPDATED', data: { id: 'x', is_read: true } });
    expect(refreshed).toEqual([
      { groups: ['unreadCount'], active: true },
      { groups: ['notifications'], active: false },
    ]);
    expect(toasts).toEqual([]);
  });
});

describe('effectOf: the spec texts', () => {
  it.each([
    ['COLONIZATION_FAILED', { reason: 'Position already taken' }, 'Colonization failed: Position already taken'],
    ['SALVAGE_FAILED_NO_WRECKAGE', { details: 'No wreckage at 3:4:5' }, 'Salvage mission failed: No wreckage at 3:4:5'],
    ['SALVAGE_FAILED_NO_CARGO', {}, 'Salvage mission failed: Unknown reason'],
    ['SPY_FAILED_TARGET_NOT_FOUND', { details: 'Nothing there' }, 'Espionage failed: Nothing there'],
    ['SPY_FAILED_OWN_TERRITORY', null, 'Espionage failed: Unknown reason'],
    ['UNIT_RECRUITMENT_COMPLETED', { unit_key: 'drone', quantity: 5 }, '5 × Drone recruited.'],
    ['DEFENSE_CONSTRUCTION_COMPLETED', { defense_key: 'spine_wall', quantity: 2 }, '2 × Spine Wall built.'],
  ])('%s', (event, data, message) => {
    expect(effectOf(event, data, nameOf)?.toast?.message).toBe(message);
  });

  it('every event the spec lists is handled and refreshes the data it names', () => {
    const handled = [
      'QUEUE_ITEM_UPDATED', 'RESOURCE_UPDATE', 'CONSTRUCTION_COMPLETED', 'RESEARCH_COMPLETED', 'UNIT_RECRUITMENT_COMPLETED',
      'DEFENSE_CONSTRUCTION_COMPLETED', 'MOVEMENT_STARTED', 'MOVEMENT_CANCELLED', 'FLEET_RETURNED_TO_ORIGIN', 'COLONIZATION_SUCCESSFUL',
      'COLONIZATION_FAILED', 'SALVAGE_SUCCESSFUL', 'SALVAGE_FAILED_NO_CARGO', 'WRECKAGE_FIELD_SPAWNED', 'WRECKAGE_FIELD_DEPLETED',
      'COMBAT_REPORT', 'DEFENSE_REPORT', 'SPY_REPORT', 'SPY_DETECTED_BY_TARGET', 'SPY_FAILED_OWN_TERRITORY',
      'ALLIANCE_APPLICATION_RECEIVED', 'ALLIANCE_DISBANDED', 'ALLIANCE_SOMETHING_LATER', 'NEW_NOTIFICATION_RECEIVED', 'NOTIFICATION_UPDATED',
    ];
    for (const event of handled) expect(effectOf(event, {}, nameOf), event).not.toBeNull();
    expect(effectOf('QUEUE_ITEM_UPDATED', {}, nameOf)?.refresh).toEqual(['queues', 'territories', 'stats']);
    expect(effectOf('MOVEMENT_STARTED', {}, nameOf)?.refresh).toContain('movements');
    expect(effectOf('WRECKAGE_FIELD_SPAWNED', {}, nameOf)?.refresh).toEqual(['wreckage']);
    expect(effectOf('ALLIANCE_MEMBER_KICKED', {}, nameOf)?.refresh).toEqual(['alliances', 'currentUser']);
  });
});

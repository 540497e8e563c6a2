import { beforeEach, describe, expect, it } from 'vitest';
import { GAME_EVENT_NAMES } from '@brood/contracts';
import { dispatchEvent, type DispatcherDeps } from './event-dispatcher';
import type { EventToast, RefreshGroup } from './event-effects';

const names: Record<string, string> = { spore_vat: 'Spore Vat', hive_mind: 'Hive Mind', drone: 'Drone', spine_wall: 'Spine Wall' };
const nameOf = (key: string) => names[key] ?? key;

let toasts: EventToast[];
let refreshed: { groups: RefreshGroup[]; active: boolean }[];
let warnings: string[];
let ended: string[];
let deps: DispatcherDeps;

beforeEach(() => {
  toasts = [];
  refreshed = [];
  warnings = [];
  ended = [];
  deps = {
    nameOf,
    showToast: (t) => toasts.push(t),
    refresh: (groups, active) => refreshed.push({ groups, active }),
    warn: (message) => warnings.push(message),
    endSession: (message) => ended.push(message),
  };
});

const notification = { id: 'n1', message_type: 'BUILDING_CONSTRUCTION_COMPLETED', title: 'Spore Vat reached level 2', related_object_id: 'q1', created_at: '2030-01-01T00:00:00.000Z' };

describe('dispatchEvent', () => {
  it('ignores an unknown event with a warning and changes nothing', () => {
    dispatchEvent(deps, { event: 'SOMETHING_NEW', data: {} });
    expect(warnings).toEqual(['Real-time: ignored unknown event SOMETHING_NEW']);
    expect(toasts).toEqual([]);
    expect(refreshed).toEqual([]);
  });

  it('ignores a known event whose payload breaks its contract', () => {
    dispatchEvent(deps, { event: 'CONSTRUCTION_COMPLETED', data: { structure_key: 'spore_vat' } });
    expect(warnings).toHaveLength(1);
    expect(toasts).toEqual([]);
    expect(refreshed).toEqual([]);
  });

  it('a completion is one message: one toast, and it refreshes the notifications it stored with everything else', () => {
    dispatchEvent(deps, { event: 'CONSTRUCTION_COMPLETED', data: { queueType: 'building', territory_id: 1, structure_key: 'spore_vat', level: 2, notification } });
    expect(toasts).toEqual([{ kind: 'success', message: 'Spore Vat construction completed (level 2).' }]);
    expect(refreshed).toEqual([{ groups: ['queues', 'territories', 'stats', 'currentUser', 'notifications', 'unreadCount'], active: true }]);
  });

  it('research completes with its own sentence', () => {
    dispatchEvent(deps, { event: 'RESEARCH_COMPLETED', data: { queueType: 'research', territory_id: null, tech_key: 'hive_mind', level: 1 } });
    expect(toasts.map((t) => t.message)).toEqual(['Hive Mind research completed (level 1).']);
  });

  it('a notification without an event of its own toasts at once with its title', () => {
    dispatchEvent(deps, { event: 'NEW_NOTIFICATION_RECEIVED', data: { ...notification, message_type: 'GENERIC_INFORMATION', title: 'Welcome, Overmind' } });
    expect(toasts).toEqual([{ kind: 'info', message: 'Welcome, Overmind' }]);
    expect(refreshed).toEqual([{ groups: ['notifications', 'unreadCount'], active: true }]);
  });

  it('a suspension ends the session with its reason, and nothing else', () => {
    dispatchEvent(deps, { event: 'ACCOUNT_SUSPENDED', data: { reason: 'Scripted farming' } });
    expect(ended).toEqual(['Your account is suspended. Reason: Scripted farming']);
    expect(toasts).toEqual([]);
    expect(refreshed).toEqual([]);
  });

  it('an announcement toasts its title and refreshes the notifications', () => {
    dispatchEvent(deps, { event: 'ANNOUNCEMENT', data: { title: 'Maintenance at 04:00' } });
    expect(toasts).toEqual([{ kind: 'info', message: 'Announcement: Maintenance at 04:00' }]);
    expect(refreshed).toEqual([{ groups: ['notifications', 'unreadCount'], active: true }]);
    expect(ended).toEqual([]);
  });

  it('NOTIFICATION_UPDATED refreshes the count now and leaves open lists in place (stale only)', () => {
    dispatchEvent(deps, { event: 'NOTIFICATION_UPDATED', data: { id: 'x', is_read: true } });
    expect(refreshed).toEqual([
      { groups: ['unreadCount'], active: true },
      { groups: ['notifications'], active: false },
    ]);
    expect(toasts).toEqual([]);
  });

  it('toasts a queue change and a mark-all-read once each, and neither a single card read nor a stock change (social 7, decision 7)', () => {
    dispatchEvent(deps, { event: 'QUEUE_ITEM_UPDATED', data: { queueType: 'building', territory_id: 3 } });
    dispatchEvent(deps, { event: 'QUEUE_ITEM_UPDATED', data: { queueType: 'research', territory_id: null } });
    dispatchEvent(deps, { event: 'NOTIFICATION_UPDATED', data: { all_read: true, count: 12 } });
    expect(toasts).toEqual([
      { kind: 'info', message: 'Build queue updated.' },
      { kind: 'info', message: 'Research queue updated.' },
      { kind: 'info', message: '12 notifications marked as read.' },
    ]);
    toasts = [];
    dispatchEvent(deps, { event: 'NOTIFICATION_UPDATED', data: { id: 'x', is_read: true } });
    dispatchEvent(deps, { event: 'RESOURCE_UPDATE', data: { territory_id: 3 } });
    expect(toasts).toEqual([]);
  });
});

describe('the spec texts', () => {
  it.each([
    ['COLONIZATION_FAILED', { movement_id: 'm1', reason: 'Position already taken' }, 'Colonization failed: Position already taken'],
    ['SALVAGE_FAILED_NO_WRECKAGE', { details: 'No wreckage at 3:4:5' }, 'Salvage mission failed: No wreckage at 3:4:5'],
    ['SALVAGE_FAILED_NO_CARGO', {}, 'Salvage mission failed: Unknown reason'],
    ['SPY_FAILED_TARGET_NOT_FOUND', { details: 'Nothing there' }, 'Espionage failed: Nothing there'],
    ['SPY_FAILED_OWN_TERRITORY', {}, 'Espionage failed: Unknown reason'],
    ['UNIT_RECRUITMENT_COMPLETED', { queueType: 'recruitment', territory_id: 1, unit_key: 'drone', quantity: 5 }, '5 × Drone recruited.'],
    ['DEFENSE_CONSTRUCTION_COMPLETED', { queueType: 'defense', territory_id: 1, defense_key: 'spine_wall', quantity: 2 }, '2 × Spine Wall built.'],
  ])('%s', (event, data, message) => {
    dispatchEvent(deps, { event, data });
    expect(warnings).toEqual([]);
    expect(toasts.map((t) => t.message)).toEqual([message]);
  });

  it("one action, one toast: the sender's own launch only refreshes (the dispatch form toasts), an attack on the player toasts loud", () => {
    const ref = (message_type: string, title: string) => ({ id: 'n1', message_type, title, related_object_id: 'm1', created_at: '2026-01-01T00:00:00Z' });
    dispatchEvent(deps, { event: 'MOVEMENT_STARTED', data: { movement_id: 'm1', territory_id: 1, notification: ref('FLEET_LAUNCHED', 'Attack fleet launched to 1-2-3') } });
    expect(toasts).toEqual([]);
    expect(refreshed.flatMap((r) => r.groups)).toContain('movements');
    dispatchEvent(deps, { event: 'MOVEMENT_STARTED', data: { movement_id: 'm2', territory_id: 7, notification: ref('INCOMING_ATTACK_WARNING', 'Incoming attack on Hive (1-2-3)') } });
    expect(toasts).toEqual([{ kind: 'warning', message: 'Incoming attack on Hive (1-2-3)!' }]);
    dispatchEvent(deps, { event: 'MOVEMENT_STARTED', data: { movement_id: 'm3', territory_id: 7 } });
    expect(toasts.map((t) => t.message)).toEqual(['Incoming attack on Hive (1-2-3)!', 'Fleet launched.']);
  });

  it('refreshes the data each kind of event names', () => {
    const groupsOf = (event: string, data: unknown) => {
      refreshed = [];
      dispatchEvent(deps, { event, data });
      return refreshed.flatMap((r) => r.groups);
    };
    expect(groupsOf('QUEUE_ITEM_UPDATED', { queueType: 'building', territory_id: 3 })).toEqual(['queues', 'territories', 'stats']);
    expect(groupsOf('MOVEMENT_STARTED', { movement_id: 'm1' })).toContain('movements');
    expect(groupsOf('WRECKAGE_FIELD_SPAWNED', { wreckage_field_id: 'w1', region: 1, sub_region: 2, position: 3 })).toEqual(['wreckage']);
    expect(groupsOf('ALLIANCE_MEMBER_KICKED', { alliance_id: 4 })).toEqual(['alliances', 'currentUser']);
  });

  it('every event of the contract is known to the client', () => {
    for (const event of GAME_EVENT_NAMES) {
      warnings = [];
      dispatchEvent(deps, { event, data: undefined });
      expect(warnings.join(), event).not.toContain('unknown event');
    }
  });
});

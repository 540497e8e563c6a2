import { describe, expect, it } from 'vitest';
import { exampleNotifications } from '../../../tests/e2e/notifications-examples';
import { GAME_EVENT_NAMES, GAME_EVENTS, parseGameEvent } from './events';
import { MESSAGE_TYPES, type MessageType } from './message-types';
import { NOTIFICATION_CONTENT, parseNotificationContent } from './notification-contents';

describe('notification contents', () => {
  it('every message type has a content schema', () => {
    expect(Object.keys(NOTIFICATION_CONTENT).sort()).toEqual([...MESSAGE_TYPES].sort());
  });

  it('accepts every example card the browser tests show (the shapes of social spec section 3)', () => {
    for (const n of exampleNotifications(7)) {
      const result = parseNotificationContent(n.message_type as MessageType, n.content);
      expect(result, `${n.message_type}: ${JSON.stringify(n.content).slice(0, 80)}`).toMatchObject({ ok: true });
    }
  });

  it.each([
    ['COMBAT_REPORT', { participant_results: [] }, 'outcome'],
    ['COMBAT_REPORT', { outcome: 'DRAW' }, 'participant_results'],
    ['SPY_REPORT', { detail_level: 2 }, 'names its target'],
    ['SPY_DETECTED_BY_TARGET', { target_coords: [1, 2, 3] }, 'source_region'],
    ['EXPLORATION_SUCCESSFUL', { message: 'no event type' }, 'event_type'],
    ['MULTI_PARTY_ATTACK_INVITATION_RECEIVED', { invitation_id: 4 }, 'target_coords'],
    ['BUILDING_CONSTRUCTION_COMPLETED', { item_name: 'Vat' }, 'level_or_quantity'],
    ['TRANSPORT_COMPLETED', { origin_coords: [1, 2] }, 'origin_coords'],
  ] as const)('refuses a %s without what its card needs', (type, content, problem) => {
    const result = parseNotificationContent(type, content);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.problem).toContain(problem);
  });
});

describe('events', () => {
  it('names every event of social spec section 7 once', () => {
    expect(new Set(GAME_EVENT_NAMES).size).toBe(GAME_EVENT_NAMES.length);
    for (const name of ['QUEUE_ITEM_UPDATED', 'RESOURCE_UPDATE', 'MOVEMENT_STARTED', 'WRECKAGE_FIELD_DEPLETED', 'SPY_FAILED_OWN_TERRITORY', 'NOTIFICATION_UPDATED']) {
      expect(GAME_EVENTS).toHaveProperty(name);
    }
  });

  it('accepts a known event with its payload and refuses unknown names and wrong payloads', () => {
    expect(parseGameEvent('RESOURCE_UPDATE', { territory_id: 3 })).toMatchObject({ ok: true, message: { event: 'RESOURCE_UPDATE', data: { territory_id: 3 } } });
    expect(parseGameEvent('MARKER', {})).toEqual({ ok: false, problem: 'unknown event MARKER' });
    expect(parseGameEvent('RESOURCE_UPDATE', { territoryId: 3 })).toMatchObject({ ok: false });
  });
});

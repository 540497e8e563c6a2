import { describe, expect, it } from 'vitest';
import { MESSAGE_TYPES, type MessageType } from '@brood/contracts';
import { NOTIFICATION_KINDS, type NotificationKind } from './notification-registry';
import { CENTRE_FILTERS, PAGE_FILTERS } from './notification-types';

describe('the notification registry', () => {
  it('has a row for every message type of contracts, and a type without one does not compile', () => {
    expect(Object.keys(NOTIFICATION_KINDS).sort()).toEqual([...MESSAGE_TYPES].sort());
    // @ts-expect-error a message type contracts would add without a row here
    const withNewType: Record<MessageType | 'NEW_MESSAGE_TYPE', NotificationKind> = NOTIFICATION_KINDS;
    expect(withNewType).toBe(NOTIFICATION_KINDS);
  });

  it('puts every type under exactly one filter of the page, and the centre\'s filters as social §2.2 lists them', () => {
    const onPage = Object.values(PAGE_FILTERS).flatMap((f) => f.types ?? []);
    expect([...onPage].sort()).toEqual([...MESSAGE_TYPES].sort());
    expect(CENTRE_FILTERS.completions.types).toEqual(['BUILDING_CONSTRUCTION_COMPLETED', 'DEFENSE_CONSTRUCTION_COMPLETED', 'UNIT_RECRUITMENT_COMPLETED']);
    expect(CENTRE_FILTERS.system.types).toEqual(['INCOMING_ATTACK_WARNING', 'GENERIC_INFORMATION', 'SYSTEM_ERROR_NOTIFICATION']);
    expect(PAGE_FILTERS.fleet.types).toContain('ALLIED_STATIONING_CANCELLED_BY_TARGET');
    expect(PAGE_FILTERS.failures.types).toEqual(['ATTACK_FAILED_TARGET_NOT_FOUND', 'ATTACK_FAILED_OWN_TERRITORY']);
  });
});

import { describe, expect, it } from 'vitest';
import { effectOf } from './event-effects';

describe('MESSAGE_RECEIVED', () => {
  it('toasts who wrote and what about, and refreshes the messages (the unread count with them)', () => {
    const effect = effectOf({ event: 'MESSAGE_RECEIVED', data: { id: 1, sender_id: 7, sender_username: 'Zerg_Queen', subject: 'Deal?', is_circular: false } }, (k) => k);
    expect(effect).toEqual({ toast: { kind: 'info', message: 'New message from Zerg_Queen: Deal?' }, refresh: ['messages'] });
  });

  it('names a circular as one', () => {
    const effect = effectOf({ event: 'MESSAGE_RECEIVED', data: { id: 2, sender_id: 7, sender_username: 'Lead', subject: 'Muster', is_circular: true } }, (k) => k);
    expect(effect.toast).toEqual({ kind: 'info', message: 'Alliance circular from Lead: Muster' });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { DAY_MS, HOUR_MS, expiryState } from './expiry';
import { ExpiryCountdown } from './expiry-countdown';

const now = Date.UTC(2030, 0, 1, 12);

describe('expiryState (guest countdown colours)', () => {
  it('is calm with more than a day left', () => {
    const state = expiryState(new Date(now + 2 * DAY_MS + 5000), now);
    expect(state).toMatchObject({ tone: 'calm', pulsing: false, text: 'Expires in 2d 0h 0m 5s' });
  });

  it('turns yellow under 24 hours', () => {
    expect(expiryState(new Date(now + DAY_MS - 1000).toISOString(), now)).toMatchObject({ tone: 'warning', color: 'yellow.5', pulsing: false });
    expect(expiryState(new Date(now + DAY_MS), now).tone).toBe('calm');
  });

  it('turns red and pulses under one hour', () => {
    const state = expiryState(new Date(now + HOUR_MS - 1000), now);
    expect(state).toMatchObject({ tone: 'urgent', color: 'red.5', pulsing: true, text: 'Expires in 59m 59s' });
  });

  it("reads 'Expired!' once the time has passed", () => {
    expect(expiryState(new Date(now - 1), now)).toMatchObject({ text: 'Expired!', pulsing: false });
    expect(expiryState(new Date(now), now).text).toBe('Expired!');
  });

  it("reads 'Invalid Date' for an unreadable expiry", () => {
    expect(expiryState('soon', now).text).toBe('Invalid Date');
    expect(expiryState(null, now).text).toBe('Invalid Date');
  });
});

describe('ExpiryCountdown', () => {
  afterEach(() => vi.useRealTimers());

  it('ticks every second and starts pulsing in the last hour', () => {
    vi.useFakeTimers({ now, toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    renderWithProviders(<ExpiryCountdown expiresAt={new Date(now + HOUR_MS + 2000).toISOString()} />);
    const badge = screen.getByTestId('guest-expiry');
    expect(badge.textContent).toContain('Expires in 1h 0m 2s');
    expect(badge.getAttribute('data-tone')).toBe('warning');
    expect(badge.className).not.toContain('bs-pulse');
    act(() => vi.advanceTimersByTime(3000));
    expect(badge.textContent).toContain('Expires in 59m 59s');
    expect(badge.getAttribute('data-tone')).toBe('urgent');
    expect(badge.className).toContain('bs-pulse');
  });
});

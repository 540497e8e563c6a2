import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { joinTiming, openSeats } from './multi-party';

const now = fc.integer({ min: 0, max: 2_000_000_000_000 });
const ms = fc.integer({ min: 0, max: 10_000_000_000 });
const flight = fc.integer({ min: 1, max: 10_000_000 });
const share = fc.double({ min: 0, max: 1, noNaN: true });

describe('joining a multi-party attack', () => {
  it('an early joiner arrives exactly with the group, moving nobody', () => {
    fc.assert(
      fc.property(now, flight, ms, share, (t, f, slack, s) => {
        const group = t + f * 1000 + slack;
        expect(joinTiming(group, t, f, s)).toEqual({ ok: true, arrivalMs: group, delayMs: 0 });
      }),
    );
  });

  it('a late joiner is accepted exactly when its delay is within the share of the main fleet\'s remaining flight', () => {
    fc.assert(
      fc.property(now, flight, ms, share, (t, f, remaining, s) => {
        const group = t + remaining;
        const result = joinTiming(group, t, f, s);
        const late = t + f * 1000 - group;
        if (late <= 0) {
          expect(result.ok).toBe(true);
          return;
        }
        const allowed = Math.floor(remaining * s);
        if (result.ok) {
          expect(late).toBeLessThanOrEqual(allowed);
          expect(result.arrivalMs).toBe(t + f * 1000);
          expect(result.delayMs).toBe(late);
        } else {
          expect(result).toEqual({ ok: false, lateMs: late, allowedMs: allowed });
          expect(late).toBeGreaterThan(allowed);
        }
      }),
    );
  });

  it('never moves the group earlier, and never arrives before the joiner can', () => {
    fc.assert(
      fc.property(now, flight, ms, share, (t, f, remaining, s) => {
        const result = joinTiming(t + remaining, t, f, s);
        if (!result.ok) return;
        expect(result.arrivalMs).toBeGreaterThanOrEqual(t + remaining);
        expect(result.arrivalMs).toBeGreaterThanOrEqual(t + f * 1000);
        expect(result.arrivalMs - (t + remaining)).toBe(result.delayMs);
      }),
    );
  });

  it('with no share allowed only joiners in time are accepted', () => {
    expect(joinTiming(10_000, 0, 11, 0)).toEqual({ ok: false, lateMs: 1000, allowedMs: 0 });
    expect(joinTiming(10_000, 0, 10, 0)).toEqual({ ok: true, arrivalMs: 10_000, delayMs: 0 });
    // 30% of 100 s left allows 30 s: 130 s of flight is in, 131 s is out
    expect(joinTiming(100_000, 0, 130, 0.3)).toEqual({ ok: true, arrivalMs: 130_000, delayMs: 30_000 });
    expect(joinTiming(100_000, 0, 131, 0.3)).toEqual({ ok: false, lateMs: 31_000, allowedMs: 30_000 });
  });

  it('seats: never negative, and each member or invitation takes one', () => {
    fc.assert(
      fc.property(fc.nat(10), fc.nat(10), fc.nat(10), (max, joined, pending) => {
        const seats = openSeats(max, joined, pending);
        expect(seats).toBeGreaterThanOrEqual(0);
        expect(seats).toBe(Math.max(0, max - joined - pending));
      }),
    );
  });
});

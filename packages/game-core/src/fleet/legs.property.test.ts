import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isRecallable, legArrival, recallReturnArrival } from './legs';

const start = fc.integer({ min: 0, max: 2_000_000_000_000 });
const seconds = fc.integer({ min: 1, max: 10_000_000 });
const fraction = fc.double({ min: 0, max: 1, noNaN: true });

describe('recall timing properties', () => {
  it('a recalled fleet is home after exactly as long as it had flown', () => {
    fc.assert(
      fc.property(start, seconds, fraction, (s, leg, f) => {
        const arrival = legArrival(s, leg);
        const now = s + Math.floor(f * (arrival - s));
        const back = recallReturnArrival(s, arrival, now, leg);
        expect(back - now).toBe(now - s);
      }),
    );
  });

  it('is never later than flying the whole leg back from the target', () => {
    fc.assert(
      fc.property(start, seconds, fc.integer({ min: 0, max: 20_000_000_000 }), (s, leg, dt) => {
        const arrival = legArrival(s, leg);
        const now = s + dt;
        expect(recallReturnArrival(s, arrival, now, leg) - now).toBeLessThanOrEqual(arrival - s);
        expect(recallReturnArrival(s, arrival, now, leg)).toBeGreaterThanOrEqual(now);
      }),
    );
  });

  it('a stationed fleet flies the whole leg home', () => {
    fc.assert(
      fc.property(start, seconds, (now, leg) => {
        expect(recallReturnArrival(0, null, now, leg)).toBe(now + leg * 1000);
      }),
    );
  });

  it('only fleets not heading home and not yet arrived can be recalled', () => {
    fc.assert(
      fc.property(start, seconds, fc.integer({ min: 0, max: 20_000_000_000 }), (s, leg, dt) => {
        const arrival = legArrival(s, leg);
        expect(isRecallable('TRANSPORT', arrival, s + dt)).toBe(s + dt < arrival);
        expect(isRecallable('RETURN', arrival, s + dt)).toBe(false);
        expect(isRecallable('ALLIED_STATIONED', null, s + dt)).toBe(true);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectiveStatus, figures, finalLine, held, percentile, type Sample } from './metrics';
import { imbalance, type Ledger } from './world-check';

const sample = (over: Partial<Sample>): Sample => ({ kind: 'page', at: 0, ms: 10, status: 200, name: 'EMPIRE', ...over });

describe('a universe step’s figures', () => {
  it('takes the nearest-rank percentile: never below the share asked for', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e4, noNaN: true }), { minLength: 1 }), fc.integer({ min: 1, max: 100 }), (values, q) => {
        const p = percentile(values, q);
        expect(values.filter((v) => v <= p).length / values.length).toBeGreaterThanOrEqual(q / 100);
        expect(values).toContain(p);
      }),
    );
  });

  it('holds the bounds only with page p99 under 100 ms, command p99 under 200 ms, lag under 1 s and no 5xx', () => {
    const fast = [...Array.from({ length: 99 }, () => sample({ ms: 5 })), sample({ kind: 'command', ms: 150 })];
    const f = figures(fast, { online: 10, players: 50, seconds: 60 });
    expect(held(f, 900)).toBe(true);
    expect(held(f, 1000)).toBe(false);
    expect(held(figures([...fast, sample({ status: 502 })], { online: 10, players: 50, seconds: 60 }), 10)).toBe(false);
    expect(held(figures([...fast, sample({ status: 0 })], { online: 10, players: 50, seconds: 60 }), 10)).toBe(false);
    expect(held(figures([sample({ ms: 100 })], { online: 10, players: 50, seconds: 60 }), 10)).toBe(false);
    expect(held(figures([sample({ kind: 'command', ms: 200 })], { online: 10, players: 50, seconds: 60 }), 10)).toBe(false);
  });

  it('leaves what a fault met (due inside its window, or still unanswered when it began) out of the latencies and the 5xx, but counts its statuses', () => {
    const skip = [{ from: 19_000, to: 25_000 }];
    const f = figures([sample({ at: 1000, ms: 5 }), sample({ at: 20_000, ms: 5000, status: 503 }), sample({ at: 18_990, ms: 15, status: 503 }), sample({ at: 18_000, ms: 900 })], { online: 1, players: 5, seconds: 60, skip });
    expect(f.p99.page).toBe(900);
    expect(f.fiveHundreds).toBe(0);
    expect(f.statuses).toEqual({ '200': 2, '503': 2 });
    expect(figures([sample({ at: 18_990, ms: 5, status: 503 })], { online: 1, players: 5, seconds: 60, skip }).fiveHundreds).toBe(1);
  });

  it('names each call that was refused, failed without an answer or answered 5xx, with one of its messages', () => {
    const f = figures(
      [sample({}), sample({ status: 404, name: 'construction.cancel', detail: 'Queue item not found' }), sample({ status: 0, detail: 'the connection closed before an answer (ECONNRESET)' }), sample({ status: 503, name: 'movements.send', detail: 'down' })],
      { online: 10, players: 50, seconds: 60 },
    );
    expect(f.refusals).toEqual({
      'construction.cancel 404': { count: 1, detail: 'Queue item not found' },
      'EMPIRE failed': { count: 1, detail: 'the connection closed before an answer (ECONNRESET)' },
      'movements.send 503': { count: 1, detail: 'down' },
    });
  });

  it('counts a batch whose call failed with a 5xx as that 5xx, not as its 207', () => {
    expect(effectiveStatus(207, [{ data: 1 }, { error: 500 }])).toBe(500);
    expect(effectiveStatus(207, [{ data: 1 }, { error: 403 }])).toBe(207);
    expect(effectiveStatus(200, null)).toBe(200);
    expect(effectiveStatus(null, null)).toBe(0);
  });

  it('prints the last line in the issue’s words', () => {
    const f = figures([sample({ ms: 12.4 }), sample({ kind: 'command', ms: 40.6 })], { online: 1000, players: 5000, seconds: 60 });
    expect(finalLine(f, 310.2)).toBe('universe: 1000 online of 5000 players held: page p99 12 ms, command p99 41 ms, lag p99 310 ms, 5xx 0');
  });
});

describe('the world check’s unit ledger', () => {
  const empty: Ledger = { holdings: {}, recruited: {}, battleLost: {}, spiesLost: {}, exploreLost: {}, exploreGained: {} };
  it('balances when holdings moved by what was recruited, lost and gained', () => {
    const before: Ledger = { ...empty, holdings: { razorwing: 100, whisper_mite: 10 } };
    const after: Ledger = {
      holdings: { razorwing: 100 + 3 - 7 - 2, whisper_mite: 9, feral_drifter: 4 },
      recruited: { razorwing: 3 },
      battleLost: { razorwing: 7 },
      spiesLost: { whisper_mite: 1 },
      exploreLost: { razorwing: 2 },
      exploreGained: { feral_drifter: 4 },
    };
    expect(imbalance(before, after)).toEqual({});
  });

  it('names the kind whose units appeared or vanished', () => {
    const before: Ledger = { ...empty, holdings: { razorwing: 100 } };
    expect(imbalance(before, { ...empty, holdings: { razorwing: 99 } })).toEqual({ razorwing: -1 });
    expect(imbalance(before, { ...empty, holdings: { razorwing: 100, hauler_grub: 2 } })).toEqual({ hauler_grub: 2 });
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { levelledButtonState } from '../../components/catalogue/levelled-button';
import type { LevelledModel } from '../../components/catalogue/levelled-model';
import { READY_SHOWN, guideSteps, secondsUntilAffordable, type GuideEntry } from './guide-model';

function entry(key: string, o: { cost?: Record<string, number>; affordable?: boolean; unmet?: LevelledModel['unmet']; built?: number; tier?: number; kind?: GuideEntry['kind'] } = {}): GuideEntry {
  const unmet = o.unmet ?? [];
  const button = levelledButtonState({ kind: o.kind ?? 'structure', built: o.built ?? 0, queuedTargets: [], max: 10, prerequisitesMet: unmet.length === 0, queueFull: false, affordable: o.affordable ?? true });
  return { kind: o.kind ?? 'structure', key, name: key.toUpperCase(), model: { key, tier: o.tier ?? 1, built: o.built ?? 0, button, cost: o.cost ?? { fiber: 10 }, seconds: 60, unmet, gains: [] } };
}
const need = (key: string, required: number, current = 0) => ({ kind: 'structure' as const, key, name: key, required, current });

describe('guideSteps', () => {
  it('puts something new before another level of what the player has', () => {
    const steps = guideSteps([entry('owned', { cost: { fiber: 5 }, built: 2 }), entry('fresh', { cost: { fiber: 80 } })], null);
    expect(steps.ready.map((s) => s.key)).toEqual(['fresh', 'owned']);
    expect(steps.ready[1]!.action).toBe('Upgrade to Lvl 3');
  });

  it('lists what can start now, cheapest first, at most three', () => {
    const steps = guideSteps([entry('a', { cost: { fiber: 90 } }), entry('b', { cost: { fiber: 20 } }), entry('c', { cost: { fiber: 50 } }), entry('d', { cost: { fiber: 70 } }), entry('e', { affordable: false })], null);
    expect(steps.ready.map((s) => s.key)).toEqual(['b', 'c', 'd']);
    expect(steps.ready[0]).toEqual({ kind: 'structure', key: 'b', name: 'B', action: 'Build (Lvl 1)' });
    expect(READY_SHOWN).toBe(3);
  });

  it('names the locked item with the fewest missing levels, with its unmet prerequisites', () => {
    const far = entry('far', { unmet: [need('hive', 4)] });
    const near = entry('near', { unmet: [need('hive', 2, 1)], tier: 2 });
    const owned = entry('owned', { unmet: [need('hive', 1)], built: 1 });
    expect(guideSteps([far, near, owned], null).next).toEqual({ kind: 'structure', key: 'near', name: 'NEAR', unmet: [need('hive', 2, 1)] });
  });

  it('with nothing to start, points at what becomes affordable first', () => {
    const steps = guideSteps([entry('slow', { affordable: false, cost: { fiber: 400 } }), entry('quick', { affordable: false, cost: { crystal: 130 } })], {
      stock: { fiber: 100, crystal: 100 },
      ratesPerHour: { fiber: 60, crystal: 60 },
    });
    expect(steps.ready).toEqual([]);
    expect(steps.soonest).toMatchObject({ key: 'quick', seconds: 30 * 60 });
  });
});

describe('secondsUntilAffordable', () => {
  it('is 0 when the stock covers the cost, null when a missing resource does not grow', () => {
    expect(secondsUntilAffordable({ fiber: 10 }, { fiber: 10 }, {})).toBe(0);
    expect(secondsUntilAffordable({ fiber: 11 }, { fiber: 10 }, { fiber: 0 })).toBeNull();
  });

  it('counts whole seconds without a rounding second too many (770 at 3 an hour is 924,000 s)', () => {
    expect(secondsUntilAffordable({ fiber: 770 }, { fiber: 0 }, { fiber: 3 })).toBe(924_000);
  });

  it('is when the slowest short resource catches up: after it the stock covers the cost, a second before it does not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 3600 }), (cost, stock, rate) => {
        const s = secondsUntilAffordable({ fiber: cost }, { fiber: stock }, { fiber: rate });
        expect(s).not.toBeNull();
        expect(stock + (rate * s!) / 3600).toBeGreaterThanOrEqual(cost);
        if (s! > 0) expect(stock + (rate * (s! - 1)) / 3600).toBeLessThan(cost);
      }),
    );
  });
});

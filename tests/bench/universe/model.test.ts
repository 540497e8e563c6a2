import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allianceOf, COMMANDS, neighbourOf, onlinePlayers, PER_SUB_REGION, perPlayerPerMinute, placeOf, planPlayer, POLLS, RATES, TABS, type Poll,
} from './model';

describe('the universe model of player behaviour', () => {
  it('plans the same actions for the same seed and player, and other ones for another seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 49_999 }), (seed, player) => {
        expect(planPlayer(seed, player, 120_000)).toEqual(planPlayer(seed, player, 120_000));
        expect(planPlayer(seed + 1, player, 120_000)).not.toEqual(planPlayer(seed, player, 120_000));
      }),
      { numRuns: 50 },
    );
  });

  it('keeps every action inside the step and in time order', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 49_999 }), fc.integer({ min: 10_000, max: 600_000 }), (seed, player, duration) => {
        const plan = planPlayer(seed, player, duration);
        for (const [i, a] of plan.entries()) {
          expect(a.at).toBeGreaterThanOrEqual(0);
          expect(a.at).toBeLessThan(duration);
          if (i > 0) expect(a.at).toBeGreaterThanOrEqual(plan[i - 1]!.at);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('offers each page and command at its rate per player (Poisson, over many players)', () => {
    const minutes = 10;
    const players = 400;
    const seen = new Map<string, number>();
    for (let p = 0; p < players; p += 1) {
      for (const a of planPlayer(7, p, minutes * 60_000)) {
        const key = a.kind === 'page' ? a.tab : a.command;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
    }
    const expected = { ...RATES.pages, ...RATES.commands } as Record<string, number>;
    for (const key of [...TABS, 'SIGN_IN', ...COMMANDS]) {
      const mean = expected[key]! * minutes * players;
      // within five standard deviations of a Poisson count
      expect(Math.abs(seen.get(key)! - mean)).toBeLessThan(5 * Math.sqrt(mean));
    }
    const { pages, polls, commands } = perPlayerPerMinute();
    expect(pages).toBeGreaterThan(commands);
    expect(polls).toBe(4 + 2 + 0.5);
  });

  it("polls at the spec's intervals: every period, from a phase of the player's own", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 49_999 }), fc.integer({ min: 10_000, max: 600_000 }), (seed, player, duration) => {
        const plan = planPlayer(seed, player, duration);
        for (const [poll, seconds] of Object.entries(POLLS) as [Poll, number][]) {
          const times = plan.flatMap((a) => (a.kind === 'page' && a.tab === poll ? [a.at] : []));
          const period = seconds * 1000;
          expect(times.length).toBeGreaterThanOrEqual(Math.floor(duration / period));
          expect(times.length).toBeLessThanOrEqual(Math.ceil(duration / period));
          if (times.length > 0) expect(times[0]!).toBeLessThan(period);
          for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBe(period);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('keeps a smaller step’s players online in a larger one', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 1, max: 2000 }), (seed, a, b) => {
        const [small, large] = a < b ? [a, b] : [b, a];
        const bigger = onlinePlayers(seed, 5000, large);
        expect(onlinePlayers(seed, 5000, small)).toEqual(bigger.slice(0, small));
        expect(new Set(bigger).size).toBe(large);
      }),
      { numRuns: 30 },
    );
  });

  it('places 25 players to a sub-region, each at its own position, with allies and foes among the neighbours', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 49_999 }), fc.double({ min: 0, max: 0.999, noNaN: true }), (player, pick) => {
        const me = placeOf(player);
        const ally = neighbourOf(player, 50_000, 'ally', pick);
        const foe = neighbourOf(player, 50_000, 'foe', pick)!;
        expect(placeOf(foe)).toMatchObject({ region: me.region, sub_region: me.sub_region });
        expect(foe).not.toBe(player);
        expect(allianceOf(foe) === null || allianceOf(foe) !== allianceOf(player)).toBe(true);
        if (allianceOf(player) === null) expect(ally).toBeNull();
        else {
          expect(allianceOf(ally!)).toBe(allianceOf(player));
          expect(ally).not.toBe(player);
        }
      }),
    );
    const places = new Set(Array.from({ length: 50_000 }, (_, i) => JSON.stringify(placeOf(i))));
    expect(places.size).toBe(50_000);
    expect(placeOf(PER_SUB_REGION)).toMatchObject({ position: 1, sub_region: placeOf(0).sub_region + 1 });
  });
});

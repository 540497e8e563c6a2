import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadCatalogue } from '@brood/game-data';
import { activity, bashLimitReached, canAttack, playerMarkers, protection, vacationEarliestEnd, type FairPlayPlayer } from './fair-play';

const fp = loadCatalogue().universe.fair_play;
const tiers = fc.array(fc.record({ below_points: fc.integer({ min: 1, max: 100_000 }), ratio: fc.integer({ min: 2, max: 20 }) }), { maxLength: 3 });
const pts = fc.double({ min: 0, max: 1_000_000, noNaN: true });
const flip = { n: 's', s: 'n' } as const;
const DAY = 86_400_000;
const NOW = 1_768_867_200_000; // 2026-01-20
const player = (name: string, points: number, over: Partial<FairPlayPlayer> = {}): FairPlayPlayer => ({ name, points, activity: null, vacationSince: null, ...over });

describe('newcomer protection', () => {
  it('is symmetric: the target is protected from the viewer exactly when the viewer is protected from the target, seen from the other side', () => {
    fc.assert(fc.property(pts, pts, tiers, fc.boolean(), fc.boolean(), (a, b, t, ia, ib) => {
      const ab = protection(a, b, t, ib, ia);
      const ba = protection(b, a, t, ia, ib);
      expect(ba).toBe(ab == null ? null : flip[ab]);
    }), { numRuns: 500 });
  });

  it('is monotone in points: a target protected from a viewer stays protected from any stronger viewer', () => {
    fc.assert(fc.property(pts, pts, pts, tiers, (target, viewer, more, t) => {
      if (protection(viewer, target, t, false, false) === 'n') expect(protection(viewer + more, target, t, false, false)).toBe('n');
    }), { numRuns: 500 });
  });

  it('an empty tier list turns protection off', () => {
    fc.assert(fc.property(pts, pts, fc.boolean(), fc.boolean(), (a, b, ia, ib) => {
      expect(protection(a, b, [], ia, ib)).toBeNull();
    }));
  });

  it('an inactive target loses its protection', () => {
    fc.assert(fc.property(pts, pts, tiers, (a, b, t) => {
      expect(protection(a, b, t, true, true)).toBeNull();
    }));
  });

  it('refuses in the issue\'s words, at the ratio of each tier', () => {
    const [low, high] = fp.protection_tiers;
    const weak = low!.below_points - 1;
    const veteran = player('Vera', weak * low!.ratio + 1);
    expect(canAttack(veteran, player('Nell', weak), fp)).toMatchObject({ ok: false, marker: 'n', reason: expect.stringMatching(/^Newcomer protection: Nell has [\d,]+ points, under a fifth of yours\./) });
    expect(canAttack(player('Vera', weak * low!.ratio), player('Nell', weak), fp).ok).toBe(true);
    const mid = high!.below_points - 1;
    expect(canAttack(player('Vera', mid * high!.ratio + 1), player('Nell', mid), fp)).toMatchObject({ ok: false, reason: expect.stringContaining('under a tenth of yours') });
    expect(canAttack(player('Vera', mid * high!.ratio), player('Nell', mid), fp).ok).toBe(true);
    expect(canAttack(player('Nell', weak), veteran, fp)).toMatchObject({ ok: false, marker: 's' });
  });

  it('UNIVERSE_OVERRIDES merges fair_play key by key, and an empty tier list turns protection off', () => {
    expect(loadCatalogue({ universe: { fair_play: { bash_limit_attacks: 3 } } }).universe.fair_play).toEqual({ ...fp, bash_limit_attacks: 3 });
    const off = loadCatalogue({ universe: { fair_play: { protection_tiers: [] } } }).universe.fair_play;
    expect(off).toEqual({ ...fp, protection_tiers: [] });
    expect(canAttack(player('Vera', 1_000_000), player('Nell', 1), off).ok).toBe(true);
  });

  it('a vacationer can be neither attacked nor spied on', () => {
    expect(canAttack(player('A', 10), player('B', 10, { vacationSince: NOW - 1 }), fp)).toMatchObject({ ok: false, marker: 'v' });
  });
});

describe('markers', () => {
  it('i after inactive_days, I after long_inactive_days, never for oneself', () => {
    expect(activity(NOW - fp.inactive_days * DAY + 1, NOW, fp)).toBeNull();
    expect(activity(NOW - fp.inactive_days * DAY, NOW, fp)).toBe('i');
    expect(activity(NOW - fp.long_inactive_days * DAY, NOW, fp)).toBe('I');
    const idle = player('Old', 1, { activity: 'I', vacationSince: NOW - DAY });
    expect(playerMarkers(player('Me', 1_000_000), idle, fp)).toEqual(['v', 'I']);
    expect(playerMarkers(player('Me', 1_000_000), player('New', 1), fp)).toEqual(['n']);
    expect(playerMarkers(player('New', 1), player('Me', 1_000_000), fp)).toEqual(['s']);
    expect(playerMarkers(idle, idle, fp, true)).toEqual([]);
  });
});

describe('bash limit', () => {
  it('allows bash_limit_attacks launches per window and names when the next one is allowed', () => {
    const hour = 3_600_000;
    const launches = Array.from({ length: fp.bash_limit_attacks }, (_, i) => NOW - (10 - i) * hour);
    expect(bashLimitReached(launches.slice(1), NOW, fp)).toBeNull();
    expect(bashLimitReached(launches, NOW, fp)).toBe(launches[0]! + fp.bash_limit_window_hours * hour);
    expect(bashLimitReached(launches, launches[0]! + fp.bash_limit_window_hours * hour, fp)).toBeNull();
  });

  it('the next allowed instant is always after now, and allowed there', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 48 * 3_600_000 }), { maxLength: 20 }), (ago) => {
      const launches = ago.map((a) => NOW - a);
      const next = bashLimitReached(launches, NOW, fp);
      if (next != null) {
        expect(next).toBeGreaterThan(NOW);
        expect(bashLimitReached(launches, next, fp)).toBeNull();
      }
    }));
  });

  it('a vacation ends vacation_min_hours after it started at the earliest', () => {
    expect(vacationEarliestEnd(NOW, fp)).toBe(NOW + fp.vacation_min_hours * 3_600_000);
  });
});

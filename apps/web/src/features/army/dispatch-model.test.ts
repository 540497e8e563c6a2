import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { travelTime } from '@brood/game-core';
import {
  DISPATCH_ERRORS,
  ETA,
  armySummary,
  canSend,
  clampAmount,
  dispatchError,
  keepEligible,
  resourceMax,
  sanitizeCoordinate,
  type DispatchContext,
  type DispatchForm,
} from './dispatch-model';

const catalogue = loadCatalogue();
const ctx: DispatchContext = {
  start: [12, 30, 4],
  catalogue,
  maxExplorationHours: 24,
  speedPct: 0,
  cargoPct: 0,
  universeSpeed: 1,
  bounds: { regions: 961, subRegions: 961, positions: 25 },
};
const form = (over: Partial<DispatchForm> = {}): DispatchForm => ({
  r: '12',
  s: '30',
  p: '9',
  mission: 'TRANSPORT',
  units: { hauler_grub: 2 },
  resources: {},
  explorationHours: '',
  ...over,
});

describe('dispatch validation (core §5, in the spec order)', () => {
  it('asks for all three coordinates, then whole non-negative numbers', () => {
    expect(dispatchError(form({ p: '' }), ctx)).toBe(DISPATCH_ERRORS.coordinatesMissing);
    expect(dispatchError(form({ s: '3.5' }), ctx)).toBe(DISPATCH_ERRORS.coordinatesInvalid);
    expect(dispatchError(form({ r: '-1' }), ctx)).toBe(DISPATCH_ERRORS.coordinatesInvalid);
  });

  it('refuses the start position and an army without units', () => {
    expect(dispatchError(form({ p: '4' }), ctx)).toBe(DISPATCH_ERRORS.sameAsStart);
    expect(dispatchError(form({ units: { hauler_grub: 0 } }), ctx)).toBe(DISPATCH_ERRORS.noUnits);
  });

  it('refuses resources beyond the cargo, counted only for missions that carry them', () => {
    expect(dispatchError(form({ resources: { fiber: 10_001 } }), ctx)).toBe(DISPATCH_ERRORS.cargoExceeded);
    expect(dispatchError(form({ resources: { fiber: 10_000 } }), ctx)).toBeNull();
    expect(dispatchError(form({ mission: 'ATTACK', units: { razorwing: 1 }, resources: { fiber: 10_001 } }), ctx)).toBeNull();
  });

  it('checks the exploration hours against the maximum from stats', () => {
    const explore = (h: string) => dispatchError(form({ mission: 'EXPLORATION', explorationHours: h }), ctx);
    expect(explore('')).toBe(DISPATCH_ERRORS.explorationInvalid);
    expect(explore('0')).toBe(DISPATCH_ERRORS.explorationInvalid);
    expect(explore('25')).toBe('Exploration duration (25h) exceeds your maximum allowed (24h).');
    expect(explore('24')).toBeNull();
  });

  it('turns the send button off with no unit, empty coordinates or the same location', () => {
    expect(canSend(form(), ctx.start)).toBe(true);
    expect(canSend(form({ units: {} }), ctx.start)).toBe(false);
    expect(canSend(form({ r: '' }), ctx.start)).toBe(false);
    expect(canSend(form({ p: '4' }), ctx.start)).toBe(false);
  });
});

describe('form inputs', () => {
  it('keeps digits only: R and S four characters, P two', () => {
    expect(sanitizeCoordinate('r', '12a345')).toBe('1234');
    expect(sanitizeCoordinate('s', '-7.5')).toBe('75');
    expect(sanitizeCoordinate('p', '123')).toBe('12');
  });

  it('clamps amounts to the limit, floored; anything else is 0', () => {
    expect(clampAmount('7.9', 5)).toBe(5);
    expect(clampAmount(3.7, 5)).toBe(3);
    expect(clampAmount('abc', 5)).toBe(0);
    expect(clampAmount(-4, 5)).toBe(0);
  });

  it('fills a resource up to the cargo left and the stock', () => {
    expect(resourceMax('fiber', { crystal: 4000 }, { fiber: 9000 }, 10_000)).toBe(6000);
    expect(resourceMax('fiber', {}, { fiber: 1234.8 }, 10_000)).toBe(1234);
    expect(resourceMax('fiber', { crystal: 12_000 }, { fiber: 10 }, 10_000)).toBe(0);
  });

  it('drops the units a new mission does not accept and says so', () => {
    expect(keepEligible({ hauler_grub: 2, seedling_ark: 1 }, 'COLONIZE', catalogue)).toEqual({ units: { seedling_ark: 1 }, dropped: true });
    expect(keepEligible({ razorwing: 3 }, 'ATTACK', catalogue)).toEqual({ units: { razorwing: 3 }, dropped: false });
    expect(keepEligible({ seedling_ark: 1 }, 'ATTACK', catalogue).dropped).toBe(true); // attack 0
  });
});

describe('Army Summary', () => {
  it('computes cargo, speed, one-way ETA and round-trip biomass with game-core', () => {
    const s = armySummary(form(), ctx);
    expect(s.cargo).toBe(10_000);
    expect(s.speed).toBe(8000);
    expect(s.eta).toBe(travelTime(5, 8000, 1));
    expect(s.biomass).toBeGreaterThan(0);
    const station = armySummary(form({ mission: 'STATION' }), ctx);
    expect(station.biomass).toBeLessThanOrEqual(s.biomass!);
  });

  it('shows the spec placeholders when no ETA can be computed', () => {
    expect(armySummary(form({ units: {} }), ctx).eta).toBe(ETA.none);
    expect(armySummary(form({ r: '' }), ctx).eta).toBe(ETA.invalidTarget);
    expect(armySummary(form({ p: '4' }), ctx).eta).toBe(ETA.sameSector);
    expect(armySummary(form({ r: '5000' }), ctx).eta).toBe(ETA.cannotReach);
    expect(armySummary(form({ p: '26' }), ctx).eta).toBe(ETA.cannotReach);
    expect(armySummary(form({ r: '0' }), ctx).biomass).toBeNull();
  });
});

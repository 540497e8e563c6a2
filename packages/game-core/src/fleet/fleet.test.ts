import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { distance, fleetSpeed, fuelCost, missionFuel, travelTime, tripHours } from './travel';
import { cargoCapacity, clampResourcesToCargo } from './missions';
import { isEligibleForMission } from './mission-table';

const catalogue = loadCatalogue();
const unit = (k: string) => catalogue.units[k]!;

describe('fleet formulas', () => {
  it('distance is Euclidean over r, s and p', () => {
    expect(distance([1, 1, 1], [1, 4, 5])).toBe(5);
    expect(distance({ region: 2, sub_region: 3, position: 4 }, [2, 3, 4])).toBe(0);
  });

  it('fleet speed is the slowest unit', () => {
    expect(fleetSpeed({ razorwing: 5, hauler_grub: 1 }, catalogue)).toBe(8000);
    expect(fleetSpeed({}, catalogue)).toBe(0);
    expect(fleetSpeed({ razorwing: 1 }, catalogue, 20)).toBe(15000);
  });

  it('as many pullers as other units double the others’ speed', () => {
    expect(fleetSpeed({ hauler_grub: 2, tether_wyrm: 2 }, catalogue)).toBe(12000);
    expect(fleetSpeed({ hauler_grub: 3, tether_wyrm: 2 }, catalogue)).toBe(8000);
    expect(fleetSpeed({ carrion_beetle: 1, tether_wyrm: 1 }, catalogue)).toBe(4000);
  });

  it('travel time is round((3600 + 2000 sqrt(100 d / speed)) / universe speed), at least 1', () => {
    expect(travelTime(100, 10000, 1)).toBe(5600);
    expect(travelTime(100, 10000, 2)).toBe(2800);
    expect(travelTime(0, 10000, 1e9)).toBe(1);
    expect(travelTime(5, 0)).toBe(Number.POSITIVE_INFINITY);
  });

  it('fuel is consumption x quantity x trip hours, rounded up; out and back unless the fleet stays', () => {
    expect(fuelCost({ hauler_grub: 3 }, catalogue, 1.5)).toBe(45);
    expect(tripHours('ATTACK', 1800)).toBe(1);
    expect(tripHours('STATION', 1800)).toBe(0.5);
    expect(tripHours('EXPLORATION', 1800, 3)).toBe(4);
    expect(missionFuel({ whisper_mite: 1 }, catalogue, 'SPY', 1000)).toBe(1);
  });

  it('units fit a mission by capability or attack', () => {
    expect(isEligibleForMission(unit('seedling_ark'), 'COLONIZE')).toBe(true);
    expect(isEligibleForMission(unit('hauler_grub'), 'COLONIZE')).toBe(false);
    expect(isEligibleForMission(unit('whisper_mite'), 'ATTACK')).toBe(false);
    expect(isEligibleForMission(unit('razorwing'), 'MULTI_PARTY_ATTACK_PARTICIPANT')).toBe(true);
    expect(isEligibleForMission(unit('whisper_mite'), 'TRANSPORT')).toBe(true);
  });

  it('clamps resources to stock, then to free cargo in resource order, floored', () => {
    const cap = cargoCapacity({ hauler_grub: 1 }, catalogue);
    expect(cap).toBe(5000);
    expect(clampResourcesToCargo({ crystal: 4000.7, fiber: 3000, resin: 10 }, { fiber: 2000, crystal: 9000 }, cap, catalogue.orderedResourceKeys))
      .toEqual({ fiber: 2000, crystal: 3000 });
  });
});

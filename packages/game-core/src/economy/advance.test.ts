import { describe, expect, it } from 'vitest';
import { loadCatalogue, productionAtLevel } from '@brood/game-data';
import { advanceTerritory, technologiesAt, type TerritoryQueueItem, type TerritoryState } from './advance';

const catalogue = loadCatalogue();
/** 2030-01-01T00:00:00Z in epoch ms. */
const T0 = 1_893_456_000_000;
const HOUR = 3_600_000;

type Item = TerritoryQueueItem;

function state(resources: Record<string, number> = { fiber: 100, crystal: 100, biomass: 100 }): TerritoryState {
  return { resources, structures: {}, units: {}, defenses: {}, updatedAt: T0 };
}

const build = (key: string, level: number, start: number, end: number): Item => ({
  kind: 'building', itemKey: key, targetLevel: level, quantity: null, durationPerItemS: null, startTime: start, endTime: end,
});
const batch = (key: string, quantity: number, perItemS: number, start: number): Item => ({
  kind: 'recruitment', itemKey: key, targetLevel: null, quantity, durationPerItemS: perItemS, startTime: start, endTime: start + quantity * perItemS * 1000,
});

describe('advanceTerritory', () => {
  it('accrues the base income, capped by storage', () => {
    const out = advanceTerritory(catalogue, state(), [], [], T0 + 2 * HOUR);
    expect(out.state.resources.fiber).toBeCloseTo(100 + 2 * catalogue.universe.base_income_per_hour.fiber!, 6);
    const capped = advanceTerritory(catalogue, state(), [], [], T0 + 10_000 * HOUR);
    expect(capped.state.resources.fiber).toBe(catalogue.universe.base_storage_per_tier[0]);
  });

  it('a finished structure produces from its end time on, not before', () => {
    const end = T0 + HOUR;
    const out = advanceTerritory(catalogue, state(), [build('fiber_tangle', 1, T0, end)], [], T0 + 3 * HOUR);
    const base = catalogue.universe.base_income_per_hour.fiber!;
    const tangle = productionAtLevel(catalogue.structures.fiber_tangle!.production!, 1);
    expect(out.state.structures.fiber_tangle).toBe(1);
    expect(out.state.resources.fiber).toBeCloseTo(100 + base * 3 + tangle * 2, 6);
    const before = advanceTerritory(catalogue, state(), [build('fiber_tangle', 1, T0, end)], [], end - 1);
    expect(before.state.structures.fiber_tangle).toBeUndefined();
  });

  it('a batch delivers one unit every duration_per_item_s, and its units eat biomass from then on', () => {
    const item = batch('razorwing', 3, 600, T0);
    expect(advanceTerritory(catalogue, state(), [item], [], T0 + 599_000).state.units.razorwing).toBeUndefined();
    expect(advanceTerritory(catalogue, state(), [item], [], T0 + 900_000).state.units.razorwing).toBe(1);
    const done = advanceTerritory(catalogue, state(), [item], [], T0 + 2 * HOUR);
    expect(done.state.units.razorwing).toBe(3);
    expect(done.economy.biomassUpkeep).toBeCloseTo(3 * catalogue.units.razorwing!.biomass_consumption_per_hour, 6);
  });

  it('research counts from its end time: a level is the highest target reached by then', () => {
    const research = [{ itemKey: 'photosynthetic_weave', targetLevel: 1, endTime: T0 + HOUR }, { itemKey: 'photosynthetic_weave', targetLevel: 2, endTime: T0 + 2 * HOUR }];
    expect(technologiesAt(research, T0 + HOUR - 1)).toEqual({});
    expect(technologiesAt(research, T0 + 90 * 60_000)).toEqual({ photosynthetic_weave: 1 });
    const out = advanceTerritory(catalogue, state(), [], research, T0 + 3 * HOUR);
    expect(out.technologies).toEqual({ photosynthetic_weave: 2 });
    const base = catalogue.universe.base_income_per_hour.fiber!;
    const bonus = (level: number) => 1 + (3 * level) / 100;
    expect(out.state.resources.fiber).toBeCloseTo(100 + base * (1 + bonus(1) + bonus(2)), 6);
  });
});

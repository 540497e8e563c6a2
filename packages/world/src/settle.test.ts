import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadCatalogue } from '@brood/game-data';
import { productionAtLevel } from '@brood/game-data';
import { advanceTerritory, technologiesAt, type TerritoryState } from './settle';
import type { QueueItem } from './entities/queue-item.entity';

const catalogue = loadCatalogue();
const T0 = Date.UTC(2030, 0, 1);
const HOUR = 3_600_000;

type Item = Pick<QueueItem, 'kind' | 'itemKey' | 'targetLevel' | 'quantity' | 'durationPerItemS' | 'startTime' | 'endTime'>;

function state(resources: Record<string, number> = { fiber: 100, crystal: 100, biomass: 100 }): TerritoryState {
  return { resources, structures: {}, units: {}, defenses: {}, updatedAt: new Date(T0) };
}

const build = (key: string, level: number, start: number, end: number): Item => ({
  kind: 'building', itemKey: key, targetLevel: level, quantity: null, durationPerItemS: null, startTime: new Date(start), endTime: new Date(end),
});
const batch = (key: string, quantity: number, perItemS: number, start: number): Item => ({
  kind: 'recruitment', itemKey: key, targetLevel: null, quantity, durationPerItemS: perItemS, startTime: new Date(start), endTime: new Date(start + quantity * perItemS * 1000),
});

describe('advanceTerritory', () => {
  it('accrues the base income, capped by storage', () => {
    const out = advanceTerritory(catalogue, state(), [], [], new Date(T0 + 2 * HOUR));
    expect(out.state.resources.fiber).toBeCloseTo(100 + 2 * catalogue.universe.base_income_per_hour.fiber!, 6);
    const capped = advanceTerritory(catalogue, state(), [], [], new Date(T0 + 10_000 * HOUR));
    expect(capped.state.resources.fiber).toBe(catalogue.universe.base_storage_per_tier[0]);
  });

  it('a finished structure produces from its end time on, not before', () => {
    const end = T0 + HOUR;
    const out = advanceTerritory(catalogue, state(), [build('fiber_tangle', 1, T0, end)], [], new Date(T0 + 3 * HOUR));
    const base = catalogue.universe.base_income_per_hour.fiber!;
    const tangle = productionAtLevel(catalogue.structures.fiber_tangle!.production!, 1);
    expect(out.state.structures.fiber_tangle).toBe(1);
    expect(out.state.resources.fiber).toBeCloseTo(100 + base * 3 + tangle * 2, 6);
    const before = advanceTerritory(catalogue, state(), [build('fiber_tangle', 1, T0, end)], [], new Date(end - 1));
    expect(before.state.structures.fiber_tangle).toBeUndefined();
  });

  it('a batch delivers one unit every duration_per_item_s, and its units eat biomass from then on', () => {
    const item = batch('razorwing', 3, 600, T0);
    expect(advanceTerritory(catalogue, state(), [item], [], new Date(T0 + 599_000)).state.units.razorwing).toBeUndefined();
    expect(advanceTerritory(catalogue, state(), [item], [], new Date(T0 + 900_000)).state.units.razorwing).toBe(1);
    const done = advanceTerritory(catalogue, state(), [item], [], new Date(T0 + 2 * HOUR));
    expect(done.state.units.razorwing).toBe(3);
    expect(done.economy.biomassUpkeep).toBeCloseTo(3 * catalogue.units.razorwing!.biomass_consumption_per_hour, 6);
  });

  it('research counts from its end time: a level is the highest target reached by then', () => {
    const research = [{ itemKey: 'photosynthetic_weave', targetLevel: 1, endTime: new Date(T0 + HOUR) }, { itemKey: 'photosynthetic_weave', targetLevel: 2, endTime: new Date(T0 + 2 * HOUR) }];
    expect(technologiesAt(research, T0 + HOUR - 1)).toEqual({});
    expect(technologiesAt(research, T0 + 90 * 60_000)).toEqual({ photosynthetic_weave: 1 });
    const out = advanceTerritory(catalogue, state(), [], research, new Date(T0 + 3 * HOUR));
    expect(out.technologies).toEqual({ photosynthetic_weave: 2 });
    const base = catalogue.universe.base_income_per_hour.fiber!;
    const bonus = (level: number) => 1 + (3 * level) / 100;
    expect(out.state.resources.fiber).toBeCloseTo(100 + base * (1 + bonus(1) + bonus(2)), 6);
  });

  it('settling in steps gives what settling at once gives (so reads never depend on whether the worker ran)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 40 * 60 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 900 }),
        fc.array(fc.integer({ min: 0, max: 12 * 3600 }), { minLength: 1, maxLength: 6 }),
        (buildMinutes, quantity, perItem, stops) => {
          let clock = T0;
          const items: Item[] = buildMinutes.map((m, i) => {
            const item = build('fiber_tangle', i + 1, clock, clock + m * 60_000);
            clock += m * 60_000;
            return item;
          });
          items.push(batch('hauler_grub', quantity, perItem, T0 + 5 * 60_000));
          const end = T0 + 14 * HOUR;
          const once = advanceTerritory(catalogue, state({ fiber: 50, crystal: 0, biomass: 3 }), items, [], new Date(end));
          let stepped = state({ fiber: 50, crystal: 0, biomass: 3 });
          for (const s of [...stops].sort((a, b) => a - b)) stepped = advanceTerritory(catalogue, stepped, items, [], new Date(T0 + s * 1000)).state;
          stepped = advanceTerritory(catalogue, stepped, items, [], new Date(end)).state;
          expect(stepped.structures).toEqual(once.state.structures);
          expect(stepped.units).toEqual(once.state.units);
          for (const key of Object.keys(once.state.resources)) expect(stepped.resources[key]).toBeCloseTo(once.state.resources[key]!, 4);
        },
      ),
      { numRuns: 150 },
    );
  });
});

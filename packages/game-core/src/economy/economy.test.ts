import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import type { StructureDef } from '@brood/game-data';
import { costAtLevel, cumulativeCost } from './cost';
import { researchSpeedModifier, structureTime, unitTime } from './time';
import { aggregateEffects, effectContributions } from './effects';
import { productionPerHour, storageCapacity, territoryEconomy } from './production';
import { cancelRefund } from './resources';

const catalogue = loadCatalogue();
const def = (key: string): StructureDef => {
  const d = catalogue.structures[key];
  if (!d) throw new Error(key);
  return d;
};

describe('cost', () => {
  it('is floor(base x cost_factor^level) for each resource with a base above 0', () => {
    const d = { cost_base: { fiber: 40, crystal: 10, biomass: 0 }, cost_factor: 1.5 };
    expect(costAtLevel(d, 1)).toEqual({ fiber: 60, crystal: 15 });
    expect(costAtLevel(d, 3)).toEqual({ fiber: 135, crystal: 33 });
  });

  it('adds up levels 1..n for the cumulative cost', () => {
    const d = { cost_base: { fiber: 100 }, cost_factor: 2 };
    expect(cumulativeCost(d, 3)).toEqual({ fiber: 200 + 400 + 800 });
    expect(cumulativeCost(d, 0)).toEqual({});
  });

  it('cancelling refunds 30% of what was paid, floored', () => {
    expect(cancelRefund({ fiber: 1000, crystal: 15 }, 0.3)).toEqual({ fiber: 300, crystal: 4 });
  });
});

describe('time', () => {
  it('is floor(base x factor^level / modifier / universe speed), at least 1 s', () => {
    const d = def('fiber_tangle');
    expect(structureTime(d, 2)).toBe(Math.floor(30 * 1.5 ** 2));
    expect(structureTime(d, 2, 1.5, 2)).toBe(Math.floor((30 * 1.5 ** 2) / 1.5 / 2));
    expect(structureTime(d, 1, 1, 1e6)).toBe(1);
  });

  it('research uses the global modifier, else the best lab, else 1', () => {
    expect(researchSpeedModifier(catalogue, {}, [])).toBe(1);
    expect(researchSpeedModifier(catalogue, {}, [{ cortex_nest: 2 }, { cortex_nest: 5 }])).toBeCloseTo(1.5);
  });

  it('a starving territory hatches at half speed', () => {
    const u = catalogue.units.razorwing!;
    expect(unitTime(u, 1, 1, 0.5)).toBe(2 * unitTime(u));
  });
});

describe('effects', () => {
  it('sums base values, this territory, technologies and player-scope effects of other territories', () => {
    const e = aggregateEffects(catalogue, {
      structures: { builder_hive: 2, swarm_synapse: 1 },
      technologies: { genetic_memory: 3, pheromone_signalling: 1 },
      otherTerritories: [{ swarm_synapse: 2, builder_hive: 9 }],
    });
    expect(e.construction_speed).toBe(2 * 15 + 3 * 5);
    expect(e.max_fleets).toBe(2 + 1 + 1 + 2);
    expect(e.max_exploration_duration_hours).toBe(24);
  });

  it('grows per_level x level x growth^level', () => {
    const e = aggregateEffects(catalogue, { structures: { hoard_sac: 3 }, technologies: {} });
    expect(e['storage.fiber']).toBeCloseTo(4000 * 3 * 1.5 ** 3);
  });

  it('lists each contribution with its source for the overview', () => {
    const list = effectContributions(catalogue, { structures: { builder_hive: 1 }, technologies: { echo_sensing: 2 } });
    expect(list).toContainEqual(expect.objectContaining({ effect: 'spy_level', value: 2, source_name: 'Echo Sensing', source_kind: 'technology' }));
  });
});

describe('production and storage', () => {
  it('is base x level x growth^level plus base income, times bonus and universe speed', () => {
    const effects = aggregateEffects(catalogue, { structures: {}, technologies: { photosynthetic_weave: 2 } });
    const p = productionPerHour(catalogue, { fiber_tangle: 4 }, effects);
    const { base, growth } = catalogue.structures.fiber_tangle!.production!;
    expect([base, growth]).toEqual([90, 1.1]);
    expect(p.fiber).toBeCloseTo((90 * 4 * 1.1 ** 4 + catalogue.universe.base_income_per_hour.fiber!) * 1.06);
    expect(p.resin).toBeUndefined();
    const fast = loadCatalogue({ universe: { universe_speed_factor: 10 } });
    expect(productionPerHour(fast, { fiber_tangle: 4 }, effects).fiber).toBeCloseTo(p.fiber! * 10);
  });

  it('caps each resource at its tier base plus storage effects', () => {
    const caps = storageCapacity(catalogue, aggregateEffects(catalogue, { structures: { hoard_sac: 1 }, technologies: {} }));
    expect(caps.fiber).toBeCloseTo(10000 + 6000);
    expect(caps.isotope).toBe(600);
  });

  it('nets the biomass upkeep of the units at home into the rates', () => {
    const eco = territoryEconomy(catalogue, { biomass_vat: 1 }, {}, { razorwing: 100 });
    expect(eco.biomassUpkeep).toBe(50);
    expect(eco.rates.biomass).toBeCloseTo(eco.production.biomass! - 50);
    expect(eco.rates.fiber).toBe(eco.production.fiber);
  });
});

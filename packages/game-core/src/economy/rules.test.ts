import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { settle, isStarving } from './settle';
import { effectiveLevel, isMaxLevel, nextLevel } from './levels';
import { checkPrerequisites } from './prerequisites';
import { canAfford, defenseAllowance, maxProducible } from './afford';

const catalogue = loadCatalogue();
const HOUR = 3_600_000;

describe('settle', () => {
  it('accrues per hour up to the cap', () => {
    expect(settle({ fiber: 100 }, { fiber: 60 }, { fiber: 1000 }, 0, HOUR / 2)).toEqual({ fiber: 130 });
    expect(settle({ fiber: 100 }, { fiber: 60 }, { fiber: 120 }, 0, HOUR)).toEqual({ fiber: 120 });
  });

  it('keeps a stock already above the cap (a delivery) but does not add to it', () => {
    expect(settle({ fiber: 5000 }, { fiber: 60 }, { fiber: 1000 }, 0, HOUR)).toEqual({ fiber: 5000 });
  });

  it('lets upkeep eat biomass down to 0 and no further', () => {
    expect(settle({ biomass: 30 }, { biomass: -20 }, { biomass: 1000 }, 0, 3 * HOUR)).toEqual({ biomass: 0 });
    expect(isStarving({ biomass: 0 }, { biomass: -20 })).toBe(true);
    expect(isStarving({ biomass: 0 }, { biomass: 5 })).toBe(false);
  });

  it('changes nothing when time does not move forward', () => {
    expect(settle({ fiber: 10 }, { fiber: 60 }, {}, HOUR, HOUR)).toEqual({ fiber: 10 });
    expect(settle({ fiber: 10 }, { fiber: 60 }, {}, HOUR, 0)).toEqual({ fiber: 10 });
  });
});

describe('levels', () => {
  it('effective level is the larger of built and the highest queued target', () => {
    expect(effectiveLevel(3, [4, 5])).toBe(5);
    expect(effectiveLevel(3)).toBe(3);
    expect(nextLevel(3, [4])).toBe(5);
  });

  it('a max of 0 counts as 1', () => {
    expect(isMaxLevel(1, 0)).toBe(true);
    expect(isMaxLevel(0, 0)).toBe(false);
    expect(isMaxLevel(9, 10)).toBe(false);
  });
});

describe('prerequisites', () => {
  const prereq = { structures: { builder_hive: 2, nowhere_hall: 1 }, technologies: { echo_sensing: 1 } };

  it('lists each unmet structure or technology, unknown keys as "Unknown: key"', () => {
    const r = checkPrerequisites(catalogue, prereq, { structures: { builder_hive: 1 }, technologies: { echo_sensing: 1 } });
    expect(r.met).toBe(false);
    expect(r.unmet).toEqual([
      { kind: 'structure', key: 'builder_hive', name: 'Builder Hive', required: 2, current: 1 },
      { kind: 'structure', key: 'nowhere_hall', name: 'Unknown: nowhere_hall', required: 1, current: 0 },
    ]);
  });

  it('are met when every level is reached', () => {
    const r = checkPrerequisites(catalogue, { structures: { builder_hive: 2 }, technologies: {} }, { structures: { builder_hive: 3 }, technologies: {} });
    expect(r).toEqual({ met: true, unmet: [] });
  });

  it('structure prerequisites are unmet without a territory', () => {
    const r = checkPrerequisites(catalogue, { structures: { cortex_nest: 1 }, technologies: {} }, { structures: null, technologies: {} });
    expect(r.unmet.map((u) => u.key)).toEqual(['cortex_nest']);
  });
});

describe('affordability', () => {
  it('needs every stock at or above cost x quantity', () => {
    expect(canAfford({ fiber: 100, crystal: 50 }, { fiber: 50, crystal: 25 }, 2)).toBe(true);
    expect(canAfford({ fiber: 100, crystal: 49 }, { fiber: 50, crystal: 25 }, 2)).toBe(false);
  });

  it('max producible is the minimum of floor(stock / cost), capped by a defense allowance', () => {
    expect(maxProducible({ fiber: 1000, crystal: 90 }, { fiber: 100, crystal: 20 })).toBe(4);
    expect(maxProducible({ fiber: 1000, crystal: 90 }, { fiber: 100, crystal: 20 }, defenseAllowance(5, 2, 1))).toBe(2);
    expect(defenseAllowance(0, 20, 5)).toBe(Number.POSITIVE_INFINITY);
    expect(defenseAllowance(1, 1, 0)).toBe(0);
  });
});

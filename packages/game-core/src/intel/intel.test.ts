import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { createRng } from '../rng';
import { approxLevel, spyDetailLevel, spyDetectedContent, spyDetectionChance, spyOutcome, spyReportContent } from './spy';
import type { SpyTarget } from './spy';
import { salvageOutcome, takeUpTo } from './salvage';
import { explorationOutcome } from './exploration';

const catalogue = loadCatalogue();

describe('spying', () => {
  it('detail level is clamp(0..3) of 1 + level lead + floor(log2(spies))', () => {
    expect(spyDetailLevel(0, 0, 1)).toBe(1);
    expect(spyDetailLevel(2, 1, 4)).toBe(3);
    expect(spyDetailLevel(0, 3, 1)).toBe(0);
    expect(spyDetailLevel(0, 0, 2)).toBe(2);
    expect(spyDetailLevel(5, 0, 0)).toBe(0);
  });

  it('detection grows with the defender’s lead and the number of spies', () => {
    expect(spyDetectionChance(catalogue, 3, 5, 1)).toBeGreaterThan(spyDetectionChance(catalogue, 5, 5, 1));
    expect(spyDetectionChance(catalogue, 5, 5, 20)).toBeGreaterThan(spyDetectionChance(catalogue, 5, 5, 1));
    expect(spyDetectionChance(catalogue, 0, 50, 1)).toBe(catalogue.universe.spy.detection_max);
  });

  it('is deterministic for a seed', () => {
    const input = { attackerSpyLevel: 1, defenderSpyLevel: 2, spies: 3 };
    expect(spyOutcome(catalogue, input, createRng('s'))).toEqual(spyOutcome(catalogue, input, createRng('s')));
  });

  const target: SpyTarget = {
    territory_id: 't1', territory_name: 'Nest', coords: [1, 2, 3], owner_id: 'u2',
    resources: { fiber: 12345.6, crystal: 0 }, structures: { fiber_tangle: 4, cortex_nest: 0 },
    units: { razorwing: 120 }, defenses: { thorn_pit: 7 },
    stationed_fleets: [{ fleet_id: 'f1', username: 'ally', mission_type: 'ALLIED_STATIONED', units: { razorwing: 5 }, resources: { fiber: 10 } }],
    build_queue: [{ item_key: 'fiber_tangle', target_level_or_quantity: 5, end_time: '2030-01-01T00:00:00Z' }],
  };

  it('reports by detail level as the spec’s table says', () => {
    const at = (level: number) => spyReportContent(catalogue, target, { detail_level: level, detected: false, detection_chance: 0 }, 'now');
    expect(at(0)).toMatchObject({ success: false, resources: [], structures: [], units: [], stationed_fleets: [], target_owner_id: null });
    expect(at(1).resources).toEqual([{ resource_key: 'fiber', amount: null, approx_amount_level: null }]);
    expect(at(1).structures).toEqual([{ structure_key: 'fiber_tangle', exists: true, level: null }]);
    expect(at(1).units).toEqual([{ unit_key: 'razorwing', quantity: null, approx_quantity_level: null }]);
    expect(at(2).units).toEqual([{ unit_key: 'razorwing', quantity: null, approx_quantity_level: 3 }]);
    expect(at(2).stationed_fleets[0]).toMatchObject({ username: null, resources: null });
    expect(at(2).build_queue).toEqual([]);
    expect(at(3)).toMatchObject({ target_owner_id: 'u2', resources: [{ resource_key: 'fiber', amount: 12345, approx_amount_level: 5 }] });
    expect(at(3).defenses).toEqual([{ defense_key: 'thorn_pit', quantity: 7, approx_quantity_level: 1 }]);
    expect(at(3).build_queue).toHaveLength(1);
    expect(approxLevel(0)).toBe(0);
  });

  it('tells a detected target where the spies came from', () => {
    const c = spyDetectedContent(target, [4, 5, 6], { attacker: 2, defender: 1 }, 'now');
    expect(c).toMatchObject({ source_region: 4, source_sub_region: 5, source_position: 6, estimated_attacker_spy_level: null });
  });
});

describe('salvage', () => {
  it('takes what the salvage units’ free cargo holds and reports what is left', () => {
    const r = salvageOutcome(catalogue, { units: { carrion_beetle: 1 }, wreckage: { fiber: 30000, crystal: 10000 } });
    expect(r.status).toBe('SUCCESS');
    expect(r.notification).toBe('SALVAGE_SUCCESSFUL');
    expect(r.salvaged_resources).toEqual({ fiber: 15000, crystal: 5000 });
    expect(r.resources_remaining_in_wreckage).toEqual({ fiber: 15000, crystal: 5000 });
    expect(r.wreckage_field_emptied).toBe(false);
    expect(r.fleet_cargo_capacity_remaining).toBe(0);
  });

  it('empties a small field', () => {
    const r = salvageOutcome(catalogue, { units: { carrion_beetle: 2 }, wreckage: { fiber: 100 } });
    expect(r).toMatchObject({ salvaged_resources: { fiber: 100 }, wreckage_field_emptied: true, resources_remaining_in_wreckage: {} });
  });

  it('names each failure', () => {
    expect(salvageOutcome(catalogue, { units: { carrion_beetle: 1 }, wreckage: null }).notification).toBe('SALVAGE_FAILED_NO_WRECKAGE');
    expect(salvageOutcome(catalogue, { units: { carrion_beetle: 1 }, wreckage: {} }).notification).toBe('SALVAGE_FAILED_EMPTY_WRECKAGE');
    expect(salvageOutcome(catalogue, { units: { hauler_grub: 1 }, wreckage: { fiber: 5 } }).notification).toBe('SALVAGE_FAILED_NO_CAPABILITY');
    expect(salvageOutcome(catalogue, { units: { carrion_beetle: 1 }, carried: { fiber: 20000 }, wreckage: { fiber: 5 } }).notification).toBe('SALVAGE_FAILED_NO_CARGO');
  });

  it('takeUpTo fills the whole room', () => {
    expect(takeUpTo({ fiber: 5, crystal: 5, biomass: 5 }, 10, catalogue.orderedResourceKeys)).toEqual({ fiber: 4, crystal: 3, biomass: 3 });
  });
});

describe('exploration', () => {
  const input = { user_id: 'u1', username: 'ann', units: { razorwing: 200, hauler_grub: 20 }, hours: 6, coords: [9, 9, 9] as const };

  it('draws every event over many seeds, each keeping the fleet within its cargo', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const r = explorationOutcome(catalogue, input, createRng(`x${i}`));
      seen.add(r.event_type);
      const cargo = Object.values(r.final_fleet_resources).reduce((a, b) => a + b, 0);
      expect(cargo).toBeLessThanOrEqual(200 * 50 + 20 * 5000);
      for (const n of Object.values(r.final_fleet_units)) expect(n).toBeGreaterThanOrEqual(0);
      if (r.event_type === 'COMBAT') expect(r.combat_report?.outcome).not.toBe('ERROR');
      if (r.event_type === 'UNIT_GAIN') expect(Object.keys(r.added_units).every((k) => catalogue.units[k]?.archetype === 'Neutral')).toBe(true);
    }
    expect(seen).toEqual(new Set(['NOTHING', 'NOTHING_FOUND', 'RESOURCE_FIND', 'UNIT_GAIN', 'COMBAT']));
  });

  it('is deterministic for a seed', () => {
    expect(explorationOutcome(catalogue, input, createRng('e'))).toEqual(explorationOutcome(catalogue, input, createRng('e')));
  });

  it('finds more the longer it explores', () => {
    const finds = (hours: number) => {
      let sum = 0;
      for (let i = 0; i < 200; i++) {
        const r = explorationOutcome(catalogue, { ...input, units: { razorwing: 200, bloat_hauler: 500 }, hours }, createRng(`h${i}`));
        sum += Object.values(r.found_resources).reduce((a, b) => a + b, 0);
      }
      return sum;
    };
    expect(finds(12)).toBeGreaterThan(finds(1));
  });
});

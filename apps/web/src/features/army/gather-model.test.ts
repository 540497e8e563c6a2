import { describe, expect, it } from 'vitest';
import { gatherFailedMessage, gatheredMessage, stageFleet, unstageFleet } from './gather-model';

describe('gather staging list', () => {
  it('keeps one fleet per source, positive whole amounts only', () => {
    let list = stageFleet([], 3, { razorwing: 4, hauler_grub: 0 });
    expect(list).toEqual([{ source_territory_id: 3, units: { razorwing: 4 } }]);
    list = stageFleet(list, 5, { hauler_grub: 2.7 });
    list = stageFleet(list, 3, { razorwing: 1 });
    expect(list).toEqual([
      { source_territory_id: 5, units: { hauler_grub: 2 } },
      { source_territory_id: 3, units: { razorwing: 1 } },
    ]);
    expect(stageFleet(list, 9, { razorwing: 0 })).toEqual(list);
    expect(unstageFleet(list, 5)).toEqual([{ source_territory_id: 3, units: { razorwing: 1 } }]);
  });

  it('words the toasts as the spec does', () => {
    expect(gatheredMessage(2)).toBe('2 fleet(s) successfully dispatched for gathering.');
    expect(gatherFailedMessage(1)).toBe('1 fleet(s) could not be dispatched. Check console for details.');
  });
});

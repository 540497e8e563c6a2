import { describe, expect, it } from 'vitest';
import { indexWreckage, type WreckageField } from './map-data';

const field = (id: number, region: number, sub_region: number, position: number): WreckageField => ({
  id,
  region,
  sub_region,
  position,
  resources: { biomass: id },
  expires_at: new Date(0),
});

describe('the map’s wreckage index', () => {
  it('groups every field under its region, its sub-region and its position, in the order they came', () => {
    const fields = [field(1, 5, 2, 3), field(2, 5, 2, 4), field(3, 5, 7, 1), field(4, 9, 2, 3)];
    const index = indexWreckage(fields);
    expect(index.byRegion.get(5)?.map((f) => f.id)).toEqual([1, 2, 3]);
    expect(index.byRegion.get(9)?.map((f) => f.id)).toEqual([4]);
    expect(index.bySubRegion.get('5:2')?.map((f) => f.id)).toEqual([1, 2]);
    expect(index.bySubRegion.get('9:2')?.map((f) => f.id)).toEqual([4]);
    expect(index.byPosition.get('5:7:1')?.id).toBe(3);
    expect(index.byPosition.has('5:7:2')).toBe(false);
  });

  it('is empty before the fields load', () => {
    const index = indexWreckage(undefined);
    expect([index.byRegion.size, index.bySubRegion.size, index.byPosition.size]).toEqual([0, 0, 0]);
  });
});

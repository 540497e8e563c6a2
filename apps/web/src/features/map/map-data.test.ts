import { describe, expect, it } from 'vitest';
import { indexWreckage, presenceMap, wreckageLevel, type WreckageField } from './map-data';

const field = (id: number, region: number, sub_region: number, position: number): WreckageField => ({
  id,
  region,
  sub_region,
  position,
  resources: { biomass: id },
  expires_at: new Date(0),
});

describe('the map’s wreckage', () => {
  it('asks for the level on screen: the galaxy’s counts, a region’s, the fields of a sub-region', () => {
    expect(wreckageLevel({ level: 'region', r: 5, s: 2 })).toEqual({});
    expect(wreckageLevel({ level: 'subregion', r: 5, s: 2 })).toEqual({ regionId: 5 });
    expect(wreckageLevel({ level: 'position', r: 5, s: 2 })).toEqual({ regionId: 5, subRegion: 2 });
  });

  it('indexes an answer: counts by region and by sub-region, fields by position', () => {
    const index = indexWreckage({
      regions: { ids: [5, 9], fields: [3, 1] },
      sub_regions: { region: 5, ids: [2, 7], fields: [2, 1] },
      fields: [field(1, 5, 2, 3), field(2, 5, 2, 4)],
    });
    expect([...index.byRegion]).toEqual([[5, 3], [9, 1]]);
    expect([...index.bySubRegion]).toEqual([['5:2', 2], ['5:7', 1]]);
    expect(index.byPosition.get('5:2:4')?.id).toBe(2);
    expect(index.byPosition.has('5:2:5')).toBe(false);
  });

  it('is empty before the answer loads', () => {
    const index = indexWreckage(undefined);
    expect([index.byRegion.size, index.bySubRegion.size, index.byPosition.size]).toEqual([0, 0, 0]);
  });
});

describe('presenceMap', () => {
  it('reads the two id lists as each cell looks at a glance: own, enemy, or contested when in both', () => {
    const map = presenceMap({ mine: [3, 7], enemy: [7, 12] });
    expect([...map]).toEqual([[3, 'own'], [7, 'contested'], [12, 'enemy']]);
    expect(map.get(4)).toBeUndefined();
    expect(presenceMap(undefined).size).toBe(0);
  });
});

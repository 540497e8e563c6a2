import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MIN_VIEW_WIDTH,
  POSITION_PITCH,
  REGION_PITCH,
  SUB_PITCH,
  WIDTH_PRESETS,
  clampView,
  galaxyWidth,
  detailOf,
  levelForWidth,
  locate,
  pick,
  positionCentre,
  regionCentre,
  subRegionCentre,
  viewAround,
  sectorView,
  viewForCoordinates,
  zoomView,
} from './geometry';

describe('map geometry', () => {
  it('finds every cell again from its own centre, at all three levels', () => {
    for (const r of [1, 31, 32, 481, 931, 961]) {
      expect(locate(regionCentre(r)).r).toBe(r);
      for (const s of [1, 2, 31, 62, 500, 961]) {
        expect(locate(subRegionCentre(r, s))).toMatchObject({ r, s });
        for (let p = 1; p <= 25; p += 1) expect(locate(positionCentre(r, s, p))).toEqual({ r, s, p });
      }
    }
  });

  it('chooses the level of detail by view width, presets landing on the three levels', () => {
    expect(levelForWidth(WIDTH_PRESETS[0])).toBe('region');
    expect(levelForWidth(WIDTH_PRESETS[1])).toBe('subregion');
    expect(levelForWidth(WIDTH_PRESETS[2])).toBe('position');
    expect(levelForWidth(WIDTH_PRESETS[3])).toBe('position');
  });

  it('drills to a region, sub-region or position with the view centred on it at the next level', () => {
    for (const aspect of [0.5, 0.75, 1.8]) {
      const region = viewForCoordinates({ r: 481, s: null, p: null }, aspect);
      expect(detailOf(region)).toEqual({ level: 'subregion', r: 481, s: expect.any(Number) });
      const sub = viewForCoordinates({ r: 481, s: 12, p: null }, aspect);
      expect(detailOf(sub)).toEqual({ level: 'position', r: 481, s: 12 });
      expect(detailOf(viewForCoordinates({ r: 7, s: 900, p: 13 }, aspect))).toEqual({ level: 'position', r: 7, s: 900 });
      expect(region.height).toBeGreaterThanOrEqual(REGION_PITCH);
      expect(sub.height).toBeGreaterThanOrEqual(SUB_PITCH);
    }
  });

  it('zooms about an anchor that stays put, within the zoom bounds', () => {
    const v = viewAround({ x: 5000, y: 5000 }, 4000, 0.5);
    const anchor = { x: 4000, y: 4500 };
    const z = zoomView(v, 1.5, anchor);
    expect(z.width).toBeCloseTo(4000 / 1.5);
    expect((anchor.x - z.x) / z.width).toBeCloseTo((anchor.x - v.x) / v.width);
    expect(clampView(zoomView(v, 1e6), 0.5).width).toBe(MIN_VIEW_WIDTH);
    expect(clampView(zoomView(v, 1e-6), 0.5).width).toBe(galaxyWidth(0.5));
    expect(galaxyWidth(0.5) * 0.5).toBeGreaterThan(31 * 1000); // the whole galaxy fits in height too
  });
});

describe('picking the drawn hex', () => {
  it('picks positions, sub-regions or regions depending on what the view shows in detail', () => {
    const detail = { level: 'position' as const, r: 481, s: 12 };
    expect(pick(positionCentre(481, 12, 7), detail)).toEqual({ r: 481, s: 12, p: 7 });
    expect(pick(subRegionCentre(481, 13), detail)).toEqual({ r: 481, s: 13, p: null });
    expect(pick(regionCentre(482), detail)).toEqual({ r: 482, s: null, p: null });
    expect(pick(subRegionCentre(481, 13), { level: 'region', r: 1, s: 1 })).toEqual({ r: 481, s: null, p: null });
  });
});

describe('opening a sector', () => {
  // a 390 px phone's map window is taller than wide; a 1280 px desktop's is twice as wide as tall
  it('shows all 25 positions, whole, at any window shape, and still draws positions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 961 }), fc.integer({ min: 1, max: 961 }), fc.double({ min: 0.3, max: 2.5, noNaN: true }), (r, s, aspect) => {
        const view = sectorView(r, s, aspect);
        expect(view.height / view.width).toBeCloseTo(aspect);
        expect(detailOf(view)).toEqual({ level: 'position', r, s });
        for (let p = 1; p <= 25; p += 1) {
          const c = positionCentre(r, s, p);
          const half = { x: POSITION_PITCH / 2, y: (POSITION_PITCH * 2) / 3 };
          expect(c.x - half.x).toBeGreaterThanOrEqual(view.x);
          expect(c.x + half.x).toBeLessThanOrEqual(view.x + view.width);
          expect(c.y - half.y).toBeGreaterThanOrEqual(view.y);
          expect(c.y + half.y).toBeLessThanOrEqual(view.y + view.height);
        }
      }),
    );
  });

  it('is what a sector or a position opens on (the home too)', () => {
    expect(viewForCoordinates({ r: 481, s: 12, p: 3 }, 1.4)).toEqual(sectorView(481, 12, 1.4));
  });
});

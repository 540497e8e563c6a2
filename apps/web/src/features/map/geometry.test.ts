import { describe, expect, it } from 'vitest';
import {
  MIN_VIEW_WIDTH,
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
  viewCentredOnPosition,
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

describe('viewCentredOnPosition', () => {
  it("centres a position's sector view on the position, at the sector's zoom and level", () => {
    const target = { r: 481, s: 481, p: 3 };
    const view = viewCentredOnPosition(target, 1.2);
    expect(view.width).toBeCloseTo(viewForCoordinates(target, 1.2).width);
    const c = positionCentre(481, 481, 3);
    expect(view.x + view.width / 2).toBeCloseTo(c.x);
    expect(view.y + view.height / 2).toBeCloseTo(c.y);
    expect(detailOf(view)).toEqual({ level: 'position', r: 481, s: 481 });
  });
});

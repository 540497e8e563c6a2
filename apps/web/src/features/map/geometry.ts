/**
 * The galaxy as one continuous plane (world units). Regions are a 31x31 honeycomb; each region's
 * square cell holds its own 31x31 honeycomb of sub-regions, each of those a 5x5 honeycomb of
 * positions, so zooming in simply reveals the next level where it was. Rows alternate by half a cell
 * (odd rows shifted right) and hexes are pointy-top, `pitch` wide and 4/3 `pitch` tall, so that rows
 * `pitch` apart tile without gaps.
 */

/** Cells per side: 31x31 regions and sub-regions, 5x5 positions (social spec 9). */
export const GRID_SIDE = 31;
export const POSITION_SIDE = 5;
export const REGION_COUNT = GRID_SIDE * GRID_SIDE;
export const POSITION_COUNT = POSITION_SIDE * POSITION_SIDE;

export const REGION_PITCH = 1000;
/** A grid of n columns with shifted odd rows is n + 0.5 cells wide. */
export const SUB_PITCH = REGION_PITCH / (GRID_SIDE + 0.5);
export const POSITION_PITCH = SUB_PITCH / (POSITION_SIDE + 0.5);

export const WORLD = {
  minX: 0,
  minY: -REGION_PITCH / 6,
  width: (GRID_SIDE + 0.5) * REGION_PITCH,
  height: GRID_SIDE * REGION_PITCH + REGION_PITCH / 3,
} as const;

export type MapLevel = 'region' | 'subregion' | 'position';

/** Social spec 9: every zoom step (wheel notch, key, button) scales the view by 1.5. */
export const ZOOM_STEP = 1.5;

/**
 * The four view-width presets (social 9): the whole galaxy, one region, one sub-region, and a close
 * look at a few positions. The outermost and innermost bound the zoom.
 */
export const WIDTH_PRESETS = [WORLD.width, REGION_PITCH * 1.3, SUB_PITCH * 1.3, SUB_PITCH * 0.6] as const;
export const MIN_VIEW_WIDTH = WIDTH_PRESETS[3];

/** The whole galaxy with a margin, however wide or tall the element is: the zoom-out limit and the first view. */
export function galaxyWidth(aspect: number): number {
  return Math.max(WIDTH_PRESETS[0], WORLD.height / aspect) * 1.08;
}

export function galaxyView(aspect: number): ViewBox {
  return viewAround({ x: WORLD.minX + WORLD.width / 2, y: WORLD.minY + WORLD.height / 2 }, galaxyWidth(aspect), aspect);
}

/** Level of detail from the view's width: regions until about four fit across, then sub-regions, then positions. */
export function levelForWidth(width: number): MapLevel {
  if (width > REGION_PITCH * 4) return 'region';
  if (width > SUB_PITCH * 4) return 'subregion';
  return 'position';
}

export interface Point {
  x: number;
  y: number;
}

/** Top-left of a cell's square in a grid of `side` columns starting at `origin`. */
function cellOrigin(index: number, side: number, pitch: number, origin: Point): Point {
  const col = (index - 1) % side;
  const row = Math.floor((index - 1) / side);
  return { x: origin.x + col * pitch + (row % 2 === 1 ? pitch / 2 : 0), y: origin.y + row * pitch };
}

const ORIGIN: Point = { x: 0, y: 0 };

export function regionOrigin(region: number): Point {
  return cellOrigin(region, GRID_SIDE, REGION_PITCH, ORIGIN);
}

export function subRegionOrigin(region: number, subRegion: number): Point {
  return cellOrigin(subRegion, GRID_SIDE, SUB_PITCH, regionOrigin(region));
}

export function positionOrigin(region: number, subRegion: number, position: number): Point {
  return cellOrigin(position, POSITION_SIDE, POSITION_PITCH, subRegionOrigin(region, subRegion));
}

function centre(origin: Point, pitch: number): Point {
  return { x: origin.x + pitch / 2, y: origin.y + pitch / 2 };
}

export const regionCentre = (r: number): Point => centre(regionOrigin(r), REGION_PITCH);
export const subRegionCentre = (r: number, s: number): Point => centre(subRegionOrigin(r, s), SUB_PITCH);
export const positionCentre = (r: number, s: number, p: number): Point => centre(positionOrigin(r, s, p), POSITION_PITCH);

const round = (n: number) => Math.round(n * 100) / 100;

/** One pointy-top hex as a closed sub-path, `inset` (0..1) smaller than the cell so borders show. */
export function hexPath(c: Point, pitch: number, inset = 0.06): string {
  const w = (pitch * (1 - inset)) / 2;
  const h = (pitch * (4 / 3) * (1 - inset)) / 2;
  const q = h / 2;
  return `M${round(c.x)} ${round(c.y - h)}L${round(c.x + w)} ${round(c.y - q)}L${round(c.x + w)} ${round(c.y + q)}L${round(c.x)} ${round(c.y + h)}L${round(c.x - w)} ${round(c.y + q)}L${round(c.x - w)} ${round(c.y - q)}Z`;
}

/** The cell of a `side`x`side` grid whose centre is nearest to `p`: the drawn hex under it (up to a sliver at the tips). */
function nearestCell(p: Point, side: number, pitch: number, origin: Point): number {
  const approxRow = Math.floor((p.y - origin.y) / pitch);
  let best = 1;
  let bestDistance = Infinity;
  for (let row = Math.max(0, approxRow - 1); row <= Math.min(side - 1, approxRow + 1); row += 1) {
    const shift = row % 2 === 1 ? pitch / 2 : 0;
    const col = Math.min(side - 1, Math.max(0, Math.floor((p.x - origin.x - shift) / pitch)));
    for (const c of [col - 1, col, col + 1]) {
      if (c < 0 || c >= side) continue;
      const d = (origin.x + c * pitch + shift + pitch / 2 - p.x) ** 2 + (origin.y + row * pitch + pitch / 2 - p.y) ** 2;
      if (d < bestDistance) {
        bestDistance = d;
        best = row * side + c + 1;
      }
    }
  }
  return best;
}

/** The cell whose square holds `p` (the square is what a cell's children fill), clamped to the grid. */
function cellAt(p: Point, side: number, pitch: number, origin: Point): number {
  const row = Math.min(side - 1, Math.max(0, Math.floor((p.y - origin.y) / pitch)));
  const shift = row % 2 === 1 ? pitch / 2 : 0;
  const col = Math.min(side - 1, Math.max(0, Math.floor((p.x - origin.x - shift) / pitch)));
  return row * side + col + 1;
}

export interface Coordinates {
  r: number;
  s: number;
  p: number;
}

/** The region, sub-region and position whose nested squares hold a world point. */
export function locate(point: Point): Coordinates {
  const r = cellAt(point, GRID_SIDE, REGION_PITCH, ORIGIN);
  const s = cellAt(point, GRID_SIDE, SUB_PITCH, regionOrigin(r));
  const p = cellAt(point, POSITION_SIDE, POSITION_PITCH, subRegionOrigin(r, s));
  return { r, s, p };
}

/** A cell as drawn: a region, a sub-region of it, or a position of that. */
export interface PickedCell {
  r: number;
  s: number | null;
  p: number | null;
}

/**
 * The hex under the pointer among those drawn for `detail`: positions of the sub-region in detail,
 * sub-regions of the region in detail, or whole regions everywhere else.
 */
export function pick(point: Point, detail: Detail): PickedCell {
  const inside = locate(point);
  if (detail.level !== 'region' && inside.r === detail.r) {
    if (detail.level === 'position' && inside.s === detail.s) {
      return { r: inside.r, s: inside.s, p: nearestCell(point, POSITION_SIDE, POSITION_PITCH, subRegionOrigin(inside.r, inside.s)) };
    }
    return { r: inside.r, s: nearestCell(point, GRID_SIDE, SUB_PITCH, regionOrigin(inside.r)), p: null };
  }
  return { r: nearestCell(point, GRID_SIDE, REGION_PITCH, ORIGIN), s: null, p: null };
}

export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A view of `width` centred on `c`, shaped like the element that shows it (`aspect` = height / width). */
export function viewAround(c: Point, width: number, aspect: number): ViewBox {
  const height = width * aspect;
  return { x: c.x - width / 2, y: c.y - height / 2, width, height };
}

export function viewCentre(v: ViewBox): Point {
  return { x: v.x + v.width / 2, y: v.y + v.height / 2 };
}

/** Keeps the zoom within the presets and the centre on the galaxy. */
export function clampView(v: ViewBox, aspect: number): ViewBox {
  const width = Math.min(galaxyWidth(aspect), Math.max(MIN_VIEW_WIDTH, v.width));
  const c = viewCentre(v);
  return viewAround(
    {
      x: Math.min(WORLD.minX + WORLD.width, Math.max(WORLD.minX, c.x)),
      y: Math.min(WORLD.minY + WORLD.height, Math.max(WORLD.minY, c.y)),
    },
    width,
    aspect,
  );
}

/** Zoom by `factor` (>1 zooms in) keeping the world point `anchor` where it is on screen. */
export function zoomView(v: ViewBox, factor: number, anchor: Point = viewCentre(v)): ViewBox {
  const width = v.width / factor;
  const height = v.height / factor;
  return {
    x: anchor.x - (anchor.x - v.x) / factor,
    y: anchor.y - (anchor.y - v.y) / factor,
    width,
    height,
  };
}

/** Pan by a share of the view (0.2 = 20% of its width or height). */
export function panView(v: ViewBox, dx: number, dy: number): ViewBox {
  return { ...v, x: v.x + dx * v.width, y: v.y + dy * v.height };
}

/** What the view shows in detail: its level, and the region and sub-region under its centre. */
export interface Detail {
  level: MapLevel;
  r: number;
  s: number;
}

export function detailOf(v: ViewBox): Detail {
  const { r, s } = locate(viewCentre(v));
  return { level: levelForWidth(v.width), r, s };
}

export function sameDetail(a: Detail, b: Detail): boolean {
  if (a.level !== b.level) return false;
  if (a.level === 'region') return true;
  if (a.r !== b.r) return false;
  return a.level === 'subregion' || a.s === b.s;
}

/**
 * Where a drill-down or a focus on coordinates goes: a region opens on its sub-regions (the region
 * preset), a sub-region or a position on the sub-region's positions (the sub-region preset).
 */
export function viewForCoordinates(target: { r: number; s: number | null; p: number | null }, aspect: number): ViewBox {
  if (target.s === null) return viewAround(regionCentre(target.r), fitWidth(WIDTH_PRESETS[1], REGION_PITCH, aspect), aspect);
  // A position is shown among its neighbours: the whole sub-region (the focus ring marks it).
  return sectorView(target.r, target.s, aspect);
}

/**
 * What a sub-region's 25 hexes cover: five rows a pitch apart whose pointy tips stick out a sixth of
 * a pitch above and below, and five columns plus the half-cell shift of the odd rows.
 */
export function sectorBounds(r: number, s: number): ViewBox {
  const o = subRegionOrigin(r, s);
  return { x: o.x, y: o.y - POSITION_PITCH / 6, width: SUB_PITCH, height: POSITION_SIDE * POSITION_PITCH + POSITION_PITCH / 3 };
}

/** A share of the view kept free round an opened sector, so its outer hexes never touch the window's edge. */
const SECTOR_MARGIN = 1.12;

/**
 * A sector opened with all 25 positions in view, whatever the window's shape: the zoom follows from
 * the element's aspect (a tall phone is bound by the sector's width, a wide desktop by its height),
 * never closer than the sub-region preset and never so far out that positions stop being drawn.
 */
export function sectorView(r: number, s: number, aspect: number): ViewBox {
  const b = sectorBounds(r, s);
  const width = Math.min(SUB_PITCH * 3.9, Math.max(WIDTH_PRESETS[2], b.width * SECTOR_MARGIN, (b.height * SECTOR_MARGIN) / aspect));
  return viewAround(viewCentre(b), width, aspect);
}

/** A preset width, widened on wide screens so the whole cell fits in height too (never past the level's threshold). */
function fitWidth(preset: number, pitch: number, aspect: number): number {
  return Math.min(pitch * 3.9, Math.max(preset, (pitch * 1.1) / aspect));
}

/** Whether a world rectangle (with a margin) meets the view: labels outside it are not drawn. */
export function intersects(v: ViewBox, c: Point, radius: number): boolean {
  return c.x + radius >= v.x && c.x - radius <= v.x + v.width && c.y + radius >= v.y && c.y - radius <= v.y + v.height;
}

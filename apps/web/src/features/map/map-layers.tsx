import { memo, useId, useMemo } from 'react';
import {
  GRID_SIDE,
  POSITION_COUNT,
  POSITION_PITCH,
  REGION_COUNT,
  REGION_PITCH,
  SUB_PITCH,
  WORLD,
  hexPath,
  intersects,
  positionCentre,
  regionCentre,
  subRegionCentre,
  type Detail,
  type Point,
  type ViewBox,
} from './geometry';
import type { MapTerritory, Presence, WreckageIndex } from './map-data';
import { TRUNCATE, truncate } from './labels';
import { MARK_COLOURS } from './map-colours';
import classes from './map.module.css';

type Buckets = Record<Presence, string>;

const PRESENCES: Presence[] = ['own', 'enemy', 'contested', 'empty'];

/** Every cell's hex in one path per presence: a handful of DOM nodes for 961 hexes, cheap to pan. */
function bucketHexes(count: number, centreOf: (i: number) => Point, pitch: number, presence: Map<number, Presence>, omit: number | null = null): Buckets {
  const parts: Record<Presence, string[]> = { own: [], enemy: [], contested: [], empty: [] };
  for (let i = 1; i <= count; i += 1) if (i !== omit) parts[presence.get(i) ?? 'empty'].push(hexPath(centreOf(i), pitch));
  return Object.fromEntries(PRESENCES.map((p) => [p, parts[p].join('')])) as Buckets;
}

function PresencePaths({ paths }: { paths: Buckets }) {
  return (
    <>
      <path className={classes.empty} d={paths.empty} />
      {/* a wide translucent stroke underneath gives the glow, far cheaper than a blur filter */}
      <path className={classes.glowOwn} d={paths.own + paths.contested} />
      <path className={classes.glowEnemy} d={paths.enemy} />
      <path className={classes.own} d={paths.own} />
      <path className={classes.enemy} d={paths.enemy} />
      <path className={classes.contested} d={paths.contested} />
    </>
  );
}

/** The 961 regions; a dim backdrop (without the region whose sub-regions are drawn) once the view is inside one. */
export const RegionLayer = memo(function RegionLayer({ presence, open }: { presence: Map<number, Presence>; open: number | null }) {
  const backdrop = open !== null;
  const paths = useMemo(() => bucketHexes(REGION_COUNT, regionCentre, REGION_PITCH, presence, open), [presence, open]);
  return (
    <g className={backdrop ? classes.backdrop : undefined} data-layer="regions">
      <PresencePaths paths={paths} />
    </g>
  );
});

/** The 961 sub-regions of one region; a dim backdrop once the view is inside one of them. */
export const SubregionLayer = memo(function SubregionLayer({
  region,
  presence,
  open,
}: {
  region: number;
  presence: Map<number, Presence>;
  /** The sub-region whose positions are drawn: left out, the rest dimmed. */
  open: number | null;
}) {
  const backdrop = open !== null;
  const paths = useMemo(
    () => bucketHexes(GRID_SIDE * GRID_SIDE, (s) => subRegionCentre(region, s), SUB_PITCH, presence, open),
    [region, presence, open],
  );
  return (
    <g className={backdrop ? classes.backdrop : undefined} data-layer="subregions" data-region={region}>
      <PresencePaths paths={paths} />
    </g>
  );
});

export type PositionState = 'own' | 'ally' | 'enemy' | 'neutral' | 'empty';

const NO_ALLIES: ReadonlySet<number> = new Set();

export function positionState(territory: MapTerritory | undefined, me: number | null, allies: ReadonlySet<number> = NO_ALLIES): PositionState {
  if (!territory) return 'empty';
  if (territory.owner_id === null) return 'neutral';
  if (territory.owner_id === me) return 'own';
  return allies.has(territory.owner_id) ? 'ally' : 'enemy';
}

const POSITION_CLASS: Record<PositionState, string | undefined> = {
  own: classes.positionOwn,
  ally: classes.positionAlly,
  enemy: classes.positionEnemy,
  neutral: classes.positionNeutral,
  empty: classes.positionEmpty,
};

/** Text centred at x, squeezed to `width` when its estimated length would overflow the hex. */
function FittedText({ children, width, fontSize, ...rest }: { children: string; width: number; fontSize: number; className?: string; x: number; y: number }) {
  const estimated = children.length * fontSize * 0.56;
  return (
    <text {...rest} fontSize={fontSize} {...(estimated > width ? { textLength: width, lengthAdjust: 'spacingAndGlyphs' } : {})}>
      {children}
    </text>
  );
}

/** The 25 positions of one sub-region, each with its number, territory name and owner. */
export const PositionLayer = memo(function PositionLayer({
  region,
  subRegion,
  territories,
  me,
  allies,
  selectedTerritoryId,
}: {
  region: number;
  subRegion: number;
  territories: Map<number, MapTerritory>;
  me: number | null;
  /** The player's alliance members: their territories get the alliance colour. */
  allies: ReadonlySet<number>;
  selectedTerritoryId: number | null;
}) {
  const font = POSITION_PITCH * 0.13;
  return (
    <g data-layer="positions" data-region={region} data-sub-region={subRegion}>
      {Array.from({ length: POSITION_COUNT }, (_, i) => {
        const p = i + 1;
        const c = positionCentre(region, subRegion, p);
        const territory = territories.get(p);
        const state = positionState(territory, me, allies);
        return (
          <g key={p} data-position={p} data-state={state}>
            <path
              className={POSITION_CLASS[state]}
              d={hexPath(c, POSITION_PITCH, 0.08)}
              style={state === 'ally' ? { stroke: MARK_COLOURS.ally } : undefined}
            />
            {territory && territory.id === selectedTerritoryId && (
              <path className={classes.selected} d={hexPath(c, POSITION_PITCH, 0.0)} />
            )}
            <text className={classes.positionNumber} x={c.x} y={c.y - POSITION_PITCH * 0.3} fontSize={font * 0.9}>
              {p}
            </text>
            {territory ? (
              <>
                <FittedText className={classes.territoryName} x={c.x} y={c.y + font * 0.1} fontSize={font} width={POSITION_PITCH * 0.8}>
                  {truncate(territory.name, TRUNCATE.territoryName)}
                </FittedText>
                <text className={classes.ownerName} x={c.x} y={c.y + font * 1.3} fontSize={font * 0.85}>
                  {territory.owner_username ? truncate(territory.owner_username, TRUNCATE.ownerOnMap) : 'Unclaimed'}
                </text>
                {state !== 'own' && territory.owner_status.length > 0 && (
                  // fair play's letters beside the owner's colour: plain text, cheap to draw
                  <text className={classes.ownerStatus} x={c.x} y={c.y + font * 2.5} fontSize={font * 0.9} data-owner-status={territory.owner_status.join('')}>
                    {territory.owner_status.join(' ')}
                  </text>
                )}
              </>
            ) : (
              <text className={classes.emptyLabel} x={c.x} y={c.y + font * 0.4} fontSize={font * 0.85}>
                Empty
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
});

/** Cell numbers, only for cells in (or near) the committed view and only when big enough to read. */
export const CellLabels = memo(function CellLabels({
  count,
  centreOf,
  pitch,
  view,
  pixelsPerUnit,
}: {
  count: number;
  centreOf: (i: number) => Point;
  pitch: number;
  view: ViewBox;
  pixelsPerUnit: number;
}) {
  if (pitch * pixelsPerUnit < 36) return null;
  // The drawn margin of the stage (half a view each side), so a pan shows labelled cells.
  const margin: ViewBox = { x: view.x - view.width / 2, y: view.y - view.height / 2, width: view.width * 2, height: view.height * 2 };
  const labels = [];
  for (let i = 1; i <= count; i += 1) {
    const c = centreOf(i);
    if (!intersects(margin, c, pitch)) continue;
    labels.push(
      <text key={i} className={classes.cellLabel} x={c.x} y={c.y + pitch * 0.1} fontSize={pitch * 0.3}>
        {i}
      </text>,
    );
  }
  return <g aria-hidden>{labels}</g>;
});

/**
 * Wreckage markers: a zero-length segment per field, drawn with a round cap whose width is in screen
 * pixels (see the stylesheet), so a field reads as the same bright dot at every zoom.
 */
/** The player's home marked at every level: a dot and 'Home' when zoomed out, a ring when its sector is open. */
export function HomeMarker({ home, level }: { home: { r: number; s: number; p: number }; level: Detail['level'] }) {
  const c = positionCentre(home.r, home.s, home.p);
  return (
    <g data-testid="map-home" data-level={level}>
      {level === 'position' ? (
        <path className={classes.homeRing} d={hexPath(c, POSITION_PITCH, -0.03)} style={{ stroke: MARK_COLOURS.home }} />
      ) : (
        <circle className={classes.homeDot} cx={c.x} cy={c.y} style={{ fill: MARK_COLOURS.home }} />
      )}
      <text className={classes.homeLabel} x={c.x} y={level === 'position' ? c.y - POSITION_PITCH * 0.52 : c.y}>
        Home
      </text>
    </g>
  );
}

/** The ring round the last coordinates entered or focused. */
export function FocusRing({ d }: { d: string }) {
  return <path className={classes.focus} d={d} style={{ stroke: MARK_COLOURS.focus }} data-testid="map-focus" />;
}

export const WreckageLayer = memo(function WreckageLayer({ cells, level }: { cells: { key: string; centre: Point; pitch: number }[]; level?: Detail['level'] }) {
  const d = useMemo(
    () => cells.map(({ centre: c, pitch }) => `M${Math.round((c.x + pitch * 0.24) * 100) / 100} ${Math.round((c.y - pitch * 0.28) * 100) / 100}h0`).join(''),
    [cells],
  );
  // In an open sector the dot alone is lost among the names: a dashed ring inside the hex marks the
  // whole position (one path for all of them, no filter).
  const ring = useMemo(() => (level === 'position' ? cells.map(({ centre, pitch }) => hexPath(centre, pitch, 0.2)).join('') : ''), [cells, level]);
  return (
    <g data-layer="wreckage" data-count={cells.length}>
      {ring && <path className={classes.wreckageRing} d={ring} style={{ stroke: MARK_COLOURS.wreckage }} data-mark="wreckage-ring" />}
      <path className={classes.wreckageHalo} d={d} />
      <path className={classes.wreckage} d={d} style={{ stroke: MARK_COLOURS.wreckage }} data-mark="wreckage" />
    </g>
  );
});

export function wreckageCells(
  level: 'region' | 'subregion' | 'position',
  region: number,
  subRegion: number,
  index: WreckageIndex,
): { key: string; centre: Point; pitch: number }[] {
  if (level === 'region') {
    return [...index.byRegion.keys()].map((r) => ({ key: `${r}`, centre: regionCentre(r), pitch: REGION_PITCH }));
  }
  if (level === 'subregion') {
    const prefix = `${region}:`;
    return [...index.bySubRegion.keys()]
      .filter((key) => key.startsWith(prefix))
      .map((key) => ({ key, centre: subRegionCentre(region, Number(key.slice(prefix.length))), pitch: SUB_PITCH }));
  }
  const cells: { key: string; centre: Point; pitch: number }[] = [];
  for (const f of index.byPosition.values()) {
    if (f.region === region && f.sub_region === subRegion) {
      cells.push({ key: `${f.region}:${f.sub_region}:${f.position}`, centre: positionCentre(f.region, f.sub_region, f.position), pitch: POSITION_PITCH });
    }
  }
  return cells;
}

/** The galaxy's glow behind the grid: a violet core and a few nebulae, fixed in the world so they pan with it. */
export const GalaxyBackdrop = memo(function GalaxyBackdrop({ dim }: { dim: number }) {
  const id = useId().replace(/:/g, '');
  const cx = WORLD.minX + WORLD.width / 2;
  const cy = WORLD.minY + WORLD.height / 2;
  const nebulae = [
    { x: cx - 9 * REGION_PITCH, y: cy - 7 * REGION_PITCH, rx: 9, ry: 6, color: '0, 170, 200' },
    { x: cx + 10 * REGION_PITCH, y: cy + 8 * REGION_PITCH, rx: 8, ry: 7, color: '151, 71, 255' },
    { x: cx + 7 * REGION_PITCH, y: cy - 10 * REGION_PITCH, rx: 6, ry: 5, color: '157, 255, 18' },
  ];
  return (
    <g aria-hidden pointerEvents="none" opacity={dim}>
      <defs>
        <radialGradient id={`${id}-core`}>
          <stop offset="0%" stopColor="rgba(230, 212, 255, 0.32)" />
          <stop offset="18%" stopColor="rgba(151, 71, 255, 0.22)" />
          <stop offset="60%" stopColor="rgba(80, 30, 160, 0.08)" />
          <stop offset="100%" stopColor="rgba(80, 30, 160, 0)" />
        </radialGradient>
        {nebulae.map((n, i) => (
          <radialGradient key={i} id={`${id}-n${i}`}>
            <stop offset="0%" stopColor={`rgba(${n.color}, 0.13)`} />
            <stop offset="100%" stopColor={`rgba(${n.color}, 0)`} />
          </radialGradient>
        ))}
      </defs>
      <ellipse cx={cx} cy={cy} rx={REGION_PITCH * 17} ry={REGION_PITCH * 14} fill={`url(#${id}-core)`} />
      {nebulae.map((n, i) => (
        <ellipse key={i} cx={n.x} cy={n.y} rx={n.rx * REGION_PITCH} ry={n.ry * REGION_PITCH} fill={`url(#${id}-n${i})`} />
      ))}
    </g>
  );
});

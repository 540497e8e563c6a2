import { useEffect, useMemo, useRef, type RefObject } from 'react';
import {
  GRID_SIDE,
  POSITION_PITCH,
  REGION_COUNT,
  REGION_PITCH,
  SUB_PITCH,
  ZOOM_STEP,
  hexPath,
  pick,
  positionCentre,
  regionCentre,
  subRegionCentre,
  viewForCoordinates,
  type Detail,
  type PickedCell,
  type ViewBox,
} from './geometry';
import type { MapCamera } from './use-map-camera';
import type { MapData } from './map-data';
import { CellLabels, FocusRing, GalaxyBackdrop, HomeMarker, PositionLayer, RegionLayer, SubregionLayer, WreckageLayer, wreckageCells } from './map-layers';
import { MapTooltip, type MapTooltipHandle, type TooltipContent } from './map-tooltip';
import { fleetAt, type FleetMarker } from './fleet-overlay';
import { FleetLayer } from './map-fleets';
import { describeCell } from './describe-cell';
import classes from './map.module.css';

/** Social spec 9: drag threshold, double-click window and long-press time. */
export const DRAG_THRESHOLD_PX = 5;
export const DOUBLE_CLICK_MS = 250;
export const LONG_PRESS_MS = 700;
/** Wheel travel that counts as one notch (a mouse notch is ~100; trackpads send many small deltas). */
const WHEEL_NOTCH = 60;

export function cellHex(cell: PickedCell, inset = 0.02): string {
  if (cell.s === null) return hexPath(regionCentre(cell.r), REGION_PITCH, inset);
  if (cell.p === null) return hexPath(subRegionCentre(cell.r, cell.s), SUB_PITCH, inset);
  return hexPath(positionCentre(cell.r, cell.s, cell.p), POSITION_PITCH, inset);
}

const sameCell = (a: PickedCell | null, b: PickedCell | null) => !!a && !!b && a.r === b.r && a.s === b.s && a.p === b.p;

export interface MapCanvasProps {
  camera: MapCamera;
  stageRef: RefObject<HTMLDivElement | null>;
  detail: Detail;
  committedView: ViewBox;
  data: MapData;
  me: number | null;
  /** The player's alliance members, drawn in the alliance colour. */
  allies: ReadonlySet<number>;
  selectedTerritoryId: number | null;
  /** A cell to ring (the last coordinates entered or focused). */
  focus: PickedCell | null;
  /** The player's home territory, marked at every level. */
  home: { r: number; s: number; p: number } | null;
  /** Phone layout: taps show the card, long-press opens the menu. */
  touchUi: boolean;
  onSelectCell: (cell: PickedCell) => void;
  onOpenMenu: (target: { r: number; s: number; p: number }, clientX: number, clientY: number) => void;
  /** Fleet movements on the overlay, and the tooltip of one (social 2.5, 2.6). */
  fleets: readonly FleetMarker[];
  fleetCard: (id: string) => TooltipContent | null;
}

/** A fleet dot answers the pointer within this many screen pixels. */
const FLEET_HIT_PX = 9;

interface Press {
  pointerId: number;
  pointerType: string;
  x: number;
  y: number;
  at: number;
  view: ViewBox;
  moved: boolean;
  longPressed: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}

/** The SVG map and every pointer gesture on it: hover, drag, wheel, click, double-click, right-click, long-press. */
export function MapCanvas(props: MapCanvasProps) {
  const { camera, stageRef, detail, committedView, data, me, selectedTerritoryId, focus } = props;
  const hoverRef = useRef<SVGPathElement>(null);
  const tooltipRef = useRef<MapTooltipHandle>(null);
  // Gesture handlers are attached once; they read the latest props through this ref.
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    const stage = stageRef.current;
    const viewport = stage?.parentElement;
    if (!stage || !viewport) return;
    let press: Press | null = null;
    let lastTap: { time: number; cell: PickedCell } | null = null;
    let hovered: PickedCell | null = null;
    let wheelTravel = 0;
    /** A long-press just opened the menu: the click the browser makes of the touch must not hit it. */
    let swallowClick = false;

    const cellAt = (clientX: number, clientY: number) => pick(camera.toWorld(clientX, clientY), camera.currentDetail());
    const local = (clientX: number, clientY: number) => {
      const rect = viewport.getBoundingClientRect();
      return { x: clientX - rect.left, y: clientY - rect.top, bounds: { width: rect.width, height: rect.height } };
    };
    const showCard = (cell: PickedCell, clientX: number, clientY: number) => {
      const { x, y, bounds } = local(clientX, clientY);
      const p = latest.current;
      const fleet = fleetAt(p.fleets, camera.toWorld(clientX, clientY), FLEET_HIT_PX / camera.scale());
      const card = fleet ? p.fleetCard(fleet.id) : null;
      tooltipRef.current?.show(card ?? describeCell(cell, p.data, p.me, p.touchUi), x, y, bounds);
    };
    const setHover = (cell: PickedCell | null) => {
      hovered = cell;
      hoverRef.current?.setAttribute('d', cell ? cellHex(cell) : '');
    };
    const clearHover = () => {
      setHover(null);
      tooltipRef.current?.hide();
    };
    const drill = (cell: PickedCell) => {
      clearHover();
      const aspect = camera.aspect();
      if (cell.s === null) camera.animateTo(viewForCoordinates({ r: cell.r, s: null, p: null }, aspect));
      else if (cell.p === null) camera.animateTo(viewForCoordinates({ r: cell.r, s: cell.s, p: null }, aspect));
    };
    const openMenu = (cell: PickedCell, clientX: number, clientY: number) => {
      if (cell.s === null || cell.p === null) return;
      tooltipRef.current?.hide();
      latest.current.onOpenMenu({ r: cell.r, s: cell.s, p: cell.p }, clientX, clientY);
    };
    const tap = (cell: PickedCell, e: PointerEvent) => {
      // Times are the events' own (when the input happened), not when a busy page got to them.
      const now = e.timeStamp;
      if (lastTap && now - lastTap.time <= DOUBLE_CLICK_MS && sameCell(lastTap.cell, cell)) {
        lastTap = null;
        drill(cell);
        return;
      }
      lastTap = { time: now, cell };
      latest.current.onSelectCell(cell);
      if (e.pointerType !== 'mouse') {
        setHover(cell);
        showCard(cell, e.clientX, e.clientY);
      }
    };

    const onPointerDown = (e: PointerEvent) => {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      if (press) return; // a second finger: ignore
      stage.setPointerCapture?.(e.pointerId);
      press = { pointerId: e.pointerId, pointerType: e.pointerType, x: e.clientX, y: e.clientY, at: e.timeStamp, view: camera.current(), moved: false, longPressed: false, timer: null };
      if (e.pointerType !== 'mouse') {
        const started = press;
        started.timer = setTimeout(() => {
          started.longPressed = true;
          const cell = cellAt(started.x, started.y);
          setHover(cell);
          openMenu(cell, started.x, started.y);
        }, LONG_PRESS_MS);
      }
    };
    const onPointerMove = (e: PointerEvent) => {
      if (press && e.pointerId === press.pointerId) {
        const dx = e.clientX - press.x;
        const dy = e.clientY - press.y;
        if (!press.moved && Math.hypot(dx, dy) > DRAG_THRESHOLD_PX) {
          press.moved = true;
          if (press.timer) clearTimeout(press.timer);
          stage.dataset.dragging = 'true';
          clearHover();
        }
        if (press.moved) camera.dragFrom(press.view, dx, dy);
        return;
      }
      if (e.pointerType !== 'mouse') return;
      const cell = cellAt(e.clientX, e.clientY);
      if (!sameCell(cell, hovered)) setHover(cell);
      showCard(cell, e.clientX, e.clientY);
    };
    const endPress = (e: PointerEvent, cancelled: boolean) => {
      if (!press || e.pointerId !== press.pointerId) return;
      const ended = press;
      press = null;
      if (ended.timer) clearTimeout(ended.timer);
      delete stage.dataset.dragging;
      if (ended.moved) camera.commit();
      else if (cancelled) return;
      else if (ended.longPressed) swallowClick = true;
      else if (ended.pointerType !== 'mouse' && e.timeStamp - ended.at >= LONG_PRESS_MS) {
        // Held long enough but the timer has not run yet (a busy page): still a long-press.
        swallowClick = true;
        openMenu(cellAt(ended.x, ended.y), ended.x, ended.y);
      } else tap(cellAt(e.clientX, e.clientY), e);
    };
    const onPointerUp = (e: PointerEvent) => endPress(e, false);
    const onPointerCancel = (e: PointerEvent) => endPress(e, true);
    const onPointerLeave = (e: PointerEvent) => {
      if (e.pointerType === 'mouse' && !press) clearHover();
    };
    const onContextMenu = (e: MouseEvent) => {
      e.preventDefault();
      // Touch: the browser's own long-press (about 500 ms) is not ours; the 700 ms timer decides.
      if (press || ('pointerType' in e && (e as PointerEvent).pointerType === 'touch')) return;
      openMenu(cellAt(e.clientX, e.clientY), e.clientX, e.clientY);
    };
    const onTouchEnd = (e: TouchEvent) => {
      if (!swallowClick) return;
      swallowClick = false;
      e.preventDefault(); // no emulated mouse events, no click on the menu item under the finger
    };
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      wheelTravel += e.deltaMode === 0 ? e.deltaY : e.deltaY * 40;
      if (Math.abs(wheelTravel) < WHEEL_NOTCH) return;
      const factor = wheelTravel < 0 ? ZOOM_STEP : 1 / ZOOM_STEP;
      wheelTravel = 0;
      clearHover();
      camera.zoomBy(factor, camera.toWorld(e.clientX, e.clientY));
    };

    // One signal removes every listener when the map unmounts.
    const listening = new AbortController();
    const { signal } = listening;
    stage.addEventListener('pointerdown', onPointerDown, { signal });
    stage.addEventListener('pointermove', onPointerMove, { signal });
    stage.addEventListener('pointerup', onPointerUp, { signal });
    stage.addEventListener('pointercancel', onPointerCancel, { signal });
    stage.addEventListener('pointerleave', onPointerLeave, { signal });
    stage.addEventListener('contextmenu', onContextMenu, { signal });
    stage.addEventListener('wheel', onWheel, { passive: false, signal });
    stage.addEventListener('touchend', onTouchEnd, { passive: false, signal });
    return () => {
      if (press?.timer) clearTimeout(press.timer);
      listening.abort();
    };
  }, [camera, stageRef]);

  const pixelsPerUnit = camera.scale();
  const wreckage = useMemo(() => wreckageCells(detail.level, detail.r, detail.s, data.wreckage), [detail.level, detail.r, detail.s, data.wreckage]);
  const subPresence = data.subregionsOf === detail.r ? data.subregionPresence : EMPTY;

  const label =
    detail.level === 'region' ? 'regions' : detail.level === 'subregion' ? `sub-regions of region ${detail.r}` : `positions of sector ${detail.r}:${detail.s}`;

  // Three SVG layers on one stage, each its own compositor layer: the hexes (redrawn only when the
  // data or the level changes), the cell numbers (re-culled after each gesture) and the overlay
  // (hover, focus, wreckage), so a hover or a new set of labels never repaints the hexes.
  return (
    <>
      <div
        ref={stageRef}
        className={classes.stage}
        role="img"
        aria-label={`Star map, ${label}`}
        data-testid="star-map"
        data-level={detail.level}
        data-region={detail.level === 'region' ? undefined : detail.r}
        data-sub-region={detail.level === 'position' ? detail.s : undefined}
      >
        <svg className={classes.layer} preserveAspectRatio="xMidYMid meet" data-svg="hexes">
          <GalaxyBackdrop dim={detail.level === 'region' ? 1 : detail.level === 'subregion' ? 0.35 : 0.2} />
          <RegionLayer presence={data.regionPresence} open={detail.level === 'region' ? null : detail.r} />
          {detail.level !== 'region' && <SubregionLayer region={detail.r} presence={subPresence} open={detail.level === 'position' ? detail.s : null} />}
          {detail.level === 'position' && (
            <PositionLayer
              region={detail.r}
              subRegion={detail.s}
              territories={data.territoriesByPosition}
              me={me}
              allies={props.allies}
              selectedTerritoryId={selectedTerritoryId}
            />
          )}
        </svg>
        <svg className={classes.layer} preserveAspectRatio="xMidYMid meet" data-svg="labels" aria-hidden>
          {detail.level === 'region' && (
            <CellLabels count={REGION_COUNT} centreOf={regionCentre} pitch={REGION_PITCH} view={committedView} pixelsPerUnit={pixelsPerUnit} />
          )}
          {detail.level === 'subregion' && (
            <CellLabels
              count={GRID_SIDE * GRID_SIDE}
              centreOf={(s) => subRegionCentre(detail.r, s)}
              pitch={SUB_PITCH}
              view={committedView}
              pixelsPerUnit={pixelsPerUnit}
            />
          )}
        </svg>
        <svg className={classes.layer} preserveAspectRatio="xMidYMid meet" data-svg="overlay" aria-hidden>
          <WreckageLayer cells={wreckage} level={detail.level} />
          {props.home && <HomeMarker home={props.home} level={detail.level} />}
          <FleetLayer fleets={props.fleets} />
          {focus && focus.s !== null && <FocusRing d={cellHex(focus, 0)} />}
          <path ref={hoverRef} className={classes.hover} d="" />
        </svg>
      </div>
      <MapTooltip ref={tooltipRef} />
    </>
  );
}

const EMPTY = new Map<number, never>();

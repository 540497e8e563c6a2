import { useEffect, useMemo, useRef, type RefObject } from 'react';
import {
  GRID_SIDE,
  POSITION_PITCH,
  REGION_COUNT,
  REGION_PITCH,
  SUB_PITCH,
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
import { CellLabels, GalaxyBackdrop, PositionLayer, RegionLayer, SubregionLayer, WreckageLayer, wreckageCells } from './map-layers';
import { MapTooltip, type MapTooltipHandle } from './map-tooltip';
import { describeCell } from './describe-cell';
import classes from './map.module.css';

/** Social spec 9: drag threshold, double-click window and long-press time. */
export const DRAG_THRESHOLD_PX = 5;
export const DOUBLE_CLICK_MS = 250;
export const LONG_PRESS_MS = 700;
/** Wheel travel that counts as one notch (a mouse notch is ~100; trackpads send many small deltas). */
const WHEEL_NOTCH = 60;
const ZOOM_STEP = 1.5;

export function cellHex(cell: PickedCell, inset = 0.02): string {
  if (cell.s === null) return hexPath(regionCentre(cell.r), REGION_PITCH, inset);
  if (cell.p === null) return hexPath(subRegionCentre(cell.r, cell.s), SUB_PITCH, inset);
  return hexPath(positionCentre(cell.r, cell.s, cell.p), POSITION_PITCH, inset);
}

const sameCell = (a: PickedCell | null, b: PickedCell | null) => !!a && !!b && a.r === b.r && a.s === b.s && a.p === b.p;

export interface MapCanvasProps {
  camera: MapCamera;
  svgRef: RefObject<SVGSVGElement | null>;
  detail: Detail;
  committedView: ViewBox;
  data: MapData;
  me: number | null;
  selectedTerritoryId: number | null;
  /** A cell to ring (the last coordinates entered or focused). */
  focus: PickedCell | null;
  /** Phone layout: taps show the card, long-press opens the menu. */
  touchUi: boolean;
  onSelectCell: (cell: PickedCell) => void;
  onOpenMenu: (target: { r: number; s: number; p: number }, clientX: number, clientY: number) => void;
}

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
  const { camera, svgRef, detail, committedView, data, me, selectedTerritoryId, focus } = props;
  const hoverRef = useRef<SVGPathElement>(null);
  const tooltipRef = useRef<MapTooltipHandle>(null);
  // Gesture handlers are attached once; they read the latest props through this ref.
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    let press: Press | null = null;
    let lastTap: { time: number; cell: PickedCell } | null = null;
    let hovered: PickedCell | null = null;
    let wheelTravel = 0;
    /** A long-press just opened the menu: the click the browser makes of the touch must not hit it. */
    let swallowClick = false;

    const cellAt = (clientX: number, clientY: number) => pick(camera.toWorld(clientX, clientY), camera.currentDetail());
    const local = (clientX: number, clientY: number) => {
      const rect = svg.getBoundingClientRect();
      return { x: clientX - rect.left, y: clientY - rect.top, bounds: { width: rect.width, height: rect.height } };
    };
    const showCard = (cell: PickedCell, clientX: number, clientY: number) => {
      const { x, y, bounds } = local(clientX, clientY);
      const p = latest.current;
      tooltipRef.current?.show(describeCell(cell, p.data, p.me, p.touchUi), x, y, bounds);
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
      const now = performance.now();
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
      svg.setPointerCapture?.(e.pointerId);
      press = { pointerId: e.pointerId, pointerType: e.pointerType, x: e.clientX, y: e.clientY, at: performance.now(), view: camera.current(), moved: false, longPressed: false, timer: null };
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
          svg.dataset.dragging = 'true';
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
      delete svg.dataset.dragging;
      if (ended.moved) camera.commit();
      else if (cancelled) return;
      else if (ended.longPressed) swallowClick = true;
      else if (ended.pointerType !== 'mouse' && performance.now() - ended.at >= LONG_PRESS_MS) {
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
      tooltipRef.current?.hide();
      camera.zoomBy(factor, camera.toWorld(e.clientX, e.clientY));
    };

    svg.addEventListener('pointerdown', onPointerDown);
    svg.addEventListener('pointermove', onPointerMove);
    svg.addEventListener('pointerup', onPointerUp);
    svg.addEventListener('pointercancel', onPointerCancel);
    svg.addEventListener('pointerleave', onPointerLeave);
    svg.addEventListener('contextmenu', onContextMenu);
    svg.addEventListener('wheel', onWheel, { passive: false });
    svg.addEventListener('touchend', onTouchEnd, { passive: false });
    return () => {
      if (press?.timer) clearTimeout(press.timer);
      svg.removeEventListener('pointerdown', onPointerDown);
      svg.removeEventListener('pointermove', onPointerMove);
      svg.removeEventListener('pointerup', onPointerUp);
      svg.removeEventListener('pointercancel', onPointerCancel);
      svg.removeEventListener('pointerleave', onPointerLeave);
      svg.removeEventListener('contextmenu', onContextMenu);
      svg.removeEventListener('wheel', onWheel);
      svg.removeEventListener('touchend', onTouchEnd);
    };
  }, [camera, svgRef]);

  const pixelsPerUnit = camera.scale();
  const wreckage = useMemo(() => wreckageCells(detail.level, detail.r, detail.s, data.wreckage), [detail.level, detail.r, detail.s, data.wreckage]);
  const subPresence = data.subregionsOf === detail.r ? data.subregionPresence : EMPTY;

  return (
    <>
      <svg
        ref={svgRef}
        className={classes.svg}
        preserveAspectRatio="xMidYMid meet"
        role="img"
        aria-label={`Star map, ${detail.level === 'region' ? 'regions' : detail.level === 'subregion' ? `sub-regions of region ${detail.r}` : `positions of sector ${detail.r}:${detail.s}`}`}
        data-testid="star-map"
        data-level={detail.level}
        data-region={detail.level === 'region' ? undefined : detail.r}
        data-sub-region={detail.level === 'position' ? detail.s : undefined}
        tabIndex={-1}
      >
        <GalaxyBackdrop />
        <RegionLayer presence={data.regionPresence} open={detail.level === 'region' ? null : detail.r} />
        {detail.level === 'region' && (
          <CellLabels count={REGION_COUNT} centreOf={regionCentre} pitch={REGION_PITCH} view={committedView} pixelsPerUnit={pixelsPerUnit} />
        )}
        {detail.level !== 'region' && <SubregionLayer region={detail.r} presence={subPresence} open={detail.level === 'position' ? detail.s : null} />}
        {detail.level === 'subregion' && (
          <CellLabels
            count={GRID_SIDE * GRID_SIDE}
            centreOf={(s) => subRegionCentre(detail.r, s)}
            pitch={SUB_PITCH}
            view={committedView}
            pixelsPerUnit={pixelsPerUnit}
          />
        )}
        {detail.level === 'position' && (
          <PositionLayer
            region={detail.r}
            subRegion={detail.s}
            territories={data.territoriesByPosition}
            me={me}
            selectedTerritoryId={selectedTerritoryId}
          />
        )}
        <WreckageLayer cells={wreckage} />
        {focus && focus.s !== null && <path className={classes.focus} d={cellHex(focus, 0)} data-testid="map-focus" />}
        <path ref={hoverRef} className={classes.hover} d="" />
      </svg>
      <MapTooltip ref={tooltipRef} />
    </>
  );
}

const EMPTY = new Map<number, never>();

import { useEffect, useMemo, useRef, type RefObject } from 'react';
import {
  clampView,
  detailOf,
  galaxyView,
  panView,
  sameDetail,
  viewAround,
  viewCentre,
  zoomView,
  type Detail,
  type Point,
  type ViewBox,
} from './geometry';

/** Social spec 9: view changes animate over 250 ms. */
export const ANIMATION_MS = 250;
/** The SVG is this many times the viewport's size (half a viewport of margin on each side). */
export const OVERSCAN = 2;
/** After a zoom, the sharp redraw waits this long for the next wheel step or key press. */
export const REDRAW_DELAY_MS = 200;
/**
 * The most a drawn stage is enlarged by a transform before the SVG is drawn again. A flight from the
 * galaxy to a sector (a first visit, 'Go' to far coordinates) zooms about 700 times; scaling the
 * galaxy's drawing that far, while the new level was drawn into it, kept Chromium's compositor
 * thread busy for seconds to minutes without a frame and over a gigabyte in software rendering
 * (decision 25). Past this the camera redraws at each frame instead.
 */
export const MAX_STAGE_SCALE = 4;

export interface CameraCallbacks {
  /** The level or the cell in detail changed (a React render is worth it only then). */
  onDetail: (detail: Detail) => void;
  /** A gesture or animation ended on this view (persist it, cull labels to it). */
  onCommit: (view: ViewBox) => void;
}

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

function interpolate(a: ViewBox, b: ViewBox, t: number, aspect: number): ViewBox {
  const ca = viewCentre(a);
  const cb = viewCentre(b);
  // Width moves geometrically so a zoom feels even from start to end.
  const width = a.width * (b.width / a.width) ** t;
  return viewAround({ x: ca.x + (cb.x - ca.x) * t, y: ca.y + (cb.y - ca.y) * t }, width, aspect);
}

/** The same centre, `factor` times larger: what the overscanned SVG holds around the visible view. */
function expand(v: ViewBox, factor: number): ViewBox {
  return viewAround(viewCentre(v), v.width * factor, v.height / v.width);
}

const format = (v: ViewBox) => `${v.x} ${v.y} ${v.width} ${v.height}`;

/**
 * Owns the map's view outside React. The map is a stage (an element twice the viewport each way)
 * holding SVG layers. They are drawn (their viewBox set) when a zoom ends; in between, every frame
 * only moves and scales the drawn stage with a CSS transform, which the compositor does without
 * repainting a single hex. A pan of up to half a viewport shows drawn content; past that the camera
 * redraws mid-gesture. React hears only when the level of detail changes or a gesture ends.
 */
export class MapCamera {
  /** What the viewport shows now. */
  private view: ViewBox;
  /** What it showed when the SVG was last drawn (the transform maps that onto `view`). */
  private drawn: ViewBox | null = null;
  private detail: Detail;
  private animation: { from: ViewBox; to: ViewBox; start: number } | null = null;
  private frame = 0;
  private pendingDrag: ViewBox | null = null;
  private redrawTimer: ReturnType<typeof setTimeout> | null = null;
  /** The stage: the overscanned element holding the map's SVG layers, moved by the transform. */
  private stage: HTMLElement | null = null;
  /** No saved view: show the whole galaxy once the element's shape is known. */
  private fitGalaxy: boolean;

  constructor(
    initial: ViewBox | null,
    private readonly callbacks: RefObject<CameraCallbacks>,
  ) {
    this.view = initial ?? galaxyView(0.6);
    this.fitGalaxy = initial === null;
    this.detail = detailOf(this.view);
  }

  attach(stage: HTMLElement | null): void {
    this.stage = stage;
    if (!stage) return;
    if (this.fitGalaxy && this.size().width > 0) {
      this.fitGalaxy = false;
      this.view = galaxyView(this.aspect());
    }
    this.apply(clampView(this.view, this.aspect()));
    this.redraw();
  }

  current(): ViewBox {
    return this.view;
  }

  currentDetail(): Detail {
    return this.detail;
  }

  /** The viewport (the SVG's parent): its size is what the player sees. */
  private size(): { width: number; height: number } {
    const box = this.stage?.parentElement;
    return { width: box?.clientWidth ?? 0, height: box?.clientHeight ?? 0 };
  }

  /** Height over width of the viewport (views keep that shape, so nothing is letterboxed). */
  aspect(): number {
    const { width, height } = this.size();
    return width > 0 && height > 0 ? height / width : 0.6;
  }

  /** Pixels per world unit on screen. */
  scale(): number {
    return (this.size().width || 1) / this.view.width;
  }

  toWorld(clientX: number, clientY: number): Point {
    const rect = this.stage?.parentElement?.getBoundingClientRect();
    if (!rect || rect.width === 0) return viewCentre(this.view);
    return {
      x: this.view.x + ((clientX - rect.left) / rect.width) * this.view.width,
      y: this.view.y + ((clientY - rect.top) / rect.height) * this.view.height,
    };
  }

  /** The viewport changed size: same centre and width, new shape. */
  resized(): void {
    if (this.fitGalaxy) {
      this.attach(this.stage);
      return;
    }
    this.apply(clampView(viewAround(viewCentre(this.view), this.view.width, this.aspect()), this.aspect()));
    this.commit();
  }

  /** During a drag: the view the gesture started from, moved by the pointer's travel in pixels. */
  dragFrom(start: ViewBox, dxPx: number, dyPx: number): void {
    this.stopAnimation();
    this.setMoving(true);
    const s = this.scale();
    this.pendingDrag = clampView({ ...start, x: start.x - dxPx / s, y: start.y - dyPx / s }, this.aspect());
    if (!this.frame) this.frame = requestAnimationFrame(this.tick);
  }

  animateTo(target: ViewBox): void {
    const to = clampView(target, this.aspect());
    if (typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
      this.stopAnimation();
      this.apply(to);
      this.commit();
      return;
    }
    this.pendingDrag = null;
    this.animation = { from: this.view, to, start: -1 };
    this.willMove();
    if (!this.frame) this.frame = requestAnimationFrame(this.tick);
  }

  /** A move is coming (its target may wait for data): marked now so observers wait for it. */
  willMove(): void {
    this.setMoving(true);
  }

  /** Marks the map as moving on the SVG: tests and observers wait for it to clear. */
  private setMoving(on: boolean): void {
    const stage = this.stage;
    if (!stage) return;
    if (on) stage.dataset.moving = 'true';
    else delete stage.dataset.moving;
  }

  /** Zoom by a factor (>1 zooms in) about a world point; repeated zooms build on the running animation's target. */
  zoomBy(factor: number, anchor?: Point): void {
    const base = this.animation?.to ?? this.view;
    this.animateTo(zoomView(base, factor, anchor ?? viewCentre(base)));
  }

  /** Pan by a share of the view (0.2 = 20%). */
  panBy(dx: number, dy: number): void {
    this.animateTo(panView(this.animation?.to ?? this.view, dx, dy));
  }

  /**
   * The gesture or animation is over: tell React. After a pan the drawn margin already holds what
   * came into view; after a zoom the SVG is drawn again, sharp at the new scale, once no further
   * zoom follows within REDRAW_DELAY_MS (a run of wheel steps redraws once, at its end).
   */
  commit(): void {
    // A drag's last move may still wait for its frame: the gesture ends where the pointer did.
    if (this.pendingDrag) {
      this.apply(this.pendingDrag);
      this.pendingDrag = null;
    }
    if (this.stage) this.stage.dataset.view = format(this.view);
    this.setMoving(false);
    if (!this.drawn || this.drawn.width !== this.view.width) {
      this.cancelRedraw();
      this.setMoving(true);
      this.redrawTimer = setTimeout(() => {
        this.redrawTimer = null;
        if (this.animation || this.pendingDrag) return; // the next move redraws when it ends
        this.redraw();
        this.setMoving(false);
      }, REDRAW_DELAY_MS);
    }
    this.callbacks.current?.onCommit(this.view);
  }

  private cancelRedraw(): void {
    if (this.redrawTimer) clearTimeout(this.redrawTimer);
    this.redrawTimer = null;
  }

  dispose(): void {
    this.cancelRedraw();
    this.stopAnimation();
    this.setMoving(false);
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.stage = null;
  }

  private stopAnimation(): void {
    this.animation = null;
  }

  private readonly tick = (now: number): void => {
    this.frame = 0;
    if (this.pendingDrag) {
      this.apply(this.pendingDrag);
      this.pendingDrag = null;
      return;
    }
    const animation = this.animation;
    if (!animation) return;
    // Time from the first frame drawn, so a late first frame does not skip the start.
    if (animation.start < 0) animation.start = now - 1000 / 60;
    const t = Math.min(1, (now - animation.start) / ANIMATION_MS);
    this.apply(t >= 1 ? animation.to : interpolate(animation.from, animation.to, easeOutCubic(t), this.aspect()));
    if (t < 1) {
      this.frame = requestAnimationFrame(this.tick);
    } else {
      this.animation = null;
      this.commit();
    }
  };

  /** Shows `view`: a compositor transform of the drawn SVG, or a redraw when that would show its edge. */
  private apply(view: ViewBox): void {
    this.view = view;
    const stage = this.stage;
    const drawn = this.drawn;
    if (stage && drawn) {
      const { width, height } = this.size();
      const s = drawn.width / view.width;
      const tx = ((drawn.x - view.x) * width) / view.width;
      const ty = ((drawn.y - view.y) * height) / view.height;
      // The drawn area spans half a viewport beyond each edge; redraw before a gap could show.
      const margin = (OVERSCAN - 1) / 2;
      // A transform zooms and pans the picture but cannot reshape it: a view of another shape (the
      // window resized) is drawn again, else cells would show elsewhere than a tap finds them.
      const sameShape = Math.abs(drawn.height * view.width - view.height * drawn.width) <= 1e-9 * drawn.width * view.width;
      const covered = sameShape && s <= MAX_STAGE_SCALE && s * (1 + margin) >= 1 && tx <= s * margin * width && ty <= s * margin * height && tx + s * (1 + margin) * width >= width && ty + s * (1 + margin) * height >= height;
      if (covered) stage.style.transform = s === 1 && tx === 0 && ty === 0 ? '' : `translate(${tx}px, ${ty}px) scale(${s})`;
      else this.redraw();
    }
    const detail = detailOf(view);
    if (!sameDetail(detail, this.detail)) {
      this.detail = detail;
      this.callbacks.current?.onDetail(detail);
    }
  }

  /** Draws the SVG layers for the current view (viewBox over the overscanned area) and drops the transform. */
  private redraw(): void {
    const stage = this.stage;
    if (!stage) return;
    this.cancelRedraw();
    this.drawn = this.view;
    const viewBox = format(expand(this.view, OVERSCAN));
    for (const layer of stage.querySelectorAll(':scope > svg')) layer.setAttribute('viewBox', viewBox);
    stage.style.transform = '';
    stage.dataset.view = format(this.view);
    // Strokes and labels are sized in screen pixels: one pixel in world units at this zoom.
    stage.style.setProperty('--px', `${this.view.width / (this.size().width || 1)}px`);
  }
}

/** One camera per map, attached to its SVG, following the viewport's size. */
export function useMapCamera(stageRef: RefObject<HTMLElement | null>, initial: ViewBox | null, callbacks: CameraCallbacks): MapCamera {
  const callbacksRef = useRef(callbacks);
  callbacksRef.current = callbacks;
  // The initial view is read once; later changes come from the camera itself.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const camera = useMemo(() => new MapCamera(initial, callbacksRef), []);

  useEffect(() => {
    const stage = stageRef.current;
    camera.attach(stage);
    const viewport = stage?.parentElement;
    if (!viewport || typeof ResizeObserver === 'undefined') return () => camera.dispose();
    const observer = new ResizeObserver(() => camera.resized());
    observer.observe(viewport);
    return () => {
      observer.disconnect();
      camera.dispose();
    };
  }, [camera, stageRef]);

  return camera;
}

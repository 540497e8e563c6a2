import { useEffect, useMemo, useRef, type RefObject } from 'react';
import {
  clampView,
  detailOf,
  panView,
  sameDetail,
  viewAround,
  viewCentre,
  zoomView,
  galaxyView,
  type Detail,
  type Point,
  type ViewBox,
} from './geometry';

/** Social spec 9: view changes animate over 250 ms. */
export const ANIMATION_MS = 250;

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

/**
 * Owns the SVG's viewBox outside React: gestures and animations write the attribute directly, once
 * per frame, and React hears only when the level of detail changes or a gesture ends. This keeps
 * panning and zooming the 961-hex galaxy to one attribute write per frame.
 */
export class MapCamera {
  private view: ViewBox;
  private detail: Detail;
  private animation: { from: ViewBox; to: ViewBox; start: number } | null = null;
  private frame = 0;
  private pendingDrag: ViewBox | null = null;
  private svg: SVGSVGElement | null = null;
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

  attach(svg: SVGSVGElement | null): void {
    this.svg = svg;
    if (!svg) return;
    if (this.fitGalaxy && svg.clientWidth > 0) {
      this.fitGalaxy = false;
      this.view = galaxyView(this.aspect());
    }
    this.apply(clampView(this.view, this.aspect()));
  }

  current(): ViewBox {
    return this.view;
  }

  currentDetail(): Detail {
    return this.detail;
  }

  /** Height over width of the element on screen (the view box keeps that shape, so nothing is letterboxed). */
  aspect(): number {
    const w = this.svg?.clientWidth ?? 0;
    const h = this.svg?.clientHeight ?? 0;
    return w > 0 && h > 0 ? h / w : 0.6;
  }

  /** Pixels per world unit on screen. */
  scale(): number {
    return (this.svg?.clientWidth ?? 1) / this.view.width;
  }

  toWorld(clientX: number, clientY: number): Point {
    const rect = this.svg?.getBoundingClientRect();
    if (!rect || rect.width === 0) return viewCentre(this.view);
    return {
      x: this.view.x + ((clientX - rect.left) / rect.width) * this.view.width,
      y: this.view.y + ((clientY - rect.top) / rect.height) * this.view.height,
    };
  }

  /** The element changed size: same centre and width, new shape. */
  resized(): void {
    if (this.fitGalaxy) {
      this.attach(this.svg);
      return;
    }
    this.apply(clampView(viewAround(viewCentre(this.view), this.view.width, this.aspect()), this.aspect()));
    this.commit();
  }

  /** During a drag: the view the gesture started from, moved by the pointer's travel in pixels. */
  dragFrom(start: ViewBox, dxPx: number, dyPx: number): void {
    this.stopAnimation();
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
    if (this.svg) this.svg.dataset.moving = 'true';
    if (!this.frame) this.frame = requestAnimationFrame(this.tick);
  }

  /** A move is coming (its target waits for data): marked now so observers wait for it. */
  willMove(): void {
    if (this.svg) this.svg.dataset.moving = 'true';
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

  commit(): void {
    // A drag's last move may still wait for its frame: the gesture ends where the pointer did.
    if (this.pendingDrag) {
      this.apply(this.pendingDrag);
      this.pendingDrag = null;
    }
    this.callbacks.current?.onCommit(this.view);
  }

  dispose(): void {
    this.stopAnimation();
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.svg = null;
  }

  private stopAnimation(): void {
    this.animation = null;
    if (this.svg) delete this.svg.dataset.moving;
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
      if (this.svg) delete this.svg.dataset.moving;
      this.commit();
    }
  };

  private apply(view: ViewBox): void {
    this.view = view;
    this.svg?.setAttribute('viewBox', `${view.x} ${view.y} ${view.width} ${view.height}`);
    const detail = detailOf(view);
    if (!sameDetail(detail, this.detail)) {
      this.detail = detail;
      this.callbacks.current?.onDetail(detail);
    }
  }
}

/** One camera per map, attached to its SVG, following the element's size. */
export function useMapCamera(svgRef: RefObject<SVGSVGElement | null>, initial: ViewBox | null, callbacks: CameraCallbacks): MapCamera {
  const callbacksRef = useRef(callbacks);
  callbacksRef.current = callbacks;
  // The initial view is read once; later changes come from the camera itself.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const camera = useMemo(() => new MapCamera(initial, callbacksRef), []);

  useEffect(() => {
    const svg = svgRef.current;
    camera.attach(svg);
    if (!svg || typeof ResizeObserver === 'undefined') return () => camera.dispose();
    const observer = new ResizeObserver(() => camera.resized());
    observer.observe(svg);
    return () => {
      observer.disconnect();
      camera.dispose();
    };
  }, [camera, svgRef]);

  return camera;
}

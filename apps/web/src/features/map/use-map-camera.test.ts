import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { viewForCoordinates, ZOOM_STEP } from './geometry';
import { ANIMATION_MS, MapCamera, MAX_STAGE_SCALE, REDRAW_DELAY_MS } from './use-map-camera';

const WIDTH = 1000;
const HEIGHT = 600;

/** A 1000 x 600 viewport holding the stage and its three SVG layers, as the map renders them. */
function mountStage(): HTMLElement {
  const viewport = document.createElement('div');
  Object.defineProperty(viewport, 'clientWidth', { value: WIDTH });
  Object.defineProperty(viewport, 'clientHeight', { value: HEIGHT });
  const stage = document.createElement('div');
  for (let i = 0; i < 3; i += 1) stage.append(document.createElementNS('http://www.w3.org/2000/svg', 'svg'));
  viewport.append(stage);
  document.body.append(viewport);
  return stage;
}

/** The scale in the stage's transform (1 when it has none). */
const stageScale = (stage: HTMLElement) => Number(/scale\(([^)]+)\)/.exec(stage.style.transform)?.[1] ?? 1);
const viewBoxOf = (stage: HTMLElement) => stage.querySelector('svg')!.getAttribute('viewBox');

/** Runs animation frames for `ms`, a frame every 16 ms, noting the stage's scale and drawn viewBox after each. */
function frames(stage: HTMLElement, ms: number): { scales: number[]; viewBoxes: Set<string | null> } {
  const scales: number[] = [];
  const viewBoxes = new Set<string | null>();
  for (let t = 0; t < ms; t += 16) {
    vi.advanceTimersByTime(16);
    scales.push(stageScale(stage));
    viewBoxes.add(viewBoxOf(stage));
  }
  return { scales, viewBoxes };
}

describe('the map camera', () => {
  let stage: HTMLElement;
  let camera: MapCamera;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout', 'performance'] });
    stage = mountStage();
    camera = new MapCamera(null, { current: { onDetail: () => undefined, onCommit: () => undefined } });
    camera.attach(stage);
  });
  afterEach(() => {
    camera.dispose();
    stage.parentElement?.remove();
    vi.useRealTimers();
  });

  it('moves the drawn layers with a transform for a wheel step and draws them again once it ends', () => {
    const drawn = viewBoxOf(stage);
    camera.zoomBy(ZOOM_STEP);
    const { scales, viewBoxes } = frames(stage, ANIMATION_MS + 32);
    expect(Math.max(...scales)).toBeCloseTo(ZOOM_STEP, 5);
    expect([...viewBoxes]).toEqual([drawn]);
    vi.advanceTimersByTime(REDRAW_DELAY_MS);
    expect(stage.style.transform).toBe('');
    expect(viewBoxOf(stage)).not.toBe(drawn);
  });

  it(`flies from the galaxy to a sector without ever enlarging the drawn layers more than ${MAX_STAGE_SCALE} times`, () => {
    const galaxy = viewBoxOf(stage);
    const sector = viewForCoordinates({ r: 481, s: 481, p: 13 }, HEIGHT / WIDTH);
    expect(camera.current().width / sector.width).toBeGreaterThan(500);
    camera.animateTo(sector);
    const { scales, viewBoxes } = frames(stage, ANIMATION_MS + 32);
    // It starts as a transform of the galaxy's drawing, then draws again as often as the bound needs.
    expect(Math.max(...scales)).toBeGreaterThan(1);
    expect(Math.max(...scales)).toBeLessThanOrEqual(MAX_STAGE_SCALE);
    expect(viewBoxes.size).toBeGreaterThan(2);
    expect(viewBoxes.has(galaxy)).toBe(true);
    vi.advanceTimersByTime(REDRAW_DELAY_MS);
    expect(stage.style.transform).toBe('');
    expect(camera.current()).toEqual(sector);
  });
});

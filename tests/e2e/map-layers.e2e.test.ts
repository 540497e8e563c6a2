import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STAGE_SCALE } from '../../apps/web/src/features/map/use-map-camera';
import { signUpAsGuest, useGame } from './harness';

/**
 * How Chromium composites the star map. The map pans and zooms by moving drawn layers, so those
 * layers must be drawn once and then only moved. A layer larger than the stage (an SVG that does not
 * clip spans all its viewBox cuts through: at a sector's positions, the whole galaxy behind them) is
 * painted in pieces around the viewport, and painted and rastered again as it moves: the map's wheel
 * zoom then missed a frame in ten in software rendering (tests/bench/map-frames.ts).
 */

const play = useGame();

interface Layer {
  /** the element the layer was made for, lower-case ('svg', 'path', 'div'...) */
  node: string;
  /** its data-svg, for the stage's SVG layers */
  svg: string | null;
  width: number;
  height: number;
}

/** The page's compositor layers as DevTools sees them (CDP LayerTree), at the next update of the layer tree. */
async function compositorLayers(page: Page): Promise<Layer[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.getDocument', { depth: -1 });
    const raw = await new Promise<{ backendNodeId?: number; width: number; height: number }[]>((resolve) => {
      cdp.on('LayerTree.layerTreeDidChange', (event: { layers?: { backendNodeId?: number; width: number; height: number }[] }) => {
        if (event.layers) resolve(event.layers);
      });
      void cdp.send('LayerTree.enable').then(() => page.evaluate(() => document.body.style.setProperty('--layer-probe', String(Math.random()))));
    });
    return await Promise.all(
      raw.map(async ({ backendNodeId, width, height }) => {
        if (!backendNodeId) return { node: '', svg: null, width, height };
        const { node } = (await cdp.send('DOM.describeNode', { backendNodeId })) as { node: { nodeName: string; attributes?: string[] } };
        const attributes = node.attributes ?? [];
        const at = attributes.indexOf('data-svg');
        return { node: node.nodeName.toLowerCase(), svg: at >= 0 ? attributes[at + 1]! : null, width, height };
      }),
    );
  } finally {
    await cdp.detach();
  }
}

/**
 * Runs in the page (an init script): every level the stage showed and the largest scale its transform
 * had, the flight of a first visit included.
 */
function recordStage(): void {
  const seen = { levels: [] as string[], maxScale: 1 };
  Object.assign(window, { __stage: seen });
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      const stage = m.target as HTMLElement;
      if (stage.dataset?.testid !== 'star-map') continue;
      seen.maxScale = Math.max(seen.maxScale, Number(/scale\(([^)]+)\)/.exec(stage.style.transform)?.[1] ?? 1));
      const level = stage.dataset.level ?? '';
      if (seen.levels.at(-1) !== level) seen.levels.push(level);
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['style', 'data-level'] });
}

describe("the star map's compositor layers", () => {
  let page: Page;

  beforeAll(async () => {
    page = await play.browser.newPage({ viewport: { width: 1280, height: 800 }, baseURL: play.game.baseUrl });
    await page.addInitScript(recordStage);
    await signUpAsGuest(page);
    // A first visit opens on the home sector's positions, the whole galaxy drawn dim behind them.
    await page.waitForSelector('[data-testid=star-map][data-level=position]', { timeout: 30_000 });
    await page.waitForFunction(() => !document.querySelector('[data-testid=star-map][data-moving]'), undefined, { timeout: 15_000 });
    await page.getByTestId('map-loading').waitFor({ state: 'detached', timeout: 15_000 });
  });
  afterAll(async () => {
    await page?.close();
  });

  // A first visit flies from the galaxy to the home sector, about 700 times closer. Enlarging the
  // galaxy's drawing that far made Chromium's compositor build tilings millions of pixels a side:
  // the page drew no frame for seconds to minutes (decision 25). The camera draws again instead.
  it(`flies from the galaxy to the home sector without enlarging the drawn layers more than ${MAX_STAGE_SCALE} times`, async () => {
    const seen = await page.evaluate(() => (window as unknown as { __stage: { levels: string[]; maxScale: number } }).__stage);
    expect(seen.levels[0]).toBe('region');
    expect(seen.levels.at(-1)).toBe('position');
    expect(seen.maxScale).toBeLessThanOrEqual(MAX_STAGE_SCALE);
  });

  it('draws a sector on three SVG layers no larger than the stage, each in one piece', async () => {
    const stage = (await page.getByTestId('star-map').boundingBox())!;
    // A snapshot taken while the sector's data still lands (a busy world's owners, fleets, wreckage)
    // may come before the stage's layers are committed: read the tree again until they are there.
    let layers: Layer[] = [];
    await expect
      .poll(async () => {
        layers = await compositorLayers(page);
        return layers.filter((l) => l.svg !== null).map((l) => l.svg).sort();
      }, { timeout: 15_000 })
      .toEqual(['hexes', 'labels', 'overlay']);
    const svgs = layers.filter((l) => l.svg !== null);
    for (const l of svgs) {
      expect(l.width, `the ${l.svg} layer's width`).toBeLessThanOrEqual(Math.ceil(stage.width));
      expect(l.height, `the ${l.svg} layer's height`).toBeLessThanOrEqual(Math.ceil(stage.height));
    }
    // No hex, number or name is split off into a layer of its own.
    expect(layers.filter((l) => ['path', 'text', 'g', 'circle', 'line'].includes(l.node)).map((l) => l.node)).toEqual([]);
  });
});

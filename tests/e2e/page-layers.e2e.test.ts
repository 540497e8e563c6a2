import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { signUpAsGuest, useDatabase, useGame } from './harness';

/**
 * How Chromium composites the page around the map and the simulator. Chromium here draws in software
 * (no GPU): every composited layer's pixels are drawn by the CPU on every frame, and a new layer
 * makes Chromium lay the page out in layers again. The starfield is the page's own background (no
 * layer of its own, and so no full-page layer for #root over it), and 'Simulate' shows its run
 * without a spinning loader (decision 19; the frame benches tests/bench/*-frames.ts time it).
 */

const play = useGame();
const db = useDatabase(play);

interface Layer {
  backendNodeId?: number;
  width: number;
  height: number;
  /** a layer that draws nothing itself (a transform or a clip) costs no pixels */
  drawsContent: boolean;
}

interface DomNode {
  backendNodeId: number;
  nodeName: string;
  attributes?: string[];
  children?: DomNode[];
  pseudoElements?: DomNode[];
}

/** The page's compositor layers at the next update of the layer tree, with the DOM they were made for. */
async function layerTree(cdp: CDPSession, page: Page): Promise<{ layers: Layer[]; dom: DomNode }> {
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  const layers = await new Promise<Layer[]>((resolve) => {
    const take = (event: { layers?: Layer[] }) => {
      if (!event.layers) return;
      cdp.off('LayerTree.layerTreeDidChange', take);
      resolve(event.layers);
    };
    cdp.on('LayerTree.layerTreeDidChange', take);
    void cdp.send('LayerTree.enable').then(() => page.evaluate(() => document.body.style.setProperty('--layer-probe', String(Math.random()))));
  });
  await cdp.send('LayerTree.disable');
  return { layers, dom: root };
}

const attr = (node: DomNode, name: string) => {
  const at = (node.attributes ?? []).indexOf(name);
  return at >= 0 ? node.attributes![at + 1]! : null;
};

function* walk(node: DomNode): Generator<DomNode> {
  yield node;
  for (const child of [...(node.pseudoElements ?? []), ...(node.children ?? [])]) yield* walk(child);
}

const find = (root: DomNode, test: (n: DomNode) => boolean) => [...walk(root)].find(test);

describe("the page's compositor layers", () => {
  let page: Page;
  let cdp: CDPSession;
  let userId: number;

  beforeAll(async () => {
    page = await play.browser.newPage({ viewport: { width: 1280, height: 800 }, baseURL: play.game.baseUrl });
    ({ userId } = await signUpAsGuest(page));
    cdp = await page.context().newCDPSession(page);
  });
  afterAll(async () => {
    await cdp?.detach();
    await page?.close();
  });

  it('paints the starfield into the document: no layer drawing as much as the window but the document and the map stage', async () => {
    await page.getByTestId('star-map').waitFor();
    await page.getByTestId('map-loading').waitFor({ state: 'detached', timeout: 15_000 });
    const windowSized = async () => {
      const { layers, dom } = await layerTree(cdp, page);
      const named = (l: Layer) => {
        const node = l.backendNodeId ? find(dom, (n) => n.backendNodeId === l.backendNodeId) : undefined;
        return node ? `${node.nodeName.toLowerCase()}${attr(node, 'id') ? `#${attr(node, 'id')}` : ''}${attr(node, 'data-svg') ? `[data-svg=${attr(node, 'data-svg')}]` : ''}` : '(none)';
      };
      return layers.filter((l) => l.drawsContent && l.width >= 1280 && l.height >= 800).map(named);
    };
    // A tree read while the map's layers are being committed may not name them yet: read it again until
    // it does. body::before, body::after and #root each had one, drawn again on every frame.
    let names: string[] = [];
    await expect
      .poll(async () => {
        names = await windowSized();
        return names.filter((name) => name !== '#document' && !name.startsWith('svg[data-svg='));
      }, { timeout: 15_000 })
      .toEqual([]);
    expect(names).toContain('#document');
  });

  it("shows 'Simulating…' while the battle computes, with no layer made for the button", { timeout: 120_000 }, async () => {
    // A million of each unit type at home, so that a thousand runs take seconds in the worker.
    const units = Object.keys(loadCatalogue().units);
    await db.query('update territories set units = $2 where owner_id = $1', [userId, JSON.stringify(Object.fromEntries(units.map((k) => [k, 1_000_000])))]);
    await page.goto('/dashboard/army');
    await page.getByTestId('army-simulator-tab').click();
    for (const side of ['attackers', 'defenders']) {
      await page.getByTestId(`lab-party-${side}-0`).getByRole('button', { name: 'From my territory' }).click();
    }
    await page.getByTestId('lab-runs').fill('1000');
    const run = page.getByTestId('lab-run');
    await expect.poll(() => run.isEnabled()).toBe(true);
    // The tree must be read while the run lasts: on a fast machine a run can end first, so it is run
    // again (with another seed) until one read falls inside a run.
    let inRun: { layers: Layer[]; dom: DomNode } | undefined;
    for (let attempt = 1; !inRun && attempt <= 5; attempt++) {
      if (attempt > 1) {
        await page.getByTestId('lab-result').waitFor({ timeout: 90_000 });
        await page.getByTestId('lab-seed').fill(`slow-${attempt}`);
      }
      await run.click();
      await expect.poll(() => run.textContent()).toBe('Simulating…');
      expect(await run.isDisabled()).toBe(true);
      const tree = await layerTree(cdp, page);
      if ((await run.textContent()) === 'Simulating…') inRun = tree; // still running while the tree was read
    }
    if (!inRun) throw new Error('five runs of 1,000 battles each ended before the layer tree could be read');
    const { layers, dom } = inRun;
    const button = find(dom, (n) => attr(n, 'data-testid') === 'lab-run')!;
    const inButton = new Set([...walk(button)].map((n) => n.backendNodeId));
    expect(layers.filter((l) => l.backendNodeId && inButton.has(l.backendNodeId)).length, 'layers made for the button or its loader').toBe(0);
    // The run read inside ends. Not "until a result shows": an earlier attempt's result stays on
    // screen while the next run lasts, so it could be there already.
    await expect.poll(() => run.textContent(), { timeout: 90_000 }).toBe('Simulate');
    expect(await run.isEnabled()).toBe(true);
    await page.getByTestId('lab-result').waitFor();
    // a second run: the worker was sent the game data with the first and keeps it
    await page.getByTestId('lab-runs').fill('10');
    await page.getByTestId('lab-seed').fill('again');
    await run.click();
    await page.getByTestId('lab-timing').filter({ hasText: 'seed again ' }).waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('lab-result').textContent()).toContain('Odds over 10 runs');
  });
});

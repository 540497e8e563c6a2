/**
 * Frame times of the 961-region galaxy view in Chromium while it is panned (drag, arrow keys) and
 * zoomed (wheel), with a crowded galaxy seeded (see map-seed.ts). Every frame interval is taken from
 * requestAnimationFrame in the page; the goal is one display frame (16.7 ms) at p95.
 *
 * Panning and zoom animations only move the drawn SVG with a compositor transform; the SVG is drawn
 * again once a run of zoom steps ends (the 'sharp redraw' phase shows what that one frame costs).
 *
 * Two runs: the dashboard as shipped, and with the shell's blur (backdrop-filter) and CSS animations
 * off, which isolates what the map itself costs. Headless Chromium renders in software here (no GPU)
 * on shared CPUs, so figures are pessimistic and noisy.
 *
 *   npx tsx tests/bench/map-frames.ts
 */
import type { Page } from 'playwright-core';
import { CHROMIUM, launchBrowser, signUpAsGuest, startGame } from '../e2e/harness';
import { FRAME_MS, START_RECORDING, STOP_RECORDING } from './frames';
import { seedCrowdedGalaxy } from './map-seed';

interface Result {
  phase: string;
  frames: number[];
}

async function record(page: Page, phase: string, drive: () => Promise<void>): Promise<Result> {
  await page.evaluate(START_RECORDING);
  await drive();
  await page.waitForTimeout(100);
  const frames = (await page.evaluate(STOP_RECORDING)) as number[];
  return { phase, frames };
}

/** Back to the whole galaxy (no saved view), so every run starts from the same 961-region view. */
async function galaxyView(page: Page): Promise<void> {
  await page.evaluate(`(() => { const raw = localStorage.getItem('ui-storage'); if (!raw) return; const saved = JSON.parse(raw); saved.json.state.mapViewBox = null; localStorage.setItem('ui-storage', JSON.stringify(saved)); })()`);
  await page.reload();
  await page.getByTestId('star-map').waitFor();
  await page.getByTestId('map-loading').waitFor({ state: 'detached', timeout: 60_000 });
  await page.waitForTimeout(1000);
}

async function phases(page: Page, css?: string): Promise<Result[]> {
  await galaxyView(page);
  if (css) await page.addStyleTag({ content: css });
  await page.waitForTimeout(300);
  const box = (await page.getByTestId('star-map').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const results: Result[] = [];
  results.push(
    await record(page, 'drag pan', async () => {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      for (let i = 1; i <= 120; i += 1) await page.mouse.move(cx + Math.sin(i / 12) * 220, cy + Math.cos(i / 15) * 120);
      await page.mouse.up();
    }),
  );
  results.push(
    await record(page, 'wheel zoom (x1.5 steps, 250 ms animations)', async () => {
      for (const dy of [-120, -120, 120, 120, -120, 120]) {
        await page.mouse.wheel(0, dy);
        await page.waitForTimeout(320);
      }
    }),
  );
  results.push(
    await record(page, 'one zoom step and its sharp redraw after it', async () => {
      await page.mouse.wheel(0, -120);
      await page.waitForTimeout(900);
    }),
  );
  results.push(
    await record(page, 'keyboard pan (20% steps, 250 ms animations)', async () => {
      for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'd', 's', 'a', 'w']) {
        await page.keyboard.press(key);
        await page.waitForTimeout(300);
      }
    }),
  );
  return results;
}

function report(label: string, results: Result[]): boolean {
  console.log(`\n${label}`);
  console.log(`${'phase'.padEnd(46)} ${'frames'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'>1 frame'.padStart(9)}`);
  let met = true;
  for (const { phase, frames } of results) {
    const sorted = [...frames].sort((a, b) => a - b);
    const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
    const slow = frames.filter((f) => f > FRAME_MS + 2).length / Math.max(1, frames.length);
    if (q(0.95) > FRAME_MS + 2 && !phase.includes('redraw')) met = false;
    console.log(
      `${phase.padEnd(46)} ${String(frames.length).padStart(7)} ${q(0.5).toFixed(1).padStart(7)} ${q(0.95).toFixed(1).padStart(7)} ${q(1).toFixed(1).padStart(7)} ${`${(slow * 100).toFixed(0)}%`.padStart(9)}`,
    );
  }
  console.log(
    met
      ? `goal met: pans and zooms at p95 within one frame (${FRAME_MS.toFixed(1)} ms); the redraw after a zoom is its max`
      : `goal missed: p95 above one frame (${FRAME_MS.toFixed(1)} ms)`,
  );
  return met;
}

async function main(): Promise<boolean> {
  const game = await startGame();
  const browser = await launchBrowser(CHROMIUM); // the whole browser, as a player's: its frames are what the figures promise
  try {
    console.log(await seedCrowdedGalaxy(game.databaseUrl));
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, baseURL: game.baseUrl });
    await signUpAsGuest(page);
    await page.getByTestId('star-map').waitFor();
    await page.getByTestId('map-loading').waitFor({ state: 'detached', timeout: 60_000 });
    await page.waitForTimeout(1000);
    const hexes = await page.evaluate(`document.querySelectorAll('[data-testid=star-map] [data-layer=regions] path').length`);
    console.log(`galaxy view: 961 regions in ${hexes} path elements, 1280x800, software rendering`);
    // The goal is the dashboard as shipped; the run after it shows what the map alone costs.
    const met = report('dashboard as shipped', await phases(page));
    report(
      'map alone (shell blur and animations off)',
      await phases(page, '*, *::before, *::after { animation: none !important; backdrop-filter: none !important; }'),
    );
    return met;
  } finally {
    await browser.close();
    await game.stop();
  }
}

// A missed goal fails the bench (README, Benchmarks).
process.exit((await main()) ? 0 : 1);

/**
 * Frame times in Chromium while the battle simulator computes a 1,000,000 v 1,000,000 battle over
 * every unit type (and every defense) 100 seeded runs, through the real page: a spy report card's
 * 'Simulate' fills the defenders (detail 3), 'From my territory' the attackers, 'Simulate' runs it in
 * the Web Worker. Every frame interval is taken from requestAnimationFrame in the page from the click
 * until the odds show; the goal is one display frame (16.7 ms) at p95. Then the same size of battle
 * posted straight to a new worker of the app's script (no form, no React in between).
 *
 *   npx tsx tests/bench/battle-lab-frames.ts
 */
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { CHROMIUM, launchBrowser, signUpAsGuest, startGame } from '../e2e/harness';
import { FRAME_MS, START_RECORDING, STOP_RECORDING } from './frames';
import { everyType, millionBattle, runInWorker } from '../e2e/battle-lab-inputs';
import type { Catalogue } from '@brood/game-data';

function line(label: string, frames: number[], extra: string): boolean {
  const sorted = [...frames].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
  console.log(`${label.padEnd(52)} ${String(frames.length).padStart(6)} ${q(0.5).toFixed(1).padStart(7)} ${q(0.95).toFixed(1).padStart(7)} ${q(1).toFixed(1).padStart(7)}  ${extra}`);
  return q(0.95) <= FRAME_MS + 2;
}

async function record(page: Page, drive: () => Promise<void>): Promise<number[]> {
  await page.evaluate(START_RECORDING);
  await drive();
  await page.waitForTimeout(100);
  return (await page.evaluate(STOP_RECORDING)) as number[];
}

async function main(): Promise<boolean> {
  const game = await startGame();
  const browser = await launchBrowser(CHROMIUM); // the whole browser, as a player's: its frames are what the figures promise
  const db = new pg.Client({ connectionString: game.databaseUrl });
  await db.connect();
  try {
    const catalogue = (await (await fetch(`${game.baseUrl}/api/v1/game-data/all`)).json()) as Catalogue;
    const unitKeys = Object.keys(catalogue.units);
    const defenseKeys = Object.keys(catalogue.defenses);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, baseURL: game.baseUrl });
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    const { userId } = await signUpAsGuest(page);
    await db.query('update territories set units = $2 where owner_id = $1', [userId, JSON.stringify(everyType(unitKeys, 1_000_000))]);
    const report = {
      target_territory_id: 1, target_territory_name: 'Citadel', target_coords: [5, 5, 5], target_owner_id: 1, success: true, detected: false, detail_level: 3,
      resources: [{ resource_key: 'fiber', amount: 9_000_000 }],
      structures: [],
      units: Object.entries(everyType(unitKeys, 500_000)).map(([unit_key, quantity]) => ({ unit_key, quantity })),
      defenses: Object.entries(everyType(defenseKeys, 500_000)).map(([defense_key, quantity]) => ({ defense_key, quantity })),
      stationed_fleets: [],
    };
    await db.query(`insert into notifications (id, user_id, message_type, title, content, is_read, created_at) values (gen_random_uuid(), $1, 'SPY_REPORT', 'Spy report: Citadel', $2::jsonb, false, now())`, [userId, JSON.stringify(report)]);
    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    await page.waitForTimeout(1000);
    const before = await record(page, () => page.waitForTimeout(1500));
    await page.getByTestId('notification-bell').click();
    await page.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: 'Simulate' }).click();
    await page.getByTestId('simulator').waitFor();
    await page.getByTestId('lab-party-attackers-0').getByRole('button', { name: 'From my territory' }).click();
    await page.waitForTimeout(1000);

    console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`);
    console.log(`1,000,000 v 1,000,000 (${unitKeys.length} unit types a side, the defender half in ${defenseKeys.length} defense types), 100 seeded runs, 1280x800, software rendering`);
    console.log(`${'phase'.padEnd(52)} ${'frames'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'max ms'.padStart(7)}`);
    const idle = await record(page, () => page.waitForTimeout(1500));
    line('page idle, dashboard (Map tab)', before, '');
    line('page idle, simulator shown', idle, '');
    let met = true;
    for (let i = 1; i <= 3; i++) {
      await page.getByTestId('lab-seed').fill(`bench${i}`);
      // While frames are recorded the bench's own code stays out of the page's frames: the click is the
      // mouse's at the button (a locator's click runs hit-target checks in the page), and the answer is
      // looked for ten times a second (a locator's wait queries the page on every frame).
      const run = page.getByTestId('lab-run');
      await run.scrollIntoViewIfNeeded();
      const box = (await run.boundingBox())!;
      await page.evaluate(() => new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled))));
      const started = Date.now();
      const frames = await record(page, async () => {
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        await page.waitForFunction((seed) => document.querySelector('[data-testid=lab-timing]')?.textContent?.includes(`seed ${seed} `) ?? false, `bench${i}`, { polling: 100, timeout: 120_000 });
      });
      const shown = (await page.getByTestId('lab-timing').textContent()) ?? '';
      met = line(`'Simulate' until the odds show (run ${i})`, frames, `${Date.now() - started} ms wall, ${shown.split('·')[1]?.trim() ?? shown}`) && met;
    }
    const url = workers.find((w) => w.includes('battle.worker'))!;
    const battle = { id: 0, catalogue, ...millionBattle(unitKeys, defenseKeys, 100, 'bench-direct') };
    const direct = await record(page, async () => void (await runInWorker(page, url, [battle])));
    met = line('the same 100 runs posted straight to a new worker', direct, '') && met;
    console.log(met ? `goal met: p95 within one frame (${FRAME_MS.toFixed(1)} ms) while the worker computes` : `goal missed: p95 above one frame (${FRAME_MS.toFixed(1)} ms)`);
    return met;
  } finally {
    await db.end();
    await browser.close();
    await game.stop();
  }
}

// A missed goal fails the bench (README, Benchmarks).
process.exit((await main()) ? 0 : 1);

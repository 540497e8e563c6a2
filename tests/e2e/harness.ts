import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { freePort } from '@brood/world/testing';
import { startStack, WEB_DIST } from '../../scripts/lib/stack';

export const CHROMIUM = '/usr/bin/chromium';
export const SCREENSHOTS = join(import.meta.dirname, 'screenshots');

export interface Game {
  baseUrl: string;
  /** Where this game's database data and the api/worker logs (api.log, worker.log) are. */
  dataDir: string;
  stop(): Promise<void>;
}

export interface GameOptions {
  /** Universe settings for this game, e.g. `{ universe_speed_factor: 500 }` so queues finish in seconds. */
  universeOverrides?: Record<string, unknown>;
}

/**
 * The whole game as a player meets it: the built web app, the api and the sim-worker as real
 * processes on free ports, a fresh embedded database under /tmp. Builds the web app when no build
 * exists (scripts/test.ts builds it once before the e2e tests). Call `stop()` in `afterAll`.
 */
export async function startGame(options: GameOptions = {}): Promise<Game> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brood-e2e-'));
  const env: Record<string, string> = { LOG_LEVEL: 'warn', JWT_SECRET: randomBytes(24).toString('hex') };
  if (options.universeOverrides) env.UNIVERSE_OVERRIDES = JSON.stringify(options.universeOverrides);
  const stack = await startStack({
    port: await freePort(),
    pgPort: await freePort(),
    dataDir,
    ephemeral: true,
    build: !existsSync(join(WEB_DIST, 'index.html')),
    output: dataDir,
    env,
  });
  return { baseUrl: stack.baseUrl, dataDir, stop: stack.stop };
}

/** Debian's Chromium through playwright-core (no browser downloads here). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run 'apt-get install -y chromium' as root (npm test does it when it can).`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Saves a full-page PNG as tests/e2e/screenshots/<name>.png (git-ignored) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name.replace(/[^a-z0-9_-]+/gi, '-')}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Desktop and phone viewports for screenshots at both widths. */
export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import pg from 'pg';
import superjson from 'superjson';
import { afterAll, beforeAll, inject, onTestFailed } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { copyTemplateDatabase, freePort } from '@brood/world/testing';
import { startStack, WEB_DIST } from '../../scripts/lib/stack';
import type { SharedGame } from './stack-pool.global-setup';

/** Debian's Chromium, the whole browser: for what only it does (installing an app, showing notifications) and the frame benches. */
export const CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's chromium-headless-shell: the same engine without the browser around it (Playwright's own
 * default for headless runs). The browser files run in it: on two cores it spent about a sixth less
 * CPU than the whole browser for the same files (decision 11).
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const SCREENSHOTS = join(import.meta.dirname, 'screenshots');

export interface Game {
  baseUrl: string;
  /** The game's PostgreSQL, for a test that seeds rows a player could not make quickly. */
  databaseUrl: string;
  /** Where this game's database data and the api/worker logs (api.log, worker.log) are. */
  dataDir: string;
  stop(): Promise<void>;
}

export interface GameOptions {
  /** Universe settings for this game, e.g. `{ universe_speed_factor: 500 }` so queues finish in seconds. */
  universeOverrides?: Record<string, unknown>;
  /**
   * A world of its own under this name, for a file that counts on an empty galaxy (the map's first
   * view, fixed coordinates): files share a game only when every option, this one included, is equal.
   */
  world?: string;
}

/**
 * Every player of an e2e run signs up from 127.0.0.1, and the files sharing a game sign up more
 * guests within the hour than one address may (20 by default): a game's allowance per address is
 * the whole run's here. tests/integration/accounts-*.test.ts prove the limits themselves.
 */
const ONE_ADDRESS_FOR_ALL = { guest_signups_per_ip_per_hour: 1000, account_signups_per_ip_per_hour: 1000 };

/**
 * The whole game as a player meets it: the built web app, the api and the sim-worker as real
 * processes on free ports, on a freshly migrated database of its own: on `serverUrl` when given (the
 * e2e run's one PostgreSQL, where a copy of the migrated template takes a moment), else on an embedded
 * server of its own under /tmp. Builds the web app when no build exists (scripts/test.ts builds it once
 * before the e2e tests). Call `stop()` when done.
 */
export async function startGame(options: GameOptions = {}, serverUrl?: string): Promise<Game> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brood-e2e-'));
  const env: Record<string, string> = {
    LOG_LEVEL: 'warn',
    JWT_SECRET: randomBytes(24).toString('hex'),
    UNIVERSE_OVERRIDES: JSON.stringify({ ...ONE_ADDRESS_FOR_ALL, ...options.universeOverrides }),
    // Several games share one server (300 connections); a game here serves a few players at a time.
    DB_POOL_MAX: '4',
  };
  const database = serverUrl ? await copyTemplateDatabase(serverUrl) : undefined;
  const stack = await startStack({
    port: await freePort(),
    ...(database ? { databaseUrl: database.url } : { pgPort: await freePort() }),
    dataDir,
    ephemeral: true,
    build: !existsSync(join(WEB_DIST, 'index.html')),
    output: dataDir,
    env,
  });
  return { baseUrl: stack.baseUrl, databaseUrl: stack.databaseUrl, dataDir, stop: stack.stop };
}

/** Debian's headless shell (or `executable`) through playwright-core (no browser downloads here). */
export async function launchBrowser(executable: string = HEADLESS_SHELL): Promise<Browser> {
  if (!existsSync(executable)) throw new Error(`${executable} is missing: run 'apt-get install -y chromium chromium-headless-shell' as root (npm test does it when it can).`);
  return chromium.launch({
    executablePath: executable,
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

/** A game and a browser for one test file, started in `beforeAll` and stopped in `afterAll`. */
export interface Play {
  game: SharedGame;
  browser: Browser;
}

/**
 * Registers the hooks that give the calling test file a running game and its own Chromium; fields
 * are set once `beforeAll` has run. Files asking for the same options share one game (see
 * stack-pool.global-setup.ts), so a test signs up its own players and never assumes an empty world.
 */
export function useGame(options: GameOptions = {}): Play {
  const play = {} as Play;
  beforeAll(async () => {
    const answer = await fetch(inject('stackPool'), { method: 'POST', body: JSON.stringify(options) });
    if (!answer.ok) throw new Error(`the e2e stack pool could not start a game: ${await answer.text()}`);
    play.game = (await answer.json()) as SharedGame;
    play.browser = await launchBrowser();
  });
  afterAll(async () => {
    await play.browser?.close();
  });
  return play;
}

/**
 * The fast universe of the fleet files (fleets, war, intel): flights of seconds, stock for armies,
 * room for fleets and colonies. One universe for all of them, so they share one running game.
 */
export const FLEET_UNIVERSE = {
  universe_speed_factor: 200,
  starting_stock: { fiber: 9000, crystal: 3000, biomass: 5000 },
  base_effects: { max_fleets: 6, max_territories: 5 },
  // Seeded armies make their owners strong at once: fair play's newcomer protection is fair-play.e2e's to show.
  fair_play: { protection_tiers: [] },
};

/**
 * The game's PostgreSQL for the calling file (connected in `beforeAll`, after the game is up), for a
 * test that seeds rows a player could not make quickly or reads what the server wrote.
 */
export function useDatabase(play: Play): Pick<pg.Client, 'query'> {
  let client: pg.Client | undefined;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: play.game.databaseUrl });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
  });
  return { query: ((...args: Parameters<pg.Client['query']>) => (client!.query as (...a: unknown[]) => unknown)(...args)) as pg.Client['query'] };
}

/** One player's browser: its own context (own storage, so own session) and the page errors it has seen. */
export interface Session {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** A fresh context on the game that records toasts (see `toastMatching`) and page errors; 45 s per step for a loaded machine. */
export async function openSession(play: Play, options: BrowserContextOptions): Promise<Session> {
  // Reduced motion, as a player may ask for it: the pulses stop. In Chromium's software rendering a
  // perpetual animation (the starfield's twinkle, gone since decision 19) repainted whole pages sixty
  // times a second in every open session, the largest share of a browser run's CPU on two cores
  // (decision 11).
  const context = await play.browser.newContext({ reducedMotion: 'reduce', ...options, baseURL: play.game.baseUrl });
  context.setDefaultTimeout(45_000);
  await context.addInitScript(recordToasts);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * Runs in the page (an init script): toasts live 2-4 s, less than a loaded machine may need to look,
 * so every one is recorded as it appears.
 */
export function recordToasts(): void {
  const seen: string[] = [];
  Object.assign(window, { __toasts: seen });
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of Array.from(mutation.addedNodes)) {
        if (!(node instanceof HTMLElement)) continue;
        const toasts = node.matches('[data-toast]') ? [node] : Array.from(node.querySelectorAll<HTMLElement>('[data-toast]'));
        for (const toast of toasts) seen.push(toast.textContent ?? '');
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Waits until a toast matching `pattern` has been shown (even if it is gone again) and returns its text. */
export async function toastMatching(page: Page, pattern: RegExp): Promise<string> {
  try {
    const handle = await page.waitForFunction(
      ({ source, flags }) => {
        const re = new RegExp(source, flags);
        return ((window as unknown as { __toasts?: string[] }).__toasts ?? []).find((text) => re.test(text)) ?? false;
      },
      { source: pattern.source, flags: pattern.flags },
    );
    return (await handle.jsonValue()) as string;
  } catch (error) {
    // What was shown instead (a refusal's toast, say) is what tells why the one awaited never came.
    const shown = await page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? []).catch(() => null);
    if (error instanceof Error) {
      const [first, ...rest] = error.message.split('\n');
      error.message = [`${first} [no toast matched ${pattern}; toasts shown: ${JSON.stringify(shown)}]`, ...rest].join('\n');
    }
    throw error;
  }
}

/**
 * The register page, loaded again when it comes up blank: on a shared machine another build may be
 * rewriting apps/web/dist at the moment the page loads.
 */
export async function openRegisterPage(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.goto('/register');
    try {
      await page.getByRole('heading', { name: 'Join the Fray' }).waitFor({ timeout: 15_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/**
 * A long test's phases: call it once inside the test, then with each phase's name as the test reaches
 * it. When the test fails, its first error says which phases it reached and when, so a test that ran
 * out of time (whose error names only the test) names the phase it was in.
 */
export function phases(): (name: string) => void {
  const started = performance.now();
  const reached: string[] = [];
  onTestFailed(({ task }) => {
    const error = task.result?.errors?.[0];
    if (!error) return;
    // On the message's first line, the one a summary shows.
    error.message = error.message.replace(/^.*/, (first) => `${first} [phases reached: ${reached.join(', ')}]`);
    // A stack's first line repeats the message's, and reports show the stack (a timeout's is a placeholder).
    if (error.stack) error.stack = error.stack.replace(/^.*/, `${error.name ?? 'Error'}: ${error.message.split('\n')[0]}`);
  });
  return (name) => void reached.push(`${name} at ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Who a signed-up guest is, as the web app stored it (auth-storage). */
export interface Guest {
  userId: number;
  username: string;
  token: string;
}

/** Signs up through the register page's 'Try Now (Play as Guest)' and waits for the dashboard's URL and the stored session. */
export async function signUpAsGuest(page: Page): Promise<Guest> {
  await openRegisterPage(page);
  await page.getByRole('button', { name: 'Try Now (Play as Guest)' }).click();
  await page.waitForURL(/\/dashboard\/[a-z-]+$/);
  const stored = await page.waitForFunction(() => {
    const raw = localStorage.getItem('auth-storage');
    return raw?.includes('"currentUser":{') ? raw : false;
  });
  const { token, currentUser } = superjson.parse<{ state: { token: string; currentUser: { id: number; username: string } } }>((await stored.jsonValue()) as string).state;
  return { userId: currentUser.id, username: currentUser.username, token };
}

type Sql = Pick<pg.Client, 'query'>;
interface Sector {
  r: number;
  s: number;
}

const POSITIONS = loadCatalogue().universe.map.positions;
const SECTORS_ACROSS = Math.round(Math.sqrt(loadCatalogue().universe.map.sub_regions));

/** Positions of a sector no territory holds, in random order (files running at once pick apart). */
async function freePositions(db: Sql, { r, s }: Sector): Promise<number[]> {
  const taken = new Set((await db.query<{ position: number }>('select position from territories where region = $1 and sub_region = $2', [r, s])).rows.map((row) => row.position));
  const free = Array.from({ length: POSITIONS }, (_, i) => i + 1).filter((p) => !taken.has(p));
  for (let i = free.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [free[i], free[j]] = [free[j]!, free[i]!];
  }
  return free;
}

/**
 * Seeds a territory (the `write` inserting or moving one) at a free position of `sector`, trying
 * another position when a player signing up in a file running at the same time took that one first.
 */
export async function placeIn(db: Sql, sector: Sector, write: (position: number) => Promise<unknown>): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const [position] = await freePositions(db, sector);
    if (position === undefined) throw new Error(`sector ${sector.r}:${sector.s} is full`);
    try {
      await write(position);
      return position;
    } catch (error) {
      const taken = (error as { code?: string }).code === '23505'; // the position's unique index
      if (!taken || attempt >= 5) throw error;
    }
  }
}

/**
 * A position that stays free for as long as a test needs it (a colonizer's or an explorer's
 * target), in a sector beside `home`'s that no new player is given during an e2e run: sign-ups fill
 * the densest sector, then the empty one nearest the region's centre, and a sector `lane + 2`
 * columns away comes only after about 200 players. Each `lane` is one file's, so two files never
 * aim at one position. Sector ids differ by a few: flights stay as short as within one sector.
 */
export async function reservedPosition(db: Sql, home: Sector, lane: 1 | 2): Promise<Sector & { p: number }> {
  const column = (home.s - 1) % SECTORS_ACROSS;
  const offset = column + lane + 2 < SECTORS_ACROSS ? lane + 2 : -(lane + 2);
  const sector = { r: home.r, s: home.s + offset };
  const [p] = await freePositions(db, sector);
  if (p === undefined) throw new Error(`sector ${sector.r}:${sector.s} is full`);
  return { ...sector, p };
}

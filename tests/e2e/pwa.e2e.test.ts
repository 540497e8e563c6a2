import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, openSession, screenshot, signUpAsGuest, useDatabase, useGame, VIEWPORTS } from './harness';

const play = useGame();
const db = useDatabase(play);

/**
 * The installable app (issue 29): Chromium finds nothing missing to install it, the service worker
 * controls the page, a push delivered to it shows a notification, and after an absence the
 * dashboard sums up what happened.
 */
describe('the installable app', () => {
  it('is installable, runs under its service worker, and shows a push as a notification', async () => {
    // A browser profile of its own: Chromium installs nothing from an incognito context (the other contexts' kind).
    const profile = mkdtempSync(join(tmpdir(), 'brood-pwa-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      baseURL: play.game.baseUrl, viewport: VIEWPORTS.desktop, reducedMotion: 'reduce',
    });
    context.setDefaultTimeout(45_000);
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await context.grantPermissions(['notifications'], { origin: play.game.baseUrl });
      const cdp = await context.newCDPSession(page);
      await cdp.send('ServiceWorker.enable');
      const registrations: string[] = [];
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
        for (const r of updated) if (!r.isDeleted) registrations.push(r.registrationId);
      });
      await signUpAsGuest(page);
      // The worker takes the page over as soon as it is active (clients.claim), without a reload.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${play.game.baseUrl}/sw.js`);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      expect(JSON.parse(manifest.data!)).toMatchObject({ start_url: '/dashboard', display: 'standalone' });

      await expect.poll(() => registrations.length).toBeGreaterThan(0);
      const push = { title: 'Incoming attack on Home (1:2:3)', body: 'razor is attacking Home (1:2:3).', url: '/dashboard' };
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: play.game.baseUrl, registrationId: registrations[0]!, data: JSON.stringify(push) });
      await expect
        .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title} | ${n.body} | ${JSON.stringify(n.data)}`)))
        .toEqual([`${push.title} | ${push.body} | {"url":"/dashboard"}`]);
      // The settings page from the user menu: one switch for this device, one per kind.
      await page.getByTestId('user-menu').click();
      await page.getByTestId('settings-link').click();
      await page.getByTestId('push-kinds').waitFor();
      expect(await page.getByRole('switch', { name: 'Incoming attack' }).isChecked()).toBe(true);
      expect(await page.getByRole('switch', { name: 'Queue completion' }).isChecked()).toBe(false);
      await screenshot(page, 'pwa-settings-desktop');
      expect(errors).toEqual([]);

      // The worker cached hashed assets and never an API answer; with the network gone a page is the offline page.
      const cached = await page.evaluate(async () => (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)))).flat());
      expect(cached.some((path) => path.startsWith('/assets/'))).toBe(true);
      expect(cached.filter((path) => /^\/(api|trpc|ws|healthz)/.test(path))).toEqual([]);
      await context.setOffline(true);
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: 'You are offline' }).waitFor();
      await screenshot(page, 'pwa-offline-desktop');
      await context.setOffline(false);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('after more than an hour away, the dashboard sums up what happened until the player closes it', async () => {
    const session = await openSession(play, { viewport: VIEWPORTS.phone });
    const { page, context } = session;
    try {
      const guest = await signUpAsGuest(page);
      // The visit the dashboard just recorded, moved two hours back; a fleet lost meanwhile.
      await expect.poll(async () => (await db.query('select 1 from player_visits where user_id = $1', [guest.userId])).rowCount).toBe(1);
      await db.query(`update player_visits set last_seen_at = now() - interval '2 hours' where user_id = $1`, [guest.userId]);
      await db.query(
        `insert into notifications (id, user_id, message_type, title, content, created_at) values (gen_random_uuid(), $1, 'FLEET_LOST', 'Fleet lost', '{}', now() - interval '1 hour')`,
        [guest.userId],
      );
      await page.reload();
      const card = page.getByTestId('away-card');
      await expect.poll(() => card.isVisible()).toBe(true);
      expect(await card.textContent()).toContain('While you were away');
      expect(await card.getByText('Fleets returned / lost').locator('..').textContent()).toContain('0 / 1');
      await screenshot(page, 'pwa-away-card-phone');
      await card.getByRole('button', { name: 'Close the summary' }).click();
      await expect.poll(() => card.count()).toBe(0);
      const visited = page.waitForResponse((r) => r.url().includes('away.visit'));
      await page.reload();
      await visited;
      expect(await page.getByTestId('away-card').count()).toBe(0);
      expect(session.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { screenshot, useGame, VIEWPORTS } from './harness';

const play = useGame();

describe('the stack as npm start runs it', () => {
  it('answers /healthz 200 once the database is reachable and migrated and the sim-worker beats', async () => {
    const res = await fetch(`${play.game.baseUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', workers: 1, release: { version: expect.any(String), commit: expect.any(String) } });
  });

  it('serves the web app at / and it renders in Chromium', async () => {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const page = await play.browser.newPage({ viewport });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const response = await page.goto(play.game.baseUrl);
      expect(response?.status()).toBe(200);
      await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0, undefined, { timeout: 15_000 });
      await screenshot(page, `smoke-home-${name}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('answers an unknown api path with 404 {detail} and an unknown page with the app shell', async () => {
    const api = await fetch(`${play.game.baseUrl}/api/v1/no-such-thing`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ detail: 'Not Found' });
    const page = await fetch(`${play.game.baseUrl}/some/client/route`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });
});

import { describe, expect, it } from 'vitest';
import { openSession, screenshot, signUpAsGuest, useGame } from './harness';

const play = useGame();

/**
 * The built app runs under the server's Content-Security-Policy: Chromium reports every blocked
 * script, style, font, image, call or socket as a console message starting 'Refused to' and as a
 * securitypolicyviolation event; neither may happen on the sign-in pages or any dashboard tab.
 */
describe('the Content-Security-Policy', () => {
  it('blocks nothing the app does, from the sign-in page through every dashboard tab', async () => {
    const session = await openSession(play, { viewport: { width: 1280, height: 800 } });
    const { page } = session;
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Refused to')) refused.push(message.text());
    });
    await session.context.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { __cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const violations = async () => (await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])) as string[];
    try {
      const login = await page.goto('/login');
      expect(login?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      await page.getByRole('button').first().waitFor();
      expect(await violations()).toEqual([]);

      await signUpAsGuest(page);
      await page.getByTestId('territory-picker').waitFor();
      const tabs = page.getByRole('tablist', { name: 'Dashboard' }).first().getByRole('tab');
      const count = await tabs.count();
      expect(count).toBeGreaterThan(3);
      const seen: string[] = [];
      for (let i = 0; i < count; i++) {
        const tab = tabs.nth(i);
        seen.push((await tab.textContent()) ?? '');
        await tab.click();
        await page.waitForLoadState('networkidle');
        seen.push(...(await violations()).map((v) => `tab ${i}: ${v}`));
      }
      expect(seen.filter((s) => s.startsWith('tab '))).toEqual([]);
      expect(refused).toEqual([]);
      expect(session.errors).toEqual([]);
    } catch (error) {
      await screenshot(page, 'ops-csp-failed').catch(() => undefined);
      throw error;
    } finally {
      await session.context.close();
    }
  });
});

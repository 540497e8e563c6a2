import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openRegisterPage, openSession, signUpAsGuest, useGame, VIEWPORTS } from './harness';

/**
 * The pages as axe-core (a tool the project did not write) reads them: the sign-in pages and every
 * dashboard tab, in one signed-in session, have no serious or critical violation, and each shows one
 * level-one heading. Lighthouse on /login runs in `npm run bench` (tests/bench/login-audit.ts).
 */
const play = useGame();

/** The serious and critical violations axe finds on the page as it is now, one line each. */
async function violations(page: Page, where: string): Promise<string[]> {
  // Violations only: axe does not detail the passes. A card-heavy tab still takes it up to a minute on a loaded machine.
  const { violations: found } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}, ${v.nodes.length}x) ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Waits until the page shows no loader (a tab's data has arrived) and its level-one heading. */
async function settled(page: Page, where: string): Promise<string[]> {
  // A tab that keeps a loader (a slow query) is audited as it is after 30 s.
  await page.waitForFunction(() => document.querySelectorAll('.mantine-Loader-root').length === 0, undefined, { timeout: 30_000 }).catch(() => undefined);
  const headings = await page.getByRole('heading', { level: 1 }).count();
  return headings === 1 ? [] : [`${where}: ${headings} level-one headings (one expected)`];
}

describe('accessibility audited by axe-core', () => {
  it('finds nothing serious on /login, /register and every dashboard tab', { timeout: 600_000 }, async () => {
    const { page, errors } = await openSession(play, { viewport: VIEWPORTS.desktop });
    const problems: string[] = [];

    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    problems.push(...(await settled(page, '/login')), ...(await violations(page, '/login')));

    await openRegisterPage(page);
    problems.push(...(await settled(page, '/register')), ...(await violations(page, '/register')));

    await signUpAsGuest(page);
    const tablist = page.getByRole('tablist', { name: 'Dashboard' });
    await tablist.getByRole('tab').first().waitFor();
    const tabs = await tablist.getByRole('tab').allTextContents();
    expect(tabs.length).toBeGreaterThanOrEqual(9);
    for (const name of tabs) {
      const tab = tablist.getByRole('tab', { name, exact: true });
      await expect.poll(() => tab.isEnabled()).toBe(true);
      await tab.click();
      await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
      problems.push(...(await settled(page, `tab ${name}`)), ...(await violations(page, `tab ${name}`)));
    }

    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('opens a dialog without a transition for a player who asks for reduced motion, and with one otherwise', async () => {
    const { page, errors } = await openSession(play, { viewport: VIEWPORTS.desktop, reducedMotion: 'reduce' });
    await signUpAsGuest(page);
    await page.locator('[data-tab="ALLIANCE"]:visible').first().click();
    /** How long the dialog's slide and fade take as it opens (its computed transition), then closes it. */
    const transitionAsItOpens = async (): Promise<string> => {
      await page.getByTestId('create-alliance').click();
      const duration = await page.locator('.mantine-Modal-content').evaluate((content) => getComputedStyle(content).transitionDuration);
      await page.keyboard.press('Escape');
      await page.locator('.mantine-Modal-content').waitFor({ state: 'detached' });
      return duration;
    };
    expect(await transitionAsItOpens()).toBe('0s');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await transitionAsItOpens()).toMatch(/^0\.[1-9]\d*s$/);
    expect(errors).toEqual([]);
  });
});

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSession, screenshot, signUpAsGuest, toastMatching, useGame } from './harness';

/**
 * On a 390 px phone (issue #25 item 7) the territory picker, the fleets strip and the alliance
 * roster's actions fit: none of them scrolls sideways.
 */
const play = useGame();
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

const openTab = (page: Page, tab: string) => page.locator(`[data-tab="${tab}"]:visible`).first().click();

/** How far an element's content runs past its own box (0 when it fits), and past the window. */
const overflow = (locator: Locator) =>
  locator.evaluate((el) => ({ inside: el.scrollWidth - el.clientWidth, pastWindow: Math.max(0, el.getBoundingClientRect().right - innerWidth) }));

describe('a 390 px phone', () => {
  it('fits the territory picker, the fleets strip and the alliance roster with its actions', { timeout: 90_000 }, async () => {
    const lead = await openSession(play, PHONE);
    const other = await openSession(play, { viewport: { width: 1280, height: 800 } });
    try {
      await signUpAsGuest(lead.page);
      const second = await signUpAsGuest(other.page);
      await lead.page.getByTestId('dashboard').waitFor();
      for (const id of ['territory-picker', 'fleet-activity']) {
        const el = lead.page.getByTestId(id).first();
        await el.waitFor();
        expect(await overflow(el), id).toEqual({ inside: 0, pastWindow: 0 });
      }
      await screenshot(lead.page, 'phone-fit-dashboard-390');

      await openTab(lead.page, 'ALLIANCE');
      await lead.page.getByTestId('create-alliance').click();
      await lead.page.getByTestId('alliance-name').fill('Narrow Swarm');
      await lead.page.getByTestId('alliance-tag').fill('nrw');
      await lead.page.getByTestId('found-alliance-submit').click();
      await toastMatching(lead.page, /^Alliance "Narrow Swarm" created!/);

      await openTab(other.page, 'ALLIANCE');
      await other.page.getByTestId('apply-NRW').click();
      await other.page.getByTestId('application-message').fill('Room for one more?');
      await other.page.getByTestId('application-submit').click();
      await toastMatching(other.page, /^Application to join the alliance has been submitted\.$/);

      await lead.page.getByTestId('pending-count').waitFor();
      await lead.page.getByRole('button', { name: /^Applications/ }).click();
      await lead.page.getByTestId(`application-${second.username}`).getByText('Accept').click();
      await lead.page.getByTestId('confirm-action').click();
      await toastMatching(lead.page, new RegExp(`^Application for user ${second.username} accepted\\.$`));
      await lead.page.keyboard.press('Escape');

      const roster = lead.page.getByTestId('alliance-roster');
      await lead.page.getByLabel(`Promote ${second.username}`).waitFor();
      expect(await overflow(roster)).toEqual({ inside: 0, pastWindow: 0 });
      // every action button of the roster is wholly on screen
      const offscreen = await roster.locator('button').evaluateAll((buttons) => buttons.filter((b) => b.getBoundingClientRect().right > innerWidth + 0.5).map((b) => b.getAttribute('aria-label') ?? b.textContent));
      expect(offscreen).toEqual([]);
      await screenshot(lead.page, 'phone-fit-alliance-390');
    } finally {
      await lead.context.close();
      await other.context.close();
    }
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { costAtLevel } from '@brood/game-core';
import { openSession, screenshot, signUpAsGuest, toastMatching, useGame, type Session } from './harness';

/**
 * The economy in Chromium (issue #4): in a fast universe a guest builds a store, watches the
 * queue's bar move and the level rise without a reload, cancels a queued build for a 30% refund,
 * and recruits a batch that arrives; then every economy panel is photographed at 1280 and 390 px.
 *
 * Universe: five times faster (a level-1 Hoard Sac takes about 15 s, long enough to see its bar move
 * on a loaded machine; a Razorwing 16 s), and a start with a
 * builder hive, a hatchery and enough stock for a batch of two, so the test waits for nothing else.
 */
const UNIVERSE = {
  universe_speed_factor: 5,
  starting_stock: { fiber: 9000, crystal: 3000, biomass: 900 },
  // A trickle of income, so the stock the test reads moves only by what it spends and gets back.
  base_income_per_hour: { fiber: 30, crystal: 15, biomass: 8 },
  starting_structures: { builder_hive: 2, brood_hatchery: 1, carapace_works: 1 },
};
// What the test's second build costs and what cancelling it gives back, from the catalogue itself.
const CORTEX_BIOMASS = costAtLevel(loadCatalogue().structures.cortex_nest!, 1).biomass ?? 0;
const CORTEX_REFUND = Math.floor(CORTEX_BIOMASS * 0.3);

const play = useGame({ universeOverrides: UNIVERSE });

/** A guest with the dashboard open (photographed when sign-up fails). */
async function guest(viewport: { width: number; height: number }): Promise<Session> {
  const session = await openSession(play, { viewport });
  try {
    await signUpAsGuest(session.page);
    await session.page.getByTestId('territory-picker').waitFor();
  } catch (error) {
    await screenshot(session.page, `economy-failed-signup-${viewport.width}`);
    await session.context.close();
    throw error;
  }
  return session;
}

/** Runs a test's browser part, photographing the page when it fails. */
async function withSession<T>(session: Session, name: string, body: (page: Page) => Promise<T>): Promise<T> {
  try {
    return await body(session.page);
  } catch (error) {
    await screenshot(session.page, `economy-failed-${name}`).catch(() => undefined);
    throw error;
  } finally {
    await session.context.close();
  }
}

/**
 * Waits until the first running item of a queue section has moved its bar forward: both samples are
 * taken in the page, so an item that finishes between two checks cannot confuse the test.
 */
async function barMoves(page: Page, section: string): Promise<void> {
  await page.waitForFunction((testId) => {
    const bar = document.querySelector(`[data-testid="${testId}"] [data-phase="running"] [data-testid="queue-progress"]`);
    const w = window as unknown as { __firstPercent?: number };
    if (!bar) return false;
    const percent = Number(bar.getAttribute('data-percent'));
    if (w.__firstPercent === undefined) {
      w.__firstPercent = percent;
      return false;
    }
    return percent > w.__firstPercent;
  }, section, { polling: 100 });
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tablist', { name: 'Dashboard' }).getByRole('tab', { name }).click();
}

/** The whole number a resource chip shows (amounts under 1000 are shown exactly). */
async function amountOf(page: Page, key: string): Promise<number> {
  return Number((await page.getByTestId(`resource-${key}-amount`).textContent())?.replace(/,/g, ''));
}

describe('economy in the browser', () => {
  it('builds a store, cancels a queued build for 30%, and recruits a batch that arrives', { timeout: 240_000 }, async () => {
    const session = await guest({ width: 1280, height: 900 });
    await withSession(session, 'flow', async (page) => {
      await openTab(page, 'Buildings');
      const hoardCard = page.getByTestId('card-hoard_sac');
      await hoardCard.getByRole('button', { name: 'Build (Lvl 1): Hoard Sac' }).click();
      await toastMatching(page, /Hoard Sac construction started!/);

      // The bar moves while the item runs (every 250 ms).
      const building = page.getByTestId('queue-building');
      await barMoves(page, 'queue-building');

      // A second build waits its turn; cancelling it asks first, then refunds 30% of what it cost.
      const biomassBefore = await amountOf(page, 'biomass');
      await page.getByTestId('card-cortex_nest').getByRole('button', { name: 'Build (Lvl 1): Cortex Nest' }).click();
      await toastMatching(page, /Cortex Nest construction started!/);
      await expect.poll(() => amountOf(page, 'biomass'), { timeout: 15_000 }).toBeLessThanOrEqual(biomassBefore - CORTEX_BIOMASS + 1);
      const afterPaying = await amountOf(page, 'biomass');
      await building.getByRole('button', { name: 'Cancel Cortex Nest' }).click();
      await page.getByText('Do you really want to cancel "Cortex Nest"? Only 30% of paid resources will be refunded.').waitFor();
      await page.getByTestId('confirm-cancel').click();
      await building.getByRole('button', { name: 'Cancel Cortex Nest' }).waitFor({ state: 'detached' });
      // 30% of the cost back; production adds about one biomass meanwhile
      await expect.poll(() => amountOf(page, 'biomass'), { timeout: 15_000 }).toBeGreaterThanOrEqual(afterPaying + CORTEX_REFUND);
      expect(await amountOf(page, 'biomass')).toBeLessThanOrEqual(afterPaying + CORTEX_REFUND + 2);

      // The level rises when the build completes, without a reload.
      await expect.poll(async () => (await hoardCard.getByTestId('level').textContent()) ?? '', { timeout: 30_000 }).toMatch(/^Lvl 1\//);
      await hoardCard.getByRole('button', { name: 'Upgrade to Lvl 2: Hoard Sac' }).waitFor();

      // A batch of two Razorwings (16 s each with the hatchery's bonus) arrives in the deployed strip.
      await openTab(page, 'Units');
      const razorwing = page.getByTestId('card-razorwing');
      await razorwing.getByLabel('Quantity of Razorwing').fill('2');
      await razorwing.getByRole('button', { name: 'Recruit: Razorwing' }).click();
      await toastMatching(page, /Razorwing recruitment started!/);
      await page.getByTestId('queue-recruitment').locator('[data-phase]').first().waitFor();
      await expect
        .poll(async () => (await page.getByTestId('deployed-units').textContent()) ?? '', { timeout: 60_000, interval: 1000 })
        .toContain('Razorwing × 2');

      expect(session.errors).toEqual([]);
    });
  });

  it('photographs every economy panel at 1280 and 390 px', { timeout: 240_000 }, async () => {
    for (const [name, viewport] of [
      ['1280', { width: 1280, height: 900 }],
      ['390', { width: 390, height: 844 }],
    ] as const) {
      const session = await guest(viewport);
      await withSession(session, `panels-${name}`, async (page) => {
        await page.getByTestId('resource-bar').waitFor();
        await openTab(page, 'Buildings');
        // A long build (Builder Hive 3: over a minute and a half here) and one waiting behind it, so the
        // queue shows a bar and a 'Starts in' however slowly the machine runs the browser.
        await page.getByTestId('card-builder_hive').getByRole('button', { name: 'Upgrade to Lvl 3: Builder Hive' }).click();
        await toastMatching(page, /Builder Hive construction started!/);
        // The toast came up under the pointer, and a hovered toast stays (a phone has no pointer).
        await page.mouse.move(viewport.width - 1, 1);
        await page.getByTestId('card-biomass_vat').getByRole('button', { name: 'Build (Lvl 1): Biomass Vat' }).click();
        await page.getByTestId('queue-building').locator('[data-phase="waiting"]').waitFor();
        await page.mouse.move(0, 0);
        await screenshot(page, `economy-buildings-${name}`);

        await openTab(page, 'Research');
        await page.getByTestId('research-panel').waitFor();
        await screenshot(page, `economy-research-${name}`);

        await openTab(page, 'Units');
        await page.getByTestId('card-razorwing').getByRole('button', { name: 'Recruit: Razorwing' }).click();
        await page.getByTestId('queue-recruitment').locator('[data-phase]').first().waitFor();
        await screenshot(page, `economy-units-${name}`);
        await page.getByRole('tab', { name: 'Build Defenses' }).click();
        await page.getByTestId('card-thorn_pit').getByRole('button', { name: 'Build: Thorn Pit' }).click();
        await page.getByTestId('queue-defense').locator('[data-phase]').first().waitFor();
        await screenshot(page, `economy-defenses-${name}`);

        await openTab(page, 'Empire');
        await page.getByTestId('empire-table').waitFor();
        await screenshot(page, `economy-empire-${name}`);

        await page.getByRole('button', { name: 'Rename territory' }).click();
        await page.getByRole('dialog').getByLabel('New name').waitFor();
        await screenshot(page, `economy-rename-${name}`);
        await page.getByRole('dialog').getByLabel('New name').fill('Brood Prime');
        await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
        await toastMatching(page, /Territory "Brood Prime" renamed successfully!/);
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        const picker = page.getByTestId('territory-picker').locator('input:not([type="hidden"])').first();
        await expect.poll(() => picker.inputValue(), { timeout: 15_000 }).toMatch(/^Brood Prime \(/);

        expect(session.errors).toEqual([]);
      });
    }
  });
});

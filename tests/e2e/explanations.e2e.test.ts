import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSession, screenshot, signUpAsGuest, useDatabase, useGame } from './harness';
import { pointAt } from './map-helpers';

/**
 * Explained refusals in Chromium (issue 25 item 1), at 1280 and 390 px: a card whose cost is not in
 * stock says what it needs and when it will be affordable, and the map's fleet-action menu lists a
 * Salvage nobody at home can fly as disabled, with the unit that could and what hatches it.
 */
const play = useGame();
const db = useDatabase(play);

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).first().click();
}

describe('a player is told why and what next', () => {
  for (const [name, viewport] of [['1280', { width: 1280, height: 900 }], ['390', { width: 390, height: 844 }]] as const) {
    it(`at ${name} px: an unaffordable card says what it needs; the map menu explains a disabled Salvage`, { timeout: 120_000 }, async () => {
      const { page, context, errors } = await openSession(play, { viewport });
      try {
        const { userId } = await signUpAsGuest(page);
        // Almost nothing in stock and a hauler at home: every card lacks something, and no unit can salvage.
        const { rows } = await db.query<{ region: number; sub_region: number; position: number }>(
          `update territories set resources = '{"fiber": 1, "crystal": 1, "biomass": 1}'::jsonb, resources_updated_at = now(), units = '{"hauler_grub": 2}'::jsonb
           where owner_id = $1 returning region, sub_region, position`,
          [userId],
        );
        const home = rows[0]!;
        await page.reload();

        await openTab(page, 'Buildings');
        const card = page.getByTestId('card-fiber_tangle');
        const why = card.getByTestId('card-explanation');
        await expect.poll(() => why.textContent({ timeout: 1000 }).catch(() => ''), { timeout: 30_000 }).toMatch(/^Needs [\d,]+ more fiber and [\d,]+ more crystal/);
        expect(await card.getByTestId('affordable-in').textContent()).toMatch(/^Affordable in (\d+h )?(\d+m )?(\d+s)? ?at today's production$/);
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, `explanations-card-explanation-${name}`);

        await openTab(page, 'Map');
        await page.getByTestId('map-coord-r').fill(String(home.region));
        await page.getByTestId('map-coord-s').fill(String(home.sub_region));
        await page.getByTestId('map-go').click();
        await page.waitForSelector('[data-testid=star-map][data-level=position]');
        await page.waitForFunction(() => !document.querySelector('[data-testid=star-map][data-moving]'));
        await page.getByTestId('map-loading').waitFor({ state: 'detached' });
        const target = home.position === 1 ? 2 : home.position - 1;
        const at = await pointAt(page, [home.region, home.sub_region, target]);
        await page.mouse.click(at.x, at.y, { button: 'right' });
        const menu = page.getByTestId('map-context-menu');
        const salvage = menu.locator('[data-mission=SALVAGE]');
        await expect.poll(() => salvage.getByTestId('mission-reason').textContent({ timeout: 1000 }).catch(() => ''), { timeout: 30_000 }).toBe(
          'Salvage needs a unit that can salvage: Carrion Beetle, from Brood Hatchery 4 and Chitin Moulter 1',
        );
        expect(await salvage.isDisabled()).toBe(true);
        expect(await menu.locator('[role=menuitem]').evaluateAll((items) => items.map((i) => i.getAttribute('data-mission')))).toEqual([
          'TRANSPORT', 'ATTACK', 'COLONIZE', 'EXPLORATION', 'SALVAGE', 'SPY', 'STATION',
        ]);
        await screenshot(page, `explanations-map-menu-salvage-${name}`);
        expect(errors).toEqual([]);
      } catch (error) {
        await screenshot(page, `explanations-failed-${name}`).catch(() => undefined);
        throw error;
      } finally {
        await context.close();
      }
    });
  }
});

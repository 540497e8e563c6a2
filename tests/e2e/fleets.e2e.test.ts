import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FLEET_UNIVERSE, openSession, placeIn, reservedPosition, screenshot, type Session, signUpAsGuest, toastMatching, useDatabase, useGame } from './harness';

/**
 * Fleets in Chromium (issue #12): in a fast universe a guest with two territories sends a transport
 * between them from the Army tab, sees it in the movements panel, in the fleet-activity strip and on
 * the map with its tooltip, watches it arrive and come back, recalls a second one, and colonizes a
 * free position whose new territory shows in the picker. Screenshots at 1280 and 390 px.
 *
 * Universe: 200 times faster, so a flight inside one sector takes some 20 s; room for six fleets and
 * five territories.
 */
const play = useGame({ universeOverrides: FLEET_UNIVERSE });
const db = useDatabase(play);

interface Player {
  session: Session;
  page: Page;
  home: { id: number; r: number; s: number; p: number };
  outpost: { r: number; s: number; p: number };
  /** Where the colonizer goes: kept free while other files sign players up. */
  free: { r: number; s: number; p: number };
}

const textOf = (locator: Locator) => () => locator.textContent({ timeout: 1000 }).then((t) => t ?? '', () => '');
const attributeOf = (locator: Locator, name: string) => () => locator.getAttribute(name, { timeout: 1000 }).catch(() => null);

/** A guest with units at home and a second territory ('Outpost') in the same sector. */
async function player(viewport: { width: number; height: number }, units: Record<string, number>): Promise<Player> {
  const session = await openSession(play, { viewport });
  const { page } = session;
  const { userId } = await signUpAsGuest(page);
  const { rows } = await db.query<{ id: number; region: number; sub_region: number; position: number }>(
    'select id, region, sub_region, position from territories where owner_id = $1 order by id limit 1',
    [userId],
  );
  const h = rows[0]!;
  const sector = { r: h.region, s: h.sub_region };
  const outpostAt = await placeIn(db, sector, (p) =>
    db.query(`insert into territories (owner_id, name, region, sub_region, position) values ($1, 'Outpost', $2, $3, $4)`, [userId, h.region, h.sub_region, p]),
  );
  const free = await reservedPosition(db, sector, 1);
  await db.query('update territories set units = $2 where id = $1', [h.id, JSON.stringify(units)]);
  await page.reload();
  await page.getByTestId('territory-picker').waitFor();
  return { session, page, home: { id: h.id, r: h.region, s: h.sub_region, p: h.position }, outpost: { r: h.region, s: h.sub_region, p: outpostAt }, free };
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).first().click();
}

/** Fills the dispatch form: target (an own territory by name, or coordinates), mission, units at Max. */
async function prepare(page: Page, order: { territory?: string; coords?: [number, number, number]; mission?: string; units: string[] }): Promise<void> {
  const form = page.getByTestId('dispatch-form');
  await form.waitFor();
  if (order.mission) {
    await page.getByTestId('dispatch-mission').click();
    await page.getByRole('option', { name: order.mission, exact: true }).click();
  }
  if (order.territory) {
    await page.getByTestId('dispatch-own-territory').click();
    await page.getByRole('option', { name: new RegExp(order.territory) }).click();
  }
  if (order.coords) {
    const [r, s, p] = order.coords;
    await page.getByTestId('dispatch-r').fill(String(r));
    await page.getByTestId('dispatch-s').fill(String(s));
    await page.getByTestId('dispatch-p').fill(String(p));
  }
  for (const unit of order.units) await form.getByTestId(`unit-row-${unit}`).getByRole('button', { name: 'Max' }).click();
}

describe('fleets in the browser', () => {
  it('sends a transport between own territories, shows it in the panel, the strip and the map, and it arrives and returns', { timeout: 240_000 }, async () => {
    const me = await player({ width: 1280, height: 900 }, { hauler_grub: 3, razorwing: 4 });
    const { page } = me;
    try {
      await openTab(page, 'Army');
      await expect.poll(textOf(page.getByTestId('movements-empty'))).toBe('No active army movements.');
      await expect.poll(textOf(page.getByTestId('army-slots'))).toBe('0 / 6');
      await expect.poll(textOf(page.getByTestId('summary-eta'))).toBe('N/A');

      await prepare(page, { territory: 'Outpost', units: ['hauler_grub'] });
      expect(await page.getByTestId('dispatch-p').inputValue()).toBe(String(me.outpost.p));
      await page.getByRole('tab', { name: 'Resources' }).click();
      await page.getByTestId('resource-row-fiber').getByRole('textbox').fill('500');
      await expect.poll(textOf(page.getByTestId('summary-cargo'))).toBe('500 / 15,000');
      await expect.poll(textOf(page.getByTestId('summary-eta'))).toMatch(/^\d+s$/);
      await screenshot(page, 'army-dispatch-1280');

      await page.getByTestId('send-army').click();
      const toast = await toastMatching(page, /Army launched to/);
      expect(toast).toMatch(new RegExp(`Army launched to ${me.outpost.r}-${me.outpost.s}-${me.outpost.p}! ETA: \\d+s`));
      // the target stays for another order only when the map set it: cleared here
      await expect.poll(() => page.getByTestId('dispatch-r').inputValue()).toBe('');

      // On the map: the route and the fleet's dot, with its tooltip.
      await openTab(page, 'Map');
      await page.getByTestId('map-coord-r').fill(String(me.home.r));
      await page.getByTestId('map-coord-s').fill(String(me.home.s));
      await page.getByTestId('map-go').click();
      const dot = page.getByTestId('map-fleet').first().locator('path').nth(2);
      await dot.waitFor({ state: 'attached' });
      await page.waitForFunction(() => !document.querySelector('[data-testid=star-map][data-moving]'));
      // The dot flies (and a loaded machine may still be drawing the camera's last frame): point at where it is now until its card shows.
      // Its card, not the home territory's under it at launch (a territory's card names an owner too).
      const tooltip = page.getByTestId('map-tooltip');
      await expect
        .poll(async () => {
          const box = await dot.boundingBox();
          if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
          return textOf(tooltip)();
        }, { interval: 500 })
        .toContain('To: Outpost');
      expect(await tooltip.textContent()).toContain('Owner: ');
      expect(await tooltip.textContent()).toContain('Hauler Grub: 3');
      await screenshot(page, 'fleet-overlay-1280');
      await openTab(page, 'Army');

      const card = page.getByTestId('movement-card').first();
      await expect.poll(attributeOf(card, 'data-mission')).toBe('TRANSPORT');
      await expect.poll(textOf(page.getByTestId('army-slots'))).toBe('1 / 6');
      await expect.poll(() => page.getByTestId('fleet-activity-item').count()).toBe(1);
      await screenshot(page, 'army-movements-1280');

      // It arrives, unloads, and comes home (real-time events or the 15 s poll refresh the panel).
      await expect.poll(attributeOf(page.getByTestId('movement-card').first(), 'data-mission'), { timeout: 60_000 }).toBe('RETURN');
      await expect.poll(textOf(page.getByTestId('movements-empty')), { timeout: 90_000 }).toBe('No active army movements.');
    } catch (error) {
      await screenshot(page, 'fleets-failed-transport').catch(() => undefined);
      throw error;
    } finally {
      await me.session.context.close();
    }
  });

  it('recalls a fleet on its way, and colonizes a free position that then shows in the picker', { timeout: 240_000 }, async () => {
    const me = await player({ width: 1280, height: 900 }, { hauler_grub: 2, seedling_ark: 1 });
    const { page } = me;
    try {
      await openTab(page, 'Army');
      await prepare(page, { territory: 'Outpost', units: ['hauler_grub'] });
      await page.getByTestId('send-army').click();
      await toastMatching(page, /Army launched to/);
      await page.getByTestId('recall-fleet').click();
      await page.getByTestId('confirm-recall').click();
      await toastMatching(page, /Fleet "Transport to Outpost \(.+\)" has been recalled\./);
      await expect.poll(attributeOf(page.getByTestId('movement-card').first(), 'data-mission')).toBe('RETURN');
      expect(await page.getByTestId('recall-fleet').count()).toBe(0);

      // A mission change drops units that do not fit it and says so.
      await prepare(page, { mission: 'Colonize', coords: [me.free.r, me.free.s, me.free.p], units: ['seedling_ark'] });
      await page.getByTestId('dispatch-mission').click();
      await page.getByRole('option', { name: 'Attack', exact: true }).click();
      await expect.poll(textOf(page.getByTestId('unit-notice'))).toBe('Some units were unselected as they are not suitable for the new mission.');
      await page.getByTestId('unit-notice').waitFor({ state: 'detached', timeout: 5_000 });
      await prepare(page, { mission: 'Colonize', units: ['seedling_ark'] });
      await page.getByTestId('send-army').click();
      await toastMatching(page, new RegExp(`Army launched to ${me.free.r}-${me.free.s}-${me.free.p}!`));

      await toastMatching(page, /Colonization successful/);
      await page.getByTestId('territory-picker').locator('input').first().click();
      await page.getByRole('option', { name: /^Colony/ }).waitFor();
      await page.keyboard.press('Escape');
    } catch (error) {
      await screenshot(page, 'fleets-failed-recall').catch(() => undefined);
      throw error;
    } finally {
      await me.session.context.close();
    }
  });

  it('fits a 390 px phone: Army tab, movements and the overlay', { timeout: 180_000 }, async () => {
    const me = await player({ width: 390, height: 844 }, { hauler_grub: 3 });
    const { page } = me;
    try {
      await openTab(page, 'Army');
      await prepare(page, { territory: 'Outpost', units: ['hauler_grub'] });
      await screenshot(page, 'army-dispatch-390');
      await page.getByTestId('send-army').click();
      await toastMatching(page, /Army launched to/);
      await page.getByTestId('movement-card').first().waitFor();
      await page.getByTestId('movements-panel').scrollIntoViewIfNeeded();
      await screenshot(page, 'army-movements-390');
      await openTab(page, 'Map');
      await page.getByTestId('map-coord-r').fill(String(me.home.r));
      await page.getByTestId('map-coord-s').fill(String(me.home.s));
      await page.getByTestId('map-go').click();
      await page.getByTestId('map-fleet').first().waitFor({ state: 'attached' });
      await page.waitForFunction(() => !document.querySelector('[data-testid=star-map][data-moving]'));
      await page.waitForTimeout(1000); // the camera's last frame
      await screenshot(page, 'fleet-overlay-390');
    } finally {
      await me.session.context.close();
    }
  });
});

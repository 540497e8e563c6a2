import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { formatResourceAmount } from '../../apps/web/src/lib/format';
import { cardAt, mapAt, pointAt, type Coords } from './map-helpers';
import { FLEET_UNIVERSE, openSession, placeIn, screenshot, SCREENSHOTS, type Session, signUpAsGuest, toastMatching, useDatabase, useGame } from './harness';

/**
 * War in Chromium (issue #13): in a fast universe a guest attacks a neighbour from the Army tab, both
 * read their reports (the attacker at 1280 px, the defender on a 390 px phone), both find the
 * wreckage on the map and read its resources in the hover card (a tap on the phone), and the
 * attacker salvages it from the map's fleet-action menu until the field is gone. Screenshots of
 * both report cards and of the wreckage's card at both widths.
 */
const play = useGame({ universeOverrides: FLEET_UNIVERSE });
const db = useDatabase(play);

const textOf = (locator: Locator) => () => locator.textContent({ timeout: 1000 }).then((t) => t ?? '', () => '');

interface Guest {
  session: Session;
  page: Page;
  userId: number;
  home: { id: number; r: number; s: number; p: number };
}

async function guest(options: BrowserContextOptions): Promise<Guest> {
  const session = await openSession(play, options);
  const { userId } = await signUpAsGuest(session.page);
  const { rows } = await db.query<{ id: number; region: number; sub_region: number; position: number }>('select id, region, sub_region, position from territories where owner_id = $1 order by id limit 1', [userId]);
  const h = rows[0]!;
  return { session, page: session.page, userId, home: { id: h.id, r: h.region, s: h.sub_region, p: h.position } };
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).first().click();
}

async function dispatch(page: Page, mission: string, coords: [number, number, number], units: string[]): Promise<void> {
  const form = page.getByTestId('dispatch-form');
  await form.waitFor();
  await page.getByTestId('dispatch-mission').click();
  await page.getByRole('option', { name: mission, exact: true }).click();
  await page.getByTestId('dispatch-r').fill(String(coords[0]));
  await page.getByTestId('dispatch-s').fill(String(coords[1]));
  await page.getByTestId('dispatch-p').fill(String(coords[2]));
  for (const unit of units) await form.getByTestId(`unit-row-${unit}`).getByRole('button', { name: 'Max' }).click();
  await page.getByTestId('send-army').click();
  await toastMatching(page, /Army launched to/);
}

/** The tooltip's line for a field's resources: catalogue names in the catalogue's order. */
function wreckageLine(resources: Record<string, number>): string {
  const catalogue = loadCatalogue();
  const parts = catalogue.orderedResourceKeys.filter((key) => (resources[key] ?? 0) >= 1).map((key) => `${catalogue.resources[key]!.name} ${formatResourceAmount(resources[key])}`);
  return `Wreckage: ${parts.join(', ')}`;
}

/** What the player sees, as tests/e2e/screenshots/<name>.png: the window, not the full page (its resize would close the hover card). */
async function shootWindow(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

async function reportCard(page: Page, type: string): Promise<Locator> {
  await page.goto('/notifications');
  const card = page.getByTestId('notification-card').filter({ has: page.getByTestId('combat-headline') }).first();
  await expect.poll(textOf(card), { timeout: 90_000, message: `${type} card` }).toMatch(/Victory|Defeat|Draw/);
  return card;
}

describe('war in the browser', () => {
  it('attacks a neighbour, both read their reports, the wreckage shows on the map and is salvaged', { timeout: 300_000 }, async () => {
    const attacker = await guest({ viewport: { width: 1280, height: 900 } });
    const defender = await guest({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    try {
      // The defender's home moves next door (a free position in the attacker's sector) and holds a small guard.
      const p = await placeIn(db, attacker.home, (at) =>
        db.query(`update territories set region = $2, sub_region = $3, position = $4, units = '{"razorwing": 40}'::jsonb where id = $1`, [defender.home.id, attacker.home.r, attacker.home.s, at]),
      );
      await db.query(`update territories set units = '{"razorwing": 400, "carrion_beetle": 5}'::jsonb where id = $1`, [attacker.home.id]);
      const target: Coords = [attacker.home.r, attacker.home.s, p];
      await attacker.page.reload();
      await openTab(attacker.page, 'Army');
      await dispatch(attacker.page, 'Attack', target, ['razorwing']);

      const combat = await reportCard(attacker.page, 'COMBAT_REPORT');
      expect(await combat.textContent()).toContain('Victory - Attacker Wins');
      // The round table starts collapsed; opened here for the picture.
      await combat.getByText(/Round details/i).first().click();
      await combat.getByTestId('round-table').waitFor();
      await attacker.page.waitForTimeout(400);
      await screenshot(attacker.page, 'war-combat-report-1280');
      // The battle's link opens its page, for the players who fought it.
      const link = await combat.getByRole('button', { name: 'Copy battle link' }).getAttribute('data-link');
      await attacker.page.goto(link!);
      await expect.poll(textOf(attacker.page.getByTestId('battle-page')), { timeout: 30_000 }).toContain('Victory - Attacker Wins');
      await screenshot(attacker.page, 'war-battle-page-1280');
      const defense = await reportCard(defender.page, 'DEFENSE_REPORT');
      expect(await defense.textContent()).toContain('Defeat - Attacker Wins');
      await defense.scrollIntoViewIfNeeded();
      await screenshot(defender.page, 'war-defense-report-390');

      // The wreckage lies at the defender's position: on the map, with its resources in the hover card.
      const field = async () => (await db.query<{ resources: Record<string, number> }>('select resources from wreckage_fields where region = $1 and sub_region = $2 and position = $3', target)).rows[0];
      const spawned = await field();
      expect(Object.values(spawned!.resources).some((v) => v >= 1)).toBe(true);
      const line = wreckageLine(spawned!.resources);
      const title = new RegExp(`^${target.join(':')}(?!\\d)`);

      // The defender, on the phone, taps the home that was attacked.
      await defender.page.goto('/');
      await mapAt(defender.page, target);
      await expect.poll(cardAt(defender.page, target, true), { timeout: 30_000 }).toContain(line);
      expect(await defender.page.getByTestId('map-tooltip').textContent()).toMatch(title);
      await shootWindow(defender.page, 'war-wreckage-tooltip-390');

      await attacker.page.goto('/');
      await mapAt(attacker.page, target);
      expect(Number(await attacker.page.locator('[data-layer=wreckage]').first().getAttribute('data-count'))).toBeGreaterThan(0);
      await expect.poll(cardAt(attacker.page, target), { timeout: 30_000 }).toContain(line);
      const card = (await attacker.page.getByTestId('map-tooltip').textContent())!;
      expect(card).toMatch(title);
      expect(card).toContain('Right-click for fleet actions');
      await shootWindow(attacker.page, 'war-wreckage-tooltip-1280');

      // The fleet-action menu offers Salvage there; it fills the dispatch form: target and mission.
      const at = await pointAt(attacker.page, target);
      await attacker.page.mouse.click(at.x, at.y, { button: 'right' });
      const menu = attacker.page.getByTestId('map-context-menu');
      await expect.poll(textOf(menu.getByTestId('map-context-menu-title'))).toBe(target.join(':'));
      await menu.getByRole('menuitem', { name: 'Salvage' }).click();
      const form = attacker.page.getByTestId('dispatch-form');
      await form.waitFor();
      await expect.poll(textOf(attacker.page.getByTestId('pending-order-mission'))).toBe('Salvage');
      expect(await attacker.page.getByTestId('dispatch-mission').inputValue()).toBe('Salvage');
      expect([
        await attacker.page.getByTestId('dispatch-r').inputValue(),
        await attacker.page.getByTestId('dispatch-s').inputValue(),
        await attacker.page.getByTestId('dispatch-p').inputValue(),
      ]).toEqual(target.map(String));

      // The beetles (cargo for the whole field) go, salvage, and the field is gone from the map.
      await form.getByTestId('unit-row-carrion_beetle').getByRole('button', { name: 'Max' }).click();
      await attacker.page.getByTestId('send-army').click();
      await toastMatching(attacker.page, new RegExp(`Army launched to ${target.join('-')}!`));
      await toastMatching(attacker.page, /Salvage mission completed\./);
      expect(await field()).toBeUndefined();
      await mapAt(attacker.page, target);
      // The position's own card (the returning beetles' dot starts on it, and its card may come first), without a Wreckage line.
      await expect.poll(cardAt(attacker.page, target), { timeout: 30_000 }).toMatch(new RegExp(`${title.source}(?![\\s\\S]*Wreckage)`));
    } catch (error) {
      await screenshot(attacker.page, 'war-failed-attacker').catch(() => undefined);
      await screenshot(defender.page, 'war-failed-defender').catch(() => undefined);
      throw error;
    } finally {
      await attacker.session.context.close();
      await defender.session.context.close();
    }
  });
});

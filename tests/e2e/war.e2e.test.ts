import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FLEET_UNIVERSE, openSession, placeIn, screenshot, type Session, signUpAsGuest, toastMatching, useDatabase, useGame } from './harness';

/**
 * War in Chromium (issue #13): in a fast universe a guest attacks a neighbour from the Army tab, both
 * read their reports (the attacker at 1280 px, the defender on a 390 px phone), the wreckage shows on
 * the map, and the attacker salvages it. Screenshots of both report cards.
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

async function guest(viewport: { width: number; height: number }): Promise<Guest> {
  const session = await openSession(play, { viewport });
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

async function reportCard(page: Page, type: string): Promise<Locator> {
  await page.goto('/notifications');
  const card = page.getByTestId('notification-card').filter({ has: page.getByTestId('combat-headline') }).first();
  await expect.poll(textOf(card), { timeout: 90_000, message: `${type} card` }).toMatch(/Victory|Defeat|Draw/);
  return card;
}

describe('war in the browser', () => {
  it('attacks a neighbour, both read their reports, the wreckage shows on the map and is salvaged', { timeout: 300_000 }, async () => {
    const attacker = await guest({ width: 1280, height: 900 });
    const defender = await guest({ width: 390, height: 844 });
    try {
      // The defender's home moves next door (a free position in the attacker's sector) and holds a small guard.
      const p = await placeIn(db, attacker.home, (at) =>
        db.query(`update territories set region = $2, sub_region = $3, position = $4, units = '{"razorwing": 40}'::jsonb where id = $1`, [defender.home.id, attacker.home.r, attacker.home.s, at]),
      );
      await db.query(`update territories set units = '{"razorwing": 400, "carrion_beetle": 2}'::jsonb where id = $1`, [attacker.home.id]);
      const target: [number, number, number] = [attacker.home.r, attacker.home.s, p];
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

      // The wreckage lies at the defender's position, on the map.
      const { rows } = await db.query<{ resources: Record<string, number> }>('select resources from wreckage_fields where region = $1 and sub_region = $2 and position = $3', target);
      expect(Object.values(rows[0]!.resources).some((v) => v > 0)).toBe(true);
      await attacker.page.goto('/');
      await openTab(attacker.page, 'Map');
      await attacker.page.getByTestId('map-coord-r').fill(String(target[0]));
      await attacker.page.getByTestId('map-coord-s').fill(String(target[1]));
      await attacker.page.getByTestId('map-go').click();
      await expect.poll(() => attacker.page.locator('[data-layer=wreckage]').first().getAttribute('data-count', { timeout: 1000 }).catch(() => '0'), { timeout: 30_000 }).not.toBe('0');

      // The beetles salvage it.
      await openTab(attacker.page, 'Army');
      await dispatch(attacker.page, 'Salvage', target, ['carrion_beetle']);
      await toastMatching(attacker.page, /Salvage mission completed\./);
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

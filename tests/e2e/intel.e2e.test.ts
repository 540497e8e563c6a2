import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FLEET_UNIVERSE, openSession, placeIn, reservedPosition, screenshot, SCREENSHOTS, signUpAsGuest, toastMatching, useDatabase, useGame } from './harness';

/**
 * Spying and exploring in Chromium (issue #14): in a fast universe a guest spies on a neighbour from
 * the Army tab and reads the report (four spies against equal levels: detail level 3), then sends an
 * exploration of one hour to a free position and reads its card. Screenshots of both cards at 1280
 * and 390 px.
 *
 * Universe (the fleets file's, so the two share a stack): 200 times faster, so a flight inside one
 * sector takes some 20 s and an hour's exploration 18 s.
 */
const play = useGame({ universeOverrides: FLEET_UNIVERSE });
const db = useDatabase(play);

const textOf = (locator: Locator) => () => locator.textContent({ timeout: 1000 }).then((t) => t ?? '', () => '');

/** Fills the dispatch form: mission, target coordinates, units at Max. */
async function prepare(page: Page, order: { mission: string; coords: [number, number, number]; units: string[] }): Promise<void> {
  const form = page.getByTestId('dispatch-form');
  await form.waitFor();
  await page.getByTestId('dispatch-mission').click();
  await page.getByRole('option', { name: order.mission, exact: true }).click();
  const [r, s, p] = order.coords;
  await page.getByTestId('dispatch-r').fill(String(r));
  await page.getByTestId('dispatch-s').fill(String(s));
  await page.getByTestId('dispatch-p').fill(String(p));
  for (const unit of order.units) await form.getByTestId(`unit-row-${unit}`).getByRole('button', { name: 'Max' }).click();
}

/** Opens the notification centre and answers the card whose title matches. */
async function openCard(page: Page, title: RegExp): Promise<Locator> {
  await page.getByTestId('notification-bell').click();
  const card = page.getByRole('dialog', { name: 'Notifications' }).getByTestId('notification-card').filter({ hasText: title }).first();
  await card.waitFor();
  return card;
}

/** Saves a PNG of one card as tests/e2e/screenshots/<name>.png (git-ignored). */
async function shoot(card: Locator, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await card.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** Screenshots the card in the open centre at 1280 px, then at 390 px, and closes the centre. */
async function bothWidths(page: Page, card: Locator, name: string): Promise<void> {
  await shoot(card, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await shoot(card, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press('Escape');
}

describe('intelligence in the browser', () => {
  it('spies on a neighbour and reads the report, then explores a free position and reads its card', { timeout: 300_000 }, async () => {
    const session = await openSession(play, { viewport: { width: 1280, height: 900 } });
    const { page } = session;
    try {
      const { userId } = await signUpAsGuest(page);
      const { rows } = await db.query<{ id: number; region: number; sub_region: number; position: number }>(
        'select id, region, sub_region, position from territories where owner_id = $1 order by id limit 1',
        [userId],
      );
      const home = rows[0]!;
      const rivalName = `rival_${Math.random().toString(36).slice(2, 8)}`;
      const rival = (await db.query<{ id: number }>(`insert into users (username, email, password_hash) values ($1, $2, 'x') returning id`, [rivalName, `${rivalName}@hive.test`])).rows[0]!;
      const rivalAt = await placeIn(db, { r: home.region, s: home.sub_region }, (p) =>
        db.query(
          `insert into territories (owner_id, name, region, sub_region, position, resources, units, defenses, structures) values ($1, 'Rival Nest', $2, $3, $4, $5, $6, $7, $8)`,
          [rival.id, home.region, home.sub_region, p, JSON.stringify({ fiber: 4321, crystal: 800 }), JSON.stringify({ razorwing: 12 }), JSON.stringify({ thorn_pit: 3 }), JSON.stringify({ fiber_tangle: 2 })],
        ),
      );
      const explored = await reservedPosition(db, { r: home.region, s: home.sub_region }, 2);
      await db.query('update territories set units = $2 where id = $1', [home.id, JSON.stringify({ whisper_mite: 4, razorwing: 25 })]);
      await page.reload();
      await page.getByTestId('territory-picker').waitFor();
      await page.getByRole('tab', { name: 'Army', exact: true }).first().click();

      // Spy: four mites against equal spy levels see everything (detail level 3).
      await prepare(page, { mission: 'Spy', coords: [home.region, home.sub_region, rivalAt], units: ['whisper_mite'] });
      await page.getByTestId('send-army').click();
      await toastMatching(page, /Army launched to/);
      await toastMatching(page, /^Spy report received\.$/);
      const report = await openCard(page, /Spy report of Rival Nest/);
      await expect.poll(textOf(report)).toContain('Detail 3');
      const seen = (await report.textContent()) ?? '';
      expect(seen).toMatch(/Fiber: \d{1,3}(,\d{3})*Crystal: /); // exact amounts (the stock grows at this speed)
      for (const line of ['Razorwing: Qty 12', 'Thorn Pit: Qty 3', 'Fiber Tangle: Lvl 2', 'No allied fleets reported.', 'Queue empty or not reported']) expect(seen).toContain(line);
      expect(await report.locator('[data-spy-success="true"]').count()).toBe(1);
      await bothWidths(page, report, 'intel-spy-report');

      // Explore a free position of the sector for one hour (18 s here).
      await prepare(page, { mission: 'Explore', coords: [explored.r, explored.s, explored.p], units: ['razorwing'] });
      await page.getByLabel('Exploration duration (hours)').fill('1');
      await page.getByTestId('send-army').click();
      await toastMatching(page, new RegExp(`Army launched to ${explored.r}-${explored.s}-${explored.p}!`));
      await page.waitForFunction(
        () => ((window as unknown as { __toasts?: string[] }).__toasts ?? []).some((t) => /^Exploration of .+ (succeeded|failed)$/.test(t)),
        undefined,
        { timeout: 150_000 },
      );
      const card = await openCard(page, /Exploration of /);
      const body = card.locator('[data-exploration-colour]');
      expect(['red', 'orange', 'green', 'gray', 'blue']).toContain(await body.getAttribute('data-exploration-colour'));
      expect(await card.textContent()).toContain(`Location: ${explored.r}:${explored.s}:${explored.p}`);
      await bothWidths(page, card, 'intel-exploration');
      expect(session.errors).toEqual([]);
    } catch (error) {
      await screenshot(page, 'intel-failed').catch(() => undefined);
      throw error;
    } finally {
      await session.context.close();
    }
  });
});

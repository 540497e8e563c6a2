import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { scoreBreakdown } from '@brood/game-core';
import { loadCatalogue } from '@brood/game-data';
import { openSession, screenshot, signUpAsGuest, useDatabase, useGame, VIEWPORTS } from './harness';
import { cardAt, mapAt, pointAt, type Coords } from './map-helpers';

/**
 * Fair play in Chromium (issue #27): a strong player sees 'n' on a newcomer's home on the map, and the
 * army panel refuses the attack before it is sent (game-core's rule, as the server's), at 1280 px and
 * on a 390 px phone.
 */
const play = useGame({ world: 'fair-play' }); // a world of its own: the newcomer's home sector must have room beside the strong players'
const db = useDatabase(play);
const ARMY = { razorwing: 2000 };

const textOf = (locator: Locator) => () => locator.textContent({ timeout: 1000 }).then((t) => t ?? '', () => '');

async function home(userId: number): Promise<Coords> {
  const { rows } = await db.query<{ region: number; sub_region: number; position: number }>('select region, sub_region, position from territories where owner_id = $1 order by id limit 1', [userId]);
  return [rows[0]!.region, rows[0]!.sub_region, rows[0]!.position];
}

/** A guest made strong the way the scores count it: an army at home, and the points it is worth. */
async function strongGuest(options: BrowserContextOptions): Promise<Page> {
  const { page } = await openSession(play, options);
  const { userId } = await signUpAsGuest(page);
  const points = scoreBreakdown(loadCatalogue(), { territories: [], technologies: {}, units: ARMY, defenses: {} }).total_score;
  await db.query('update territories set units = $2::jsonb where owner_id = $1', [userId, JSON.stringify(ARMY)]);
  await db.query('update player_scores set unit_score = $2, total_score = $2 where user_id = $1', [userId, points]);
  await page.reload();
  return page;
}

/** The army panel aimed at `target` with an attack: the refusal shows and Send stays disabled, before anything is sent. */
async function attackRefused(page: Page, target: Coords, name: string): Promise<void> {
  await page.getByRole('tab', { name: 'Army', exact: true }).first().click();
  await page.getByTestId('dispatch-form').waitFor();
  await page.getByTestId('dispatch-mission').click();
  await page.getByRole('option', { name: 'Attack', exact: true }).click();
  await page.getByTestId('dispatch-r').fill(String(target[0]));
  await page.getByTestId('dispatch-s').fill(String(target[1]));
  await page.getByTestId('dispatch-p').fill(String(target[2]));
  await expect.poll(textOf(page.getByTestId('fair-play-refusal')), { timeout: 30_000 }).toMatch(new RegExp(`Newcomer protection: ${name} has 0 points, under a fifth of yours\\.`));
  expect(await page.getByTestId('send-army').isDisabled()).toBe(true);
  // Transport stays open to them.
  await page.getByTestId('dispatch-mission').click();
  await page.getByRole('option', { name: 'Transport', exact: true }).click();
  await expect.poll(() => page.getByTestId('fair-play-refusal').count()).toBe(0);
  await page.getByTestId('dispatch-mission').click();
  await page.getByRole('option', { name: 'Attack', exact: true }).click();
  await page.getByTestId('fair-play-refusal').waitFor();
}

describe('fair play in the browser', () => {
  it('a strong player sees n on a newcomer\'s home and the army panel refuses the attack before sending, at 1280 and 390 px', { timeout: 240_000 }, async () => {
    const newcomer = await openSession(play, { viewport: VIEWPORTS.desktop });
    const weak = await signUpAsGuest(newcomer.page);
    await newcomer.context.close();
    const target = await home(weak.userId);

    for (const [label, options, touch] of [
      ['1280', { viewport: { width: 1280, height: 860 } }, false],
      ['390', { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true }, true],
    ] as const) {
      const page = await strongGuest(options);
      await mapAt(page, target);
      // The owner's name (cut to the card's width) with 'n' after it, and the legend's line for it.
      await expect.poll(cardAt(page, target, touch), { timeout: 30_000 }).toMatch(/Owner: [^\n]*\(n\)n: newcomer: protected from you \(too weak\)/);
      await screenshot(page, `fair-play-map-n-${label}`);
      if (!touch) {
        // The owner's profile card, from the map's menu, shows the same marker.
        const at = await pointAt(page, target);
        await page.mouse.click(at.x, at.y, { button: 'right' });
        await page.getByTestId('map-owner').getByRole('button', { name: `${weak.username}: open profile` }).click();
        await expect.poll(textOf(page.getByTestId('player-card-markers')), { timeout: 30_000 }).toBe('Fair play:n');
        await screenshot(page, `fair-play-profile-n-${label}`);
        await page.keyboard.press('Escape');
        await page.getByTestId('player-card').waitFor({ state: 'detached' });
      }
      await attackRefused(page, target, weak.username);
      await screenshot(page, `fair-play-army-refused-${label}`);
      await page.context().close();
    }
  });
});

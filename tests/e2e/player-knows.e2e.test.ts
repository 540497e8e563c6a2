import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FLEET_UNIVERSE, openSession, placeIn, screenshot, signUpAsGuest, toastMatching, useDatabase, useGame } from './harness';

/**
 * A player always knows (issue #25), in Chromium at 1280 and 390 px: an attack launched at a guest's
 * home puts a banner with attacker, target and countdown above every tab of the defender (desktop and
 * phone) and in the page title; the attacker's dispatch shows one toast ('Army launched to ...', not a
 * second 'Fleet launched.'); each tab has its own address and Back returns to the previous tab.
 */
const play = useGame({ universeOverrides: FLEET_UNIVERSE });
const db = useDatabase(play);

const toasts = (page: Page) => page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? []);
const activeTab = (page: Page) => page.getByTestId('dashboard').getAttribute('data-active-tab');

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).first().click();
}

describe('a player always knows', () => {
  it('a defender sees the attack banner with a countdown at 1280 and 390 px, one toast per dispatch, Back returns to the previous tab', { timeout: 180_000 }, async () => {
    const attacker = await openSession(play, { viewport: { width: 1280, height: 900 } });
    const phone = await openSession(play, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const me = await signUpAsGuest(attacker.page);
    const them = await signUpAsGuest(phone.page);
    // The defender also plays at a desk: the same account in a second window.
    const desk = await openSession(play, { viewport: { width: 1280, height: 900 }, storageState: await phone.context.storageState() });
    try {
      const homes = await db.query<{ id: number; owner_id: number; region: number; sub_region: number }>('select id, owner_id, region, sub_region from territories where owner_id = any($1)', [[me.userId, them.userId]]);
      const home = (owner: number) => homes.rows.find((t) => t.owner_id === owner)!;
      // The defender's home moves to a far region (a flight of about a minute for carrion beetles at speed 200).
      const far = home(me.userId).region > 480 ? 1 : 961;
      const p = await placeIn(db, { r: far, s: home(me.userId).sub_region }, (at) => db.query('update territories set region = $2, sub_region = $3, position = $4 where id = $1', [home(them.userId).id, far, home(me.userId).sub_region, at]));
      await db.query(`update territories set units = '{"carrion_beetle": 3}'::jsonb where id = $1`, [home(me.userId).id]);
      const target = [far, home(me.userId).sub_region, p];

      await desk.page.goto('/dashboard/research');
      await desk.page.getByTestId('dashboard').waitFor();
      expect(await activeTab(desk.page)).toBe('RESEARCH');
      await toastMatching(desk.page, /Real-time updates connected\./);
      await toastMatching(phone.page, /Real-time updates connected\./);

      // The attacker sends the beetles from the Army tab (its own address).
      await attacker.page.reload();
      await openTab(attacker.page, 'Army');
      await attacker.page.waitForURL(/\/dashboard\/army$/);
      const form = attacker.page.getByTestId('dispatch-form');
      await form.waitFor();
      await attacker.page.getByTestId('dispatch-mission').click();
      await attacker.page.getByRole('option', { name: 'Attack', exact: true }).click();
      await attacker.page.getByTestId('dispatch-r').fill(String(target[0]));
      await attacker.page.getByTestId('dispatch-s').fill(String(target[1]));
      await attacker.page.getByTestId('dispatch-p').fill(String(target[2]));
      await form.getByTestId('unit-row-carrion_beetle').getByRole('button', { name: 'Max' }).click();
      await attacker.page.getByTestId('send-army').click();
      await toastMatching(attacker.page, new RegExp(`Army launched to ${target.join('-')}!`));

      // The defender, on both screens: the banner (attacker, target, countdown), the launch's toast and the title.
      for (const page of [desk.page, phone.page]) {
        const banner = page.getByTestId('attack-banner');
        await banner.waitFor();
        expect(await banner.textContent()).toMatch(new RegExp(`^Incoming attack: ${me.username} → .*\\(${target.join(':')}\\) in \\d+:\\d\\d`));
        await toastMatching(page, new RegExp(`^Incoming attack on .*\\(${target.join(':')}\\)!`));
        await expect.poll(() => page.title()).toMatch(/^⚠ Attack in \d+:\d\d · Broodspace$/);
      }
      await screenshot(desk.page, 'knows-attack-banner-1280');
      await screenshot(phone.page, 'knows-attack-banner-390');

      // One action, one toast: the attacker's own launch event (it arrived with the defender's) adds no 'Fleet launched.'.
      await attacker.page.getByTestId('fleet-activity-slots').filter({ hasText: /^1 \// }).waitFor();
      const said = await toasts(attacker.page);
      expect(said.filter((t) => /Army launched to/.test(t))).toHaveLength(1);
      expect(said.filter((t) => /Fleet launched/.test(t))).toEqual([]);

      // Tabs you can link to: the banner's link opens Army, Back returns to Research, a reload keeps it.
      await desk.page.getByTestId('attack-banner').getByRole('button', { name: 'Open Army' }).click();
      await desk.page.waitForURL(/\/dashboard\/army$/);
      // The tab follows on the render after the URL changes, as it does after Back below.
      await expect.poll(() => activeTab(desk.page)).toBe('MOVEMENT');
      await desk.page.goBack();
      await desk.page.waitForURL(/\/dashboard\/research$/);
      await expect.poll(() => activeTab(desk.page)).toBe('RESEARCH');
      await desk.page.reload();
      await desk.page.getByTestId('dashboard').waitFor();
      expect(await activeTab(desk.page)).toBe('RESEARCH');
      // On the phone, with the bottom bar: Alliance, then Back to the map.
      await openTab(phone.page, 'Alliance');
      await phone.page.waitForURL(/\/dashboard\/alliance$/);
      await phone.page.goBack();
      await phone.page.waitForURL(/\/dashboard\/map$/);
      await expect.poll(() => activeTab(phone.page)).toBe('MAP');
      await phone.page.getByTestId('attack-banner').waitFor();

      expect([...attacker.errors, ...phone.errors, ...desk.errors]).toEqual([]);
    } catch (error) {
      await screenshot(desk.page, 'knows-failed-desk').catch(() => undefined);
      await screenshot(phone.page, 'knows-failed-phone').catch(() => undefined);
      await screenshot(attacker.page, 'knows-failed-attacker').catch(() => undefined);
      throw error;
    } finally {
      await Promise.all([attacker.context.close(), phone.context.close(), desk.context.close()]);
    }
  });
});

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSession, screenshot, type Session, signUpAsGuest, toastMatching, useDatabase, useGame } from './harness';

/**
 * A multi-party attack in Chromium (issue #13): a player sends an attack and invites another from the
 * movements panel; the invited player accepts on the invitation card, lands in the Army tab with the
 * 'Join Attack' banner and the target and mission locked, and joins; both fleets then share one
 * arrival. The inviter plays at 1280 px, the joiner at 390 px.
 *
 * Universe: the default one (shared with other files, so nothing here assumes an empty world). Flights
 * last about an hour: the attack is still on its way when the test ends, and a joiner from anywhere
 * in the crowded sector stays within the 30% a late joiner may add.
 */
const play = useGame();
const db = useDatabase(play);

interface Player extends Session {
  username: string;
  home: { id: number; r: number; s: number; p: number };
}

const textOf = (locator: Locator) => () => locator.textContent({ timeout: 1000 }).then((t) => t ?? '', () => '');

/** A guest; with `units`, its home holds them. */
async function player(viewport: { width: number; height: number }, units?: Record<string, number>): Promise<Player> {
  const session = await openSession(play, { viewport });
  const { userId, username } = await signUpAsGuest(session.page);
  const { rows } = await db.query<{ id: number; region: number; sub_region: number; position: number }>('select id, region, sub_region, position from territories where owner_id = $1 order by id limit 1', [userId]);
  const h = rows[0]!;
  if (units) {
    await db.query('update territories set units = $2 where id = $1', [h.id, JSON.stringify(units)]);
    await session.page.reload();
    await session.page.getByTestId('territory-picker').waitFor();
  }
  return { ...session, username, home: { id: h.id, r: h.region, s: h.sub_region, p: h.position } };
}

async function openArmy(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Army', exact: true }).first().click();
  await page.getByTestId('dispatch-form').waitFor();
}

describe('multi-party attack', () => {
  it('one player invites another, who joins from the invitation card and arrives with the group', { timeout: 300_000 }, async () => {
    const target = await player({ width: 1280, height: 900 });
    await target.context.close();
    const lead = await player({ width: 1280, height: 900 }, { razorwing: 6 });
    const ally = await player({ width: 390, height: 844 }, { razorwing: 4, hauler_grub: 2 });
    const at = `${target.home.r}-${target.home.s}-${target.home.p}`;
    try {
      // The lead attacks and invites from the movements panel.
      const page = lead.page;
      await openArmy(page);
      await page.getByTestId('dispatch-mission').click();
      await page.getByRole('option', { name: 'Attack', exact: true }).click();
      await page.getByTestId('dispatch-r').fill(String(target.home.r));
      await page.getByTestId('dispatch-s').fill(String(target.home.s));
      await page.getByTestId('dispatch-p').fill(String(target.home.p));
      await page.getByTestId('dispatch-form').getByTestId('unit-row-razorwing').getByRole('button', { name: 'Max' }).click();
      await page.getByTestId('send-army').click();
      await toastMatching(page, new RegExp(`Army launched to ${at}!`));
      const card = page.getByTestId('movement-card').filter({ has: page.getByTestId('invite-to-attack') });
      await card.getByTestId('invite-to-attack').click();
      await page.getByTestId('invite-send').click();
      await page.getByText('Please enter a username to invite.').waitFor();
      await page.getByTestId('invite-username').fill(ally.username);
      expect(await page.getByText('Please enter a username to invite.').count()).toBe(0);
      await screenshot(page, 'multi-party-invite-1280');
      await page.getByTestId('invite-send').click();
      expect(await toastMatching(page, /^Invitation sent to /)).toBe(`Invitation sent to ${ally.username}!`);

      // The ally accepts on the card and lands in the Army tab with the join locked in.
      const phone = ally.page;
      await phone.getByTestId('notification-bell').click();
      const invitation = phone.getByRole('dialog', { name: 'Notifications' }).getByTestId('notification-card').filter({ hasText: `${lead.username} invites you to attack` });
      await invitation.getByRole('button', { name: 'Accept' }).waitFor();
      await screenshot(phone, 'multi-party-invitation-390');
      await invitation.getByRole('button', { name: 'Accept' }).click();
      const banner = phone.getByTestId('join-banner');
      await banner.waitFor();
      expect(await banner.textContent()).toContain(`${lead.username}'s group`);
      expect(await banner.getByTestId('join-target').textContent()).toBe(`${target.home.r}:${target.home.s}:${target.home.p}`);
      expect(await phone.getByTestId('dispatch-p').inputValue()).toBe(String(target.home.p));
      expect(await phone.getByTestId('dispatch-r').isDisabled()).toBe(true);
      expect(await phone.getByTestId('dispatch-mission').inputValue()).toBe('Join Multi-Party Attack');
      expect(await phone.getByTestId('dispatch-mission').isDisabled()).toBe(true);
      const form = phone.getByTestId('dispatch-form');
      await form.getByTestId('unit-row-razorwing').getByRole('button', { name: 'Max' }).click();
      expect(await phone.getByTestId('send-army').textContent()).toBe('Join Attack');
      await screenshot(phone, 'multi-party-join-390');
      await phone.getByTestId('send-army').click();
      expect(await toastMatching(phone, /^Successfully joined attack/)).toBe(`Successfully joined attack targeting ${at}!`);
      await banner.waitFor({ state: 'detached' });

      // One group, one instant; the lead sees it grow to two of five.
      const { rows } = await db.query<{ mission: string; arrival: string; group_id: string }>(
        `select mission, arrival_time::text as arrival, attack_group_id::text as group_id from movements where user_id in ($1, $2) order by mission`,
        [(await db.query<{ id: number }>('select id from users where username = $1', [lead.username])).rows[0]!.id, (await db.query<{ id: number }>('select id from users where username = $1', [ally.username])).rows[0]!.id],
      );
      expect(rows.map((r) => r.mission)).toEqual(['MULTI_PARTY_ATTACK_INITIATOR', 'MULTI_PARTY_ATTACK_PARTICIPANT']);
      expect(new Set(rows.map((r) => r.arrival)).size).toBe(1);
      expect(new Set(rows.map((r) => r.group_id)).size).toBe(1);
      await page.reload();
      await openArmy(page);
      await expect.poll(textOf(page.getByTestId('movement-group').first()), { timeout: 20_000 }).toBe('Leading a group attack · 2 / 5 players');
      await screenshot(page, 'multi-party-group-1280');
      expect([...lead.errors, ...ally.errors]).toEqual([]);
    } finally {
      await lead.context.close();
      await ally.context.close();
    }
  });
});

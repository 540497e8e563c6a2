import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addHallOfFameEntry, createOrm } from '@brood/world';
import { exampleNotifications } from './notifications-examples';
import { openSession, screenshot, signUpAsGuest, toastMatching, useGame, type Guest, type Session } from './harness';

/**
 * Standing and belonging in Chromium (issue #15): an alliance is founded, a second player applies, is
 * accepted, promoted and handed the leadership; a Hall of Fame comment starts the countdown; the Rank
 * tab finds the player's own row. Screenshots at 1280 and 390 px.
 */

const play = useGame();
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
type Player = Session & Guest;
let ana: Player;
let bo: Player;

async function guest(viewport = DESKTOP): Promise<Player> {
  const session = await openSession(play, { viewport });
  const who = await signUpAsGuest(session.page);
  await session.page.getByTestId('dashboard').waitFor();
  return { ...session, ...who };
}

const openTab = (page: Page, tab: string) => page.locator(`[data-tab="${tab}"]:visible`).first().click();
const confirmAction = (page: Page) => page.getByTestId('confirm-action').click();

beforeAll(async () => {
  ana = await guest();
  bo = await guest();
});
afterAll(async () => {
  await ana?.context.close();
  await bo?.context.close();
});

describe('alliances, the Hall of Fame and the Rank tab in the browser', () => {
  it('founds an alliance; a second player applies, is accepted, promoted and becomes leader by transfer', async () => {
    await openTab(ana.page, 'ALLIANCE');
    await ana.page.getByTestId('create-alliance').click();
    await ana.page.getByTestId('alliance-name').fill('Night Swarm');
    await ana.page.getByTestId('alliance-tag').fill('nsw');
    await ana.page.getByTestId('found-alliance-submit').click();
    await toastMatching(ana.page, /^Alliance "Night Swarm" created! Applications are required to join\.$/);
    await ana.page.getByTestId('alliance-details').getByText('Night Swarm').waitFor();

    await openTab(bo.page, 'ALLIANCE');
    await bo.page.getByTestId('apply-NSW').click();
    await bo.page.getByTestId('application-message').fill('Let me in');
    await bo.page.getByTestId('application-submit').click();
    await toastMatching(bo.page, /^Application to join the alliance has been submitted\.$/);

    // The leader hears ALLIANCE_APPLICATION_RECEIVED and sees the pending count.
    await ana.page.getByTestId('pending-count').waitFor();
    await ana.page.getByRole('button', { name: /^Applications/ }).click();
    await ana.page.getByTestId(`application-${bo.username}`).getByText('Accept').click();
    await confirmAction(ana.page);
    await toastMatching(ana.page, new RegExp(`^Application for user ${bo.username} accepted\\.$`));
    await ana.page.keyboard.press('Escape');

    await ana.page.getByLabel(`Promote ${bo.username}`).click();
    await confirmAction(ana.page);
    await toastMatching(ana.page, new RegExp(`^Member ${bo.username}'s rank changed to OFFICER\\.$`));

    await bo.page.locator('[data-view="my_alliance"]').waitFor();
    await screenshot(bo.page, 'standing-alliance-officer-1280');

    await ana.page.getByRole('button', { name: 'Transfer' }).click();
    await ana.page.getByTestId('transfer-select').click();
    await ana.page.getByRole('option', { name: bo.username }).click();
    await ana.page.getByTestId('transfer-submit').click();
    await confirmAction(ana.page);
    await toastMatching(ana.page, new RegExp(`^Leadership successfully transferred to ${bo.username}\\.$`));
    await expect.poll(() => bo.page.getByTestId(`member-${bo.username}`).textContent()).toContain('leader');
    await expect.poll(() => ana.page.getByTestId(`member-${ana.username}`).textContent()).toContain('officer');
    await bo.page.getByRole('button', { name: 'Disband Alliance' }).waitFor();
    await screenshot(ana.page, 'standing-alliance-1280');

    const phone = await openSession(play, { viewport: PHONE, storageState: await bo.context.storageState() });
    await phone.page.goto('/dashboard');
    await openTab(phone.page, 'ALLIANCE');
    await phone.page.getByTestId('alliance-roster').waitFor();
    await screenshot(phone.page, 'standing-alliance-390');
    await phone.context.close();
    expect([...ana.errors, ...bo.errors]).toEqual([]);
  });

  it('posts a Hall of Fame comment and sees the countdown', async () => {
    // A full combat report (the example the notifications e2e shows), between these two players.
    const report = exampleNotifications(ana.userId).find((n) => n.message_type === 'COMBAT_REPORT')!.content as Record<string, unknown>;
    const orm = await createOrm(play.game.databaseUrl, { poolMax: 1 });
    await orm.em.fork().transactional((em) =>
      addHallOfFameEntry(em, {
        attacker_user_id: ana.userId,
        attacker_username: ana.username,
        defender_user_id: bo.userId,
        defender_username: bo.username,
        outcome: 'VICTORY_ATTACKER',
        total_unit_value: 250_000,
        combat_timestamp: new Date(),
        combat_log_data: { ...report, defender_user_id: bo.userId },
      }),
    );
    await orm.close();
    await openTab(ana.page, 'HALL_OF_FAME');
    // The row opens the entry; a name in it opens that player's profile card instead.
    await ana.page.locator('[data-testid^="hof-entry-"]').filter({ hasText: bo.username }).first().locator('td').nth(2).click();
    await ana.page.getByTestId('comment-text').fill('A glorious swarm! www.spam.example');
    await ana.page.getByTestId('comment-submit').click();
    await toastMatching(ana.page, /^Comment added successfully!$/);
    await ana.page.getByText('A glorious swarm! [Link entfernt]').waitFor();
    await ana.page.getByText('Victory - Attacker Wins').first().waitFor();
    expect(await ana.page.getByTestId('comment-cooldown').textContent()).toMatch(/^You can post again in (59m \d+s|1h 0m 0s)\.$/);
    expect(await ana.page.getByTestId('comment-text').isDisabled()).toBe(true);
    await screenshot(ana.page, 'standing-hall-of-fame-1280');
    await ana.page.keyboard.press('Escape');
  });

  it('finds the own row on the Rank tab', async () => {
    await openTab(ana.page, 'MAP');
    await openTab(ana.page, 'RANK');
    const own = ana.page.locator('[data-own="true"]');
    await own.waitFor();
    expect(await own.textContent()).toContain(ana.username);
    expect(await ana.page.getByTestId('your-rank').textContent()).toMatch(/^Your rank: #\d+ · Score: \d+$/);
    await screenshot(ana.page, 'standing-rank-1280');

    const phone = await openSession(play, { viewport: PHONE, storageState: await ana.context.storageState() });
    await phone.page.goto('/dashboard');
    await openTab(phone.page, 'RANK');
    await phone.page.locator('[data-own="true"]').waitFor();
    await screenshot(phone.page, 'standing-rank-390');
    await phone.context.close();
  });
});

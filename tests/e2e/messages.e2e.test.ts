import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mapAt, pointAt, type Coords } from './map-helpers';
import { openSession, phases, screenshot, SCREENSHOTS, signUpAsGuest, toastMatching, useDatabase, useGame, type Session } from './harness';

/**
 * Players talk in Chromium (issue 28): one guest writes to another from the map (the hover card names
 * the owner, the menu offers 'Write message'), the other sees the count beside the bell and a toast at
 * once and answers from the inbox; a third player, on a 390 px phone, blocks the first from the profile
 * card, so the first's message never reaches them; the second reports a message and it shows in the
 * console's Reports tab. Screenshots at 1280 and 390 px.
 */

const play = useGame();
const db = useDatabase(play);
const textOf = (locator: Locator) => () => locator.textContent({ timeout: 1000 }).then((t) => t ?? '', () => '');

async function player(width: number): Promise<{ session: Session; page: Page; id: number; name: string; home: Coords }> {
  const session = await openSession(play, { viewport: { width, height: width < 500 ? 844 : 800 } });
  const { userId, username } = await signUpAsGuest(session.page);
  const { rows } = await db.query<{ region: number; sub_region: number; position: number }>('select region, sub_region, position from territories where owner_id = $1 order by id limit 1', [userId]);
  const h = rows[0]!;
  await toastMatching(session.page, /Real-time updates connected\./);
  return { session, page: session.page, id: userId, name: username, home: [h.region, h.sub_region, h.position] };
}

async function compose(page: Page, subject: string, body: string, shot?: string): Promise<void> {
  await page.getByTestId('compose-subject').fill(subject);
  await page.getByTestId('compose-body').fill(body);
  if (shot) await page.screenshot({ path: join(SCREENSHOTS, `${shot}.png`) });
  await page.getByTestId('compose-send').click();
}

describe('players talk', () => {
  it('converse from the map tooltip in real time; a third blocks the first; a report reaches the console', async () => {
    // It once ran out of time under load with no step failing: each phase is named in a failure.
    const phase = phases();
    // Bob first: Ann's map, loaded when she signs up, then holds his home.
    const bob = await player(1280);
    phase('Bob signed up');
    const ann = await player(1280);
    phase('Ann signed up');

    // Ann finds Bob's home on the map: the hover card names him and points to 'Write message'.
    await mapAt(ann.page, bob.home);
    phase("the map on Bob's home");
    const hover = async () => {
      const at = await pointAt(ann.page, bob.home);
      await ann.page.mouse.move(at.x + 40, at.y + 40);
      await ann.page.mouse.move(at.x, at.y);
      return textOf(ann.page.getByTestId('map-tooltip'))();
    };
    await expect.poll(hover, { timeout: 30_000 }).toContain("or 'Write message'");
    expect(await textOf(ann.page.getByTestId('map-tooltip'))()).toContain(`Owner: ${bob.name.slice(0, 18)}`);
    phase('the hover card');
    await ann.page.screenshot({ path: join(SCREENSHOTS, 'talk-map-tooltip-1280.png') });
    const at = await pointAt(ann.page, bob.home);
    await ann.page.mouse.click(at.x, at.y, { button: 'right' });
    await ann.page.getByTestId('map-owner').waitFor();
    await ann.page.screenshot({ path: join(SCREENSHOTS, 'talk-map-menu-1280.png') });
    await ann.page.getByTestId('map-write-message').click();
    expect(await ann.page.getByTestId('compose-to').inputValue()).toBe(bob.name);
    await compose(ann.page, 'Ceasefire?', 'Terms at https://example.test <b>today</b>', 'talk-compose-1280');
    await toastMatching(ann.page, new RegExp(`Message sent to ${bob.name}\\.`));
    phase('Ann wrote');

    // Bob hears it at once: a toast and the count beside the bell; the inbox shows the link as text.
    await toastMatching(bob.page, new RegExp(`New message from ${ann.name}: Ceasefire\\?`));
    await expect.poll(textOf(bob.page.getByTestId('messages-badge'))).toBe('1');
    await bob.page.getByTestId('messages-button').click();
    const message = bob.page.getByTestId('message').first();
    await expect.poll(textOf(message.getByTestId('message-body'))).toBe('Terms at https://example.test <b>today</b>');
    expect(await message.locator('a').count()).toBe(0);
    phase("Bob's inbox");
    await screenshot(bob.page, 'talk-inbox-1280');
    await message.getByRole('button', { name: 'Reply' }).click();
    await compose(bob.page, 'Re: Ceasefire?', 'Agreed.');
    await toastMatching(ann.page, new RegExp(`New message from ${bob.name}: Re: Ceasefire\\?`));
    await expect.poll(textOf(ann.page.getByTestId('messages-badge'))).toBe('1');
    phase('Bob replied');

    // Bob reports Ann's message.
    await message.getByTestId('message-report').click();
    await toastMatching(bob.page, /Message reported to the operators\./);

    // Cy, on a phone, finds Ann by name and blocks her from the profile card.
    const cy = await player(390);
    phase('Cy signed up');
    await cy.page.goto('/messages');
    await cy.page.getByLabel('Search players').fill(ann.name);
    await cy.page.getByRole('button', { name: `${ann.name}: open profile` }).click();
    await expect.poll(textOf(cy.page.getByTestId('player-card-name'))).toContain(ann.name);
    await cy.page.getByTestId('player-card').getByRole('button', { name: 'Block' }).click();
    await cy.page.getByTestId('player-blocked').waitFor();
    await screenshot(cy.page, 'talk-profile-blocked-390');
    await cy.page.keyboard.press('Escape');
    phase('Cy blocked Ann');

    // Ann writes to Cy: she is told it was sent; it never reaches Cy.
    await ann.page.goto('/messages');
    await ann.page.getByTestId('compose-open').click();
    await ann.page.getByTestId('compose-to').fill(cy.name);
    await compose(ann.page, 'Hello?', 'Anyone there?');
    await toastMatching(ann.page, new RegExp(`Message sent to ${cy.name}\\.`));
    await expect.poll(async () => (await db.query('select 1 from messages where sender_id = $1 and recipient_id = $2', [ann.id, cy.id])).rowCount).toBe(1);
    await cy.page.reload();
    await cy.page.getByText('No messages found.').waitFor();
    expect(await cy.page.getByTestId('messages-badge').count()).toBe(0);
    phase('Cy never got it');
    await screenshot(cy.page, 'talk-messages-390');

    // An operator reads the report in the console: the message and both players.
    await db.query('update users set is_operator = true where id = $1', [cy.id]);
    await cy.page.goto('/admin');
    await cy.page.getByRole('tab', { name: 'Reports' }).click();
    const report = cy.page.getByTestId('report').first();
    await expect.poll(textOf(report)).toContain(`${bob.name} reported ${ann.name}`);
    expect(await report.textContent()).toContain('Ceasefire?');
    await screenshot(cy.page, 'talk-console-reports-390');
    await cy.page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(cy.page, 'talk-console-reports-1280');

    expect([...ann.session.errors, ...bob.session.errors, ...cy.session.errors]).toEqual([]);
    for (const p of [ann, bob, cy]) await p.session.context.close();
  });
});

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSession, screenshot, toastMatching, useGame } from './harness';

/**
 * A player leaves the game (docs/privacy.md): from the account menu, a dialog says what will happen
 * and asks for the password (shown at 390 px, then used at 1280 px, after Download My Data saved the
 * player's data); a wrong password is refused with
 * the server's sentence, the right one deletes the account, and signing in again is refused.
 */

const play = useGame();

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function openDeleteDialog(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account' });
  await dialog.waitFor();
  return dialog;
}

describe('leaving the game', () => {
  it('deletes the account from the menu after the password, and the player cannot sign in again', async () => {
    const username = `leaver${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1000)}`;
    const password = 'farewell-to-the-hive';
    const registered = await fetch(`${play.game.baseUrl}/api/v1/auth/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, email: `${username}@example.com`, password }),
    });
    expect(registered.status).toBe(201);

    const { context, page, errors } = await openSession(play, { viewport: { width: 390, height: 844 } });
    await signIn(page, username, password);
    await page.waitForURL(/\/dashboard\/[a-z-]+$/);

    // On a phone: the dialog says what will happen, then the player thinks again.
    let dialog = await openDeleteDialog(page);
    await dialog.getByText("Other players' reports and the Hall of Fame name you 'deleted player'.").waitFor();
    await screenshot(page, 'leave-dialog-390');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // At 1280 px: the player takes their data first (a JSON file of their own account).
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Delete Account' }).waitFor();
    await screenshot(page, 'leave-menu-1280');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download My Data' }).click()]);
    expect(download.suggestedFilename()).toBe(`broodspace-${username}.json`);
    const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as { account: { username: string }; territories: unknown[] };
    expect([exported.account.username, exported.territories.length]).toEqual([username, 1]);

    // A wrong password is refused with the server's sentence, the right one deletes.
    dialog = await openDeleteDialog(page);
    await dialog.getByRole('textbox', { name: 'Password' }).fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'That is not your password: your account was not deleted.' }).waitFor();
    await screenshot(page, 'leave-dialog-1280-refused');
    await dialog.getByRole('textbox', { name: 'Password' }).fill(password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/login');
    await toastMatching(page, /^Your account has been deleted\. Farewell, commander\.$/);

    await signIn(page, username, password);
    await page.getByTestId('auth-error').filter({ hasText: 'Incorrect username or password' }).waitFor();
    await screenshot(page, 'leave-signed-out-1280');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(errors).toEqual([]);
    await context.close();
  });
});

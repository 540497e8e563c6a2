import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSession, screenshot, signUpAsGuest, toastMatching, useGame } from './harness';

/**
 * The moderation console in Chromium (issue #18): an operator is granted from the command line, finds
 * a player, suspends them (their open page is sent to /login with the reason), and reads the audit log.
 * Screenshots of the console at 1280 and 390 px.
 */

const play = useGame();
const ROOT = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

/** Players tab, search by name, open the player's page. */
async function openPlayer(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name: 'Players' }).click();
  await page.getByLabel('Find a player').fill(name);
  await page.getByRole('button', { name: `Open ${name}` }).click();
  await page.locator(`[data-testid="admin-player"][data-player="${name}"]`).waitFor();
}

describe('moderation console', () => {
  it('grant an operator, find a player, suspend them, see their session sent to /login, read the audit log', async () => {
    const name = `mod${Date.now().toString(36).slice(-6)}`;
    const password = 'chitin-and-spores-1';
    const registered = await fetch(`${play.game.baseUrl}/api/v1/auth/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: name, email: `${name}@example.com`, password }),
    });
    expect(registered.status).toBe(201);
    const granted = await run('npm', ['run', '--silent', 'admin', '--', 'grant', name, 'Moderator for the test'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: play.game.databaseUrl } });
    expect(granted.stdout).toMatch(new RegExp(`\\[admin\\] ${name} \\(id \\d+\\) is now an operator\\.`));

    // The victim plays in a browser of their own, with the real-time channel open.
    const victim = await openSession(play, { viewport: { width: 1280, height: 800 } });
    const { username: target } = await signUpAsGuest(victim.page);
    await toastMatching(victim.page, /Real-time updates connected\./);

    const op = await openSession(play, { viewport: { width: 1280, height: 900 } });
    await op.page.goto('/login');
    await op.page.locator('input[name="username"]').fill(name);
    await op.page.locator('input[name="password"]').fill(password);
    await op.page.getByRole('button', { name: 'Sign in' }).click();
    await op.page.waitForURL(/\/dashboard\/[a-z-]+$/);
    await op.page.getByTestId('user-menu').click();
    await op.page.getByTestId('admin-link').click();
    await op.page.waitForURL('**/admin');
    await op.page.getByTestId('count-players').waitFor();
    // The release the universe runs, as /healthz and /metrics give it (docs/operations.md, "Upgrades").
    await expect.poll(() => op.page.getByTestId('admin-release').textContent()).toMatch(/^Running Broodspace \d+\.\d+\.\d+ \(commit [0-9a-f]{12}\)\./);
    await screenshot(op.page, 'moderation-universe-1280');

    await openPlayer(op.page, target);
    await screenshot(op.page, 'moderation-player-1280');
    await op.page.getByRole('button', { name: 'Suspend' }).click();
    await op.page.getByLabel('Reason (audit log)').fill('Scripted farming');
    await op.page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
    await toastMatching(op.page, /Player suspended\./);

    // The victim's open page is sent to /login, saying why.
    await victim.page.waitForURL('**/login');
    await victim.page.getByText('Your account is suspended. Reason: Scripted farming').waitFor();
    await screenshot(victim.page, 'moderation-suspended-login-1280');

    await op.page.getByRole('tab', { name: 'Audit log' }).click();
    const row = op.page.getByTestId('audit-row').first();
    await row.waitFor();
    expect(await row.textContent()).toMatch(new RegExp(`${name}suspended${target}Scripted farming`));
    expect(await op.page.getByTestId('audit-row').allTextContents()).toContainEqual(expect.stringMatching(new RegExp(`command linegranted operator${name}Moderator for the test`)));
    await screenshot(op.page, 'moderation-audit-1280');
    await op.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(op.page, 'moderation-audit-390');
    await openPlayer(op.page, target);
    await screenshot(op.page, 'moderation-player-390');
    await op.page.getByRole('tab', { name: 'Universe' }).click();
    await op.page.getByTestId('admin-release').waitFor();
    await screenshot(op.page, 'moderation-universe-390');

    expect([...victim.errors, ...op.errors]).toEqual([]);
    await victim.context.close();
    await op.context.close();
  });
});

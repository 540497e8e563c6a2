import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Guest, openSession, screenshot, type Session, signUpAsGuest, toastMatching, useDatabase, useGame, VIEWPORTS } from './harness';
import { exampleNotifications } from './notifications-examples';

/**
 * Notifications and live updates in Chromium (issue #5): a construction completes on the worker, its
 * toast appears, the bell's badge goes up, the card is in the centre, marking it read brings the
 * badge down; the /notifications page filters. Screenshots of the centre and the page at both widths.
 */

// The whole game at universe speed 30 (a level-1 Fiber Tangle takes a second); the database lets the test add example reports.
const play = useGame({ universeOverrides: { universe_speed_factor: 30 } });
const sql = useDatabase(play);

type Player = Session & Guest;

/** A guest signed up through the register page, with the dashboard open. */
async function guest(viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Player> {
  const session = await openSession(play, { viewport });
  const who = await signUpAsGuest(session.page);
  await session.page.getByTestId('dashboard').waitFor();
  return { ...session, ...who };
}

async function api<T>(who: Player, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${play.game.baseUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${who.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

const badge = (page: Page) => page.getByTestId('notification-badge');

describe('notifications in the browser', () => {
  it('a completed construction toasts, raises the badge, sits in the centre, and reading it lowers the badge', async () => {
    const me = await guest();
    const { page } = me;
    await toastMatching(page, /^Real-time updates connected\.$/);
    expect(await badge(page).count()).toBe(0);

    const [territory] = await api<{ id: number }[]>(me, 'GET', '/territories');
    await api(me, 'POST', `/territories/${territory!.id}/structures`, { structure_key: 'fiber_tangle' });

    await toastMatching(page, /^Fiber Tangle construction completed \(level 1\)\.$/);
    await page.waitForFunction(() => document.querySelector('[data-testid="notification-badge"]')?.textContent === '1');

    await page.getByTestId('notification-bell').click();
    const centre = page.getByRole('dialog', { name: 'Notifications' });
    const card = centre.getByTestId('notification-card').filter({ hasText: 'Fiber Tangle reached level 1' });
    await card.waitFor();
    expect(await card.getAttribute('data-read')).toBe('false');
    expect(await card.textContent()).toContain('Level 1');
    await screenshot(page, 'notifications-centre-completion-desktop');

    await card.getByRole('button', { name: 'Mark as read' }).click();
    await page.waitForFunction(() => !document.querySelector('[data-testid="notification-badge"]'));
    expect(await card.getAttribute('data-read')).toBe('true');
    // The server agrees (the card and badge change at once; the call lands a moment later).
    await expect.poll(() => api<{ unread_count: number }>(me, 'GET', '/notifications/unread-count'), { timeout: 10_000 }).toEqual({ unread_count: 0 });
    expect(me.errors).toEqual([]);
    await me.context.close();
  });

  it('the centre and the page show every kind of card, and the page filters work', async () => {
    const me = await guest();
    const { page } = me;
    const examples = exampleNotifications(me.userId);
    for (const n of examples) {
      await sql.query(
        `insert into notifications (id, user_id, message_type, title, content, is_read, created_at, related_object_id) values (gen_random_uuid(), $1, $2, $3, $4::jsonb, $5, now() - make_interval(mins => $6), $7)`,
        [me.userId, n.message_type, n.title, JSON.stringify(n.content), n.is_read ?? false, n.minutesAgo, n.related_object_id ?? null],
      );
    }
    const unread = examples.filter((n) => !n.is_read).length;
    await page.reload();
    await page.waitForFunction((label) => document.querySelector('[data-testid="notification-badge"]')?.textContent === label, unread > 9 ? '9+' : String(unread));

    await page.getByTestId('notification-bell').click();
    const centre = page.getByRole('dialog', { name: 'Notifications' });
    await centre.getByTestId('notification-card').first().waitFor();
    await screenshot(page, 'notifications-centre-desktop');
    await centre.locator('label', { hasText: /^Combat$/ }).click();
    await centre.getByText('Victory - Attacker Wins').waitFor();
    expect(await centre.getByTestId('notification-card').count()).toBe(examples.filter((n) => !n.is_read && ['COMBAT_REPORT', 'DEFENSE_REPORT'].includes(n.message_type)).length);
    await page.keyboard.press('Escape');

    await page.goto('/notifications');
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    const cards = page.getByTestId('notification-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(Math.min(20, unread));
    await screenshot(page, 'notifications-page-desktop');

    await page.getByRole('button', { name: 'Espionage' }).click();
    await page.getByText('(Detected!)').waitFor();
    const spyTypes = ['SPY_REPORT', 'SPY_DETECTED_BY_TARGET', 'SPY_FAILED_TARGET_NOT_FOUND', 'SPY_FAILED_OWN_TERRITORY'];
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="notification-card"]').length === n, examples.filter((n) => !n.is_read && spyTypes.includes(n.message_type)).length);

    await page.getByRole('button', { name: 'Salvage' }).click();
    await page.getByText('No notifications found for filter "Salvage" (unread).').waitFor();
    await page.getByRole('checkbox', { name: 'Show Read' }).check();
    await page.getByText('Salvaged').first().waitFor();
    expect(await cards.count()).toBe(examples.filter((n) => n.message_type.startsWith('SALVAGE_')).length);

    // Clicking an unread card marks it read; the badge follows.
    await page.getByRole('button', { name: 'Generic' }).click();
    await page.getByRole('checkbox', { name: 'Show Read' }).uncheck();
    const welcome = cards.filter({ hasText: 'Welcome to the swarm' });
    await welcome.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="notification-card"]')?.getAttribute('data-read') === 'true');
    await expect.poll(() => api<{ unread_count: number }>(me, 'GET', '/notifications/unread-count'), { timeout: 10_000 }).toEqual({ unread_count: unread - 1 });
    expect(me.errors).toEqual([]);
    await me.context.close();
  });

  it('at phone width', async () => {
    const me = await guest(VIEWPORTS.phone);
    for (const n of exampleNotifications(me.userId)) {
      await sql.query(
        `insert into notifications (id, user_id, message_type, title, content, is_read, created_at, related_object_id) values (gen_random_uuid(), $1, $2, $3, $4::jsonb, $5, now() - make_interval(mins => $6), $7)`,
        [me.userId, n.message_type, n.title, JSON.stringify(n.content), n.is_read ?? false, n.minutesAgo, n.related_object_id ?? null],
      );
    }
    await me.page.reload();
    await badge(me.page).waitFor();
    await me.page.getByTestId('notification-bell').click();
    await me.page.getByRole('dialog', { name: 'Notifications' }).getByTestId('notification-card').first().waitFor();
    await screenshot(me.page, 'notifications-centre-phone');
    await me.page.goto('/notifications');
    await me.page.getByTestId('notification-card').first().waitFor();
    await screenshot(me.page, 'notifications-page-phone');
    expect(me.errors).toEqual([]);
    await me.context.close();
  });
});

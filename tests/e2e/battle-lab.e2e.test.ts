import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createRng, resolveBattle, type BattleInput } from '@brood/game-core';
import type { Catalogue } from '@brood/game-data';
import { runLab, type LabRequest } from '../../apps/web/src/features/army/simulator/lab-run';
import { openSession, placeIn, screenshot, type Session, signUpAsGuest, toastMatching, useDatabase, useGame } from './harness';
import { labInputs, runInWorker } from './battle-lab-inputs';

/**
 * The battle lab in Chromium (issue #16): a spy report card's 'Simulate' fills the Army tab's
 * simulator, the player fills what the report did not reveal and takes the attackers from their own
 * territory, runs it in the Web Worker, watches a typical battle and sends the fleet through the
 * dispatch form; a combat report card is watched round by round. Then the worker and node answer a
 * set of battles byte for byte alike. Screenshots at 1280 and 390 px.
 */
const play = useGame({ world: 'battle-lab' }); // a world of its own: it places a territory in the player's home sector, which the shared game's sign-ups fill
const db = useDatabase(play);

interface Player extends Session {
  userId: number;
  home: [number, number, number];
  target: [number, number, number];
}

/** A guest with an army at home, and a neighbour's territory in their sector to attack. */
async function player(viewport: { width: number; height: number }): Promise<Player> {
  const session = await openSession(play, { viewport });
  const { userId } = await signUpAsGuest(session.page);
  const { rows } = await db.query<{ id: number; region: number; sub_region: number; position: number }>('select id, region, sub_region, position from territories where owner_id = $1 order by id limit 1', [userId]);
  const h = rows[0]!;
  await db.query(`update territories set units = $2, resources = resources || '{"biomass": 60000}'::jsonb, resources_updated_at = now() where id = $1`, [h.id, JSON.stringify({ razorwing: 150, ravager: 12, hauler_grub: 2 })]);
  const warden = (await db.query<{ id: number }>(`insert into users (username, email, password_hash) values ($1, $2, 'x') returning id`, [`warden_${userId}`, `warden_${userId}@example.test`])).rows[0]!.id;
  const free = await placeIn(db, { r: h.region, s: h.sub_region }, (p) =>
    db.query(`insert into territories (owner_id, name, region, sub_region, position) values ($1, 'Chitin Bastion', $2, $3, $4)`, [warden, h.region, h.sub_region, p]),
  );
  return { ...session, userId, home: [h.region, h.sub_region, h.position], target: [h.region, h.sub_region, free] };
}

async function notify(userId: number, type: string, title: string, content: unknown): Promise<void> {
  await db.query(`insert into notifications (id, user_id, message_type, title, content, is_read, created_at) values (gen_random_uuid(), $1, $2, $3, $4::jsonb, false, now())`, [userId, type, title, JSON.stringify(content)]);
}

/** A spy report at detail 2: the defender's counts are only 'about 10 to 99', left for the player. */
function spyReport(target: [number, number, number]) {
  return {
    target_territory_id: 1, target_territory_name: 'Chitin Bastion', target_coords: target, target_owner_id: null, success: true, detected: false, detail_level: 2,
    report_time_utc: new Date().toISOString(),
    resources: [{ resource_key: 'fiber', amount: null, approx_amount_level: 4 }],
    structures: [{ structure_key: 'burrow_warren', exists: true, level: null }],
    units: [{ unit_key: 'razorwing', quantity: null, approx_quantity_level: 2 }],
    defenses: [{ defense_key: 'thorn_pit', quantity: null, approx_quantity_level: 1 }],
    stationed_fleets: [], build_queue: [], research_queue: [], recruitment_queue: [], defense_queue: [],
  };
}

async function catalogue(): Promise<Catalogue> {
  return (await (await fetch(`${play.game.baseUrl}/api/v1/game-data/all`)).json()) as Catalogue;
}

/** A combat report as the engine writes it, with first strike, kamikaze and the main rounds. */
function combatReport(c: Catalogue, userId: number) {
  const input: BattleInput = {
    catalogue: c,
    participants: [
      { role: 'ATTACKER', user_id: userId, username: 'You', units: { spine_lancer: 40, feral_drifter: 30, razorwing: 600 } },
      { role: 'DEFENDER', user_id: 999_001, username: 'Warden', units: { ravager: 60 }, defenses: { thorn_pit: 12 } },
      { role: 'DEFENDER', user_id: 999_002, username: 'Ally', is_stationed_ally: true, units: { razorwing: 80 } },
    ],
    target: { coords: [480, 13, 9], territory_name: 'Chitin Bastion', stock: { fiber: 40_000 } },
  };
  return resolveBattle(input, createRng('e2e-report'));
}

async function openSimulatorFromSpyCard(page: Page): Promise<void> {
  await page.getByTestId('notification-bell').click();
  const centre = page.getByRole('dialog', { name: 'Notifications' });
  const card = centre.getByTestId('notification-card').filter({ hasText: 'Spy report: Chitin Bastion' });
  await card.getByRole('button', { name: 'Simulate' }).click();
  await page.getByTestId('simulator').waitFor();
}

describe('battle lab', () => {
  it('fills the simulator from a spy report and the own territory, runs it, sends the fleet, and watches a report', { timeout: 240_000 }, async () => {
    const me = await player({ width: 1280, height: 800 });
    const { page } = me;
    const c = await catalogue();
    await notify(me.userId, 'SPY_REPORT', 'Spy report: Chitin Bastion', spyReport(me.target));
    await notify(me.userId, 'COMBAT_REPORT', 'Battle at Chitin Bastion', combatReport(c, me.userId));
    await page.reload();
    await page.getByTestId('dashboard').waitFor();

    await openSimulatorFromSpyCard(page);
    await page.getByTestId('lab-source').getByText('Spy report: Chitin Bastion (detail 2)').waitFor();
    const problems = page.getByTestId('lab-problems');
    expect(await problems.textContent()).toContain('Fill in what the report did not reveal: Razorwing (Chitin Bastion: about 10 to 99), Thorn Pit (Chitin Bastion: about 1 to 9)');
    // what the report did not reveal, by hand; the attackers from the own territory
    const defender = page.getByTestId('lab-party-defenders-0');
    await defender.getByLabel('Razorwing (Units)').fill('60');
    await defender.getByLabel('Thorn Pit (Defenses)').fill('4');
    await page.getByTestId('lab-party-attackers-0').getByRole('button', { name: 'From my territory' }).click();
    await problems.waitFor({ state: 'detached' });
    expect(await page.getByTestId('lab-assumed').textContent()).toContain('Burrow Warren');
    expect(await page.getByTestId('lab-party-attackers-0').getByLabel('Razorwing (Units)').inputValue()).toBe('150');
    await page.getByTestId('lab-seed').fill('e2e');
    await page.getByTestId('lab-run').click();
    const result = page.getByTestId('lab-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('Odds over 100 runs');
    expect(await page.getByTestId('lab-outcomes').textContent()).toMatch(/Attackers win \d+%Draw \d+%Defenders win \d+%/);
    expect(await page.getByTestId('lab-flight').textContent()).toMatch(/flight \d+.* one way · fuel [\d,]+ biomass/);
    await result.getByRole('button', { name: /Watch a typical battle/ }).click();
    await result.getByTestId('battle-replay').waitFor();
    await screenshot(page, 'battle-lab-simulator-1280');

    await page.getByTestId('lab-send').click();
    await page.getByTestId('dispatch-form').waitFor();
    expect(await page.getByTestId('dispatch-p').inputValue()).toBe(String(me.target[2]));
    expect(await page.getByLabel('Razorwing amount').inputValue()).toBe('150');
    await page.getByTestId('send-army').click();
    await toastMatching(page, new RegExp(`^Army launched to ${me.target.join('-')}!`));

    await page.goto('/notifications');
    const card = page.getByTestId('notification-card').filter({ hasText: 'Battle at Chitin Bastion' });
    await card.getByRole('button', { name: 'Watch round by round' }).click();
    const replay = card.getByTestId('battle-replay');
    await replay.getByTestId('replay-damage-chart').locator('.recharts-bar-rectangle').first().waitFor();
    expect(await replay.getByTestId('replay-frame').textContent()).toBe('Round FS 1');
    await replay.getByRole('button', { name: 'Next round' }).click();
    expect(await replay.getByTestId('replay-frame').textContent()).toBe('Round K');
    await replay.getByRole('button', { name: 'Next round' }).click();
    expect(await replay.getByTestId('replay-frame').textContent()).toBe('Round 1');
    const ticks = replay.getByTestId('replay-stack').filter({ hasText: 'Feral Drifter' });
    expect(await ticks.getAttribute('data-count')).toBe('0');
    await replay.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => replay.getByTestId('replay-frame').textContent(), { timeout: 20_000 }).toBe('End');
    await card.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await screenshot(page, 'battle-lab-report-1280');
    expect(me.errors).toEqual([]);
    await me.context.close();
  });

  it('fits a 390 px phone, and the worker answers byte for byte as node does', { timeout: 240_000 }, async () => {
    const me = await player({ width: 390, height: 844 });
    const { page } = me;
    const c = await catalogue();
    await notify(me.userId, 'SPY_REPORT', 'Spy report: Chitin Bastion', spyReport(me.target));
    await notify(me.userId, 'COMBAT_REPORT', 'Battle at Chitin Bastion', combatReport(c, me.userId));
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    await page.reload();
    await page.getByTestId('dashboard').waitFor();

    await openSimulatorFromSpyCard(page);
    // by hand this time: a unit type added to the attackers, the report's blanks filled
    const attacker = page.getByTestId('lab-party-attackers-0');
    await attacker.getByLabel('Add to Units').click();
    await page.getByRole('option', { name: 'Ravager', exact: true }).click();
    await attacker.getByLabel('Ravager (Units)').fill('20');
    const defender = page.getByTestId('lab-party-defenders-0');
    await defender.getByLabel('Razorwing (Units)').fill('60');
    await defender.getByLabel('Thorn Pit (Defenses)').fill('4');
    await page.getByTestId('lab-run').click();
    await page.getByTestId('lab-result').waitFor();
    await screenshot(page, 'battle-lab-simulator-390');

    await page.goto('/notifications');
    const card = page.getByTestId('notification-card').filter({ hasText: 'Battle at Chitin Bastion' });
    await card.getByRole('button', { name: 'Watch round by round' }).click();
    await card.getByTestId('replay-damage-chart').locator('.recharts-bar-rectangle').first().waitFor();
    await card.getByRole('button', { name: 'Next round' }).click();
    await card.getByRole('button', { name: 'Next round' }).click();
    await card.getByTestId('battle-replay').scrollIntoViewIfNeeded();
    await screenshot(page, 'battle-lab-report-390');

    // the same requests through the very worker the simulator started, and through node
    const url = workers.find((w) => w.includes('battle.worker'));
    expect(url, `workers seen: ${workers.join(', ')}`).toBeTruthy();
    const requests: LabRequest[] = labInputs().map((r, id) => ({ id, catalogue: c, ...r }));
    const inBrowser = await runInWorker(page, url!, requests);
    const inNode = requests.map((r) => runLab(r).odds);
    expect(inBrowser.length).toBe(requests.length);
    inBrowser.forEach((answer, i) => expect(answer, `request ${i}`).toBe(inNode[i]));
    expect(me.errors).toEqual([]);
    await me.context.close();
  });
});

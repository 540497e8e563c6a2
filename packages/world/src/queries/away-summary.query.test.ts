import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgBoss } from 'pg-boss';
import type { EntityManager } from '@mikro-orm/postgresql';
import { loadCatalogue } from '@brood/game-data';
import { createTestDatabase, type TestDatabase } from '../testing';
import { createBoss } from '../db/boss';
import { addNotification, type NewNotification } from '../commands/notifications';
import { dismissAwaySummary, recordVisit } from '../commands/visits';
import { awaySummary } from './away-summary.query';

let db: TestDatabase;
let boss: PgBoss;
const catalogue = loadCatalogue();
const T = new Date(Date.UTC(2030, 0, 1, 12));
const later = (minutes: number) => new Date(T.getTime() + minutes * 60_000);

beforeAll(async () => {
  db = await createTestDatabase();
  boss = createBoss(db.url, 'api');
  await boss.start();
});
afterAll(async () => {
  await boss?.stop({ graceful: false });
  await db?.stop();
});

async function player(name: string): Promise<{ id: number }> {
  const [row] = await db.orm.em.fork().execute<{ id: number }[]>(`insert into users (username, email, password_hash) values (?, ?, 'x') returning id`, [name, `${name}@hive.test`]);
  return { id: row!.id };
}
const note = (who: { id: number }, input: NewNotification, at: Date) =>
  db.orm.em.fork().transactional((em: EntityManager) => addNotification({ em, boss }, who.id, input, at));
/** A private message stored as send-message stores it; `blocked`: the recipient blocked the sender. */
async function message(from: { id: number }, to: { id: number }, at: Date, blocked = false): Promise<void> {
  const em = db.orm.em.fork();
  const [send] = await em.execute<{ id: string }[]>('insert into message_sends (sender_id, created_at) values (?, ?) returning id', [from.id, at]);
  await em.execute(
    `insert into messages (send_id, sender_id, recipient_id, subject, body, is_circular, recipient_deleted, created_at) values (?, ?, ?, 'Hi', 'Body', false, ?, ?)`,
    [send!.id, from.id, to.id, blocked, at],
  );
}
const battle = (who: { id: number }, type: 'COMBAT_REPORT' | 'DEFENSE_REPORT', outcome: string, lost: number) => ({
  message_type: type, title: 'Battle',
  content: { outcome, participant_results: [{ role: type === 'COMBAT_REPORT' ? 'ATTACKER' : 'DEFENDER', user_id: who.id, losses_total: [{ unit_key: 'razorwing', lost }] }] },
}) as NewNotification;

describe('while you were away', () => {
  it('after more than an hour away, sums what happened in the absence; shorter absences and dismissing show nothing', async () => {
    const me = await player('away_me');
    const pen = await player('away_pen');
    const em = () => db.orm.em.fork();
    await recordVisit(em(), me, T);
    await message(pen, me, later(20)); // before the absence
    await message(pen, me, later(50));
    await message(pen, me, later(60));
    await message(pen, me, later(55), true); // from a sender `me` blocked: never counted
    await message(me, pen, later(60)); // sent, not received
    await note(me, battle(me, 'COMBAT_REPORT', 'VICTORY_ATTACKER', 0), later(10));
    await note(me, battle(me, 'DEFENSE_REPORT', 'VICTORY_ATTACKER', 3), later(20));
    await note(me, { message_type: 'SPY_DETECTED_BY_TARGET', title: 'Spy', content: { target_coords: [1, 1, 1], source_region: 2, source_sub_region: 2, source_position: 2 } }, later(45));
    await note(me, { message_type: 'FLEET_LOST', title: 'Lost', content: {} } as NewNotification, later(40));
    await note(me, { message_type: 'RESEARCH_PROJECT_COMPLETED', title: 'Done', content: { item_name: 'x', level_or_quantity: 1, location_coords: null, location_name: null, details: null } }, later(50));
    await recordVisit(em(), me, later(30)); // a visit within the hour: still no card
    expect(await awaySummary(em(), catalogue, me)).toBeNull();

    await recordVisit(em(), me, later(30 + 61));
    const summary = await awaySummary(em(), catalogue, me);
    expect(summary).toMatchObject({
      away_from: later(30), away_until: later(91),
      // The battles of minutes 10 and 20 were before the last visit (minute 30): the absence began then.
      battles_won: 0, battles_lost: 0, battles_drawn: 0,
      spy_alerts: 1, fleets_returned: 0, fleets_lost: 1, queue_items_completed: 1, new_messages: 2, rank_then: 1, rank_now: 1,
    });
    expect(summary!.value_lost).toBe(0);

    await dismissAwaySummary(em(), me);
    expect(await awaySummary(em(), catalogue, me)).toBeNull();
    await recordVisit(em(), me, later(100));
    expect(await awaySummary(em(), catalogue, me)).toBeNull();
  });

  it('counts battles won and lost and the value of what was lost, from the notifications of the absence alone', async () => {
    const me = await player('away_fighter');
    const em = () => db.orm.em.fork();
    await recordVisit(em(), me, T);
    await note(me, battle(me, 'COMBAT_REPORT', 'VICTORY_ATTACKER', 1), later(70));
    await note(me, battle(me, 'DEFENSE_REPORT', 'VICTORY_ATTACKER', 2), later(80));
    await note(me, battle(me, 'DEFENSE_REPORT', 'DRAW', 0), later(90));
    await recordVisit(em(), me, later(120));
    const summary = await awaySummary(em(), catalogue, me);
    expect(summary).toMatchObject({ battles_won: 1, battles_lost: 1, battles_drawn: 1 });
    expect(summary!.value_lost).toBeGreaterThan(0);
  });
});

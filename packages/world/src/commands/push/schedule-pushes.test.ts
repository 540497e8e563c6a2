import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgBoss } from 'pg-boss';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { createBoss } from '../../db/boss';
import { addNotification, type NewNotification } from '../notifications';
import { setPushPreferences, subscribePush } from './subscriptions.command';

let db: TestDatabase;
let boss: PgBoss;

beforeAll(async () => {
  db = await createTestDatabase();
  boss = createBoss(db.url, 'api');
  await boss.start();
});
afterAll(async () => {
  await boss?.stop({ graceful: false });
  await db?.stop();
});

const em = () => db.orm.em.fork();
async function subscribed(name: string): Promise<{ id: number }> {
  const [row] = await em().execute<{ id: number }[]>(`insert into users (username, email, password_hash) values (?, ?, 'x') returning id`, [name, `${name}@hive.test`]);
  const who = { id: row!.id };
  await subscribePush(em(), who, { endpoint: `https://fcm.googleapis.com/fcm/send/${name}`, keys: { p256dh: 'BAAA', auth: 'AAAA' } }, []);
  return who;
}
const jobsFor = async (notificationId: string) =>
  (await em().execute<{ n: string }[]>(`select count(*) as n from pgboss.job where name = 'push-delivery' and data->>'notification_id' = ?`, [notificationId]))[0]!.n;
const attack: NewNotification = {
  message_type: 'INCOMING_ATTACK_WARNING', title: 'Incoming attack on Home (1:1:1)',
  content: { message: 'x is attacking Home', attacker_username: 'x', target_coords: [1, 1, 1], target_territory_name: 'Home', arrival_time: '2030-01-01T00:00:00Z' },
};
const done: NewNotification = {
  message_type: 'RESEARCH_PROJECT_COMPLETED', title: 'Research done', content: { item_name: 'x', level_or_quantity: 1, location_coords: null, location_name: null, details: null },
};
const store = (who: { id: number }, input: NewNotification) => em().transactional((tem: EntityManager) => addNotification({ em: tem, boss }, who.id, input));

describe('push jobs', () => {
  it('are scheduled with the notification they announce, and only when it commits', async () => {
    const me = await subscribed('push_commit');
    const ref = await store(me, attack);
    expect(await jobsFor(ref.id)).toBe('1');
    let rolledBack = '';
    await expect(
      em().transactional(async (tem: EntityManager) => {
        rolledBack = (await addNotification({ em: tem, boss }, me.id, attack)).id;
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await jobsFor(rolledBack)).toBe('0');
  });

  it('follow the switches: queue completion off by default, on when switched on; none for unpushed types or players without a subscription', async () => {
    const me = await subscribed('push_switches');
    expect(await jobsFor((await store(me, done)).id)).toBe('0');
    await setPushPreferences(em(), me, { queue_completion: true, incoming_attack: false });
    expect(await jobsFor((await store(me, done)).id)).toBe('1');
    expect(await jobsFor((await store(me, attack)).id)).toBe('0');
    expect(await jobsFor((await store(me, { message_type: 'GENERIC_INFORMATION', title: 'hi', content: 'hi' })).id)).toBe('0');
    const [row] = await em().execute<{ id: number }[]>(`insert into users (username, email, password_hash) values ('push_none', 'push_none@hive.test', 'x') returning id`);
    expect(await jobsFor((await store({ id: row!.id }, attack)).id)).toBe('0');
  });
});

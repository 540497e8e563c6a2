import pg from 'pg';
import type { PgBoss } from 'pg-boss';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createBoss } from '../../db/boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { GAME_EVENTS_CHANNEL } from '../../events';
import { User } from '../../entities/user.entity';
import { Notification } from '../../entities/notification.entity';
import { GameError } from '../../errors';
import { addNotification, addNotifications, markAllNotificationsRead, markNotificationRead } from '.';
import { countUnreadNotifications, listNotifications } from '../../queries/notifications';

let db: TestDatabase;
let listener: pg.Client;
const heard: { user_id: number; event: string; data: Record<string, unknown> }[] = [];
let boss: PgBoss;
/** The transaction a notification is stored in, with the pg-boss its push jobs would be scheduled with. */
const tx = (em: EntityManager) => ({ em, boss });
let alice: User;
let bob: User;

async function makeUser(name: string): Promise<User> {
  const em = db.orm.em.fork();
  const user = em.create(User, { username: name, email: `${name}@example.test`, passwordHash: 'x' });
  await em.flush();
  return user;
}

/** A round trip on the listening connection delivers notifications already sent. */
async function drain(): Promise<void> {
  await listener.query('select 1');
}

beforeAll(async () => {
  db = await createTestDatabase();
  boss = createBoss(db.url, 'api');
  await boss.start();
  listener = new pg.Client({ connectionString: db.url });
  await listener.connect();
  listener.on('notification', (m) => heard.push(JSON.parse(m.payload ?? '{}')));
  await listener.query(`listen ${GAME_EVENTS_CHANNEL}`);
  alice = await makeUser('alice');
  bob = await makeUser('bob');
});

afterAll(async () => {
  await listener?.end();
  await boss?.stop({ graceful: false });
  await db?.stop();
});

describe('addNotification', () => {
  it('refuses a content its type\'s schema does not accept, storing and announcing nothing', async () => {
    heard.length = 0;
    const before = await db.orm.em.fork().count(Notification, {});
    await expect(
      db.orm.em.fork().transactional((tem) => addNotification(tx(tem), alice.id, { message_type: 'SPY_REPORT', title: 'bad', content: { detail_level: 'high' } as never })),
    ).rejects.toThrow(/SPY_REPORT has invalid content/);
    await drain();
    expect(heard).toEqual([]);
    expect(await db.orm.em.fork().count(Notification, {})).toBe(before);
  });

  it('stores the notification and announces it only when the caller commits', async () => {
    heard.length = 0;
    const added = await db.orm.em.fork().transactional(async (tem) => {
      const data = await addNotification(tx(tem), alice.id, {
        message_type: 'BUILDING_CONSTRUCTION_COMPLETED',
        title: 'Spore Vat reached level 2',
        content: { item_name: 'Spore Vat', level_or_quantity: 2, location_coords: [5, 5, 5], location_name: 'Hive', details: null },
        related_object_id: 42,
      });
      await drain();
      expect(heard).toEqual([]);
      return data;
    });
    await drain();
    expect(heard).toEqual([{ user_id: alice.id, event: 'NEW_NOTIFICATION_RECEIVED', data: added }]);
    expect(added.related_object_id).toBe('42');
    const [stored] = await listNotifications(db.orm.em.fork(), alice, { include_read: false, limit: 20, skip: 0 });
    expect(stored).toMatchObject({ id: added.id, user_id: alice.id, message_type: 'BUILDING_CONSTRUCTION_COMPLETED', is_read: false, related_object_id: '42' });
    expect(stored?.content).toMatchObject({ item_name: 'Spore Vat', location_coords: [5, 5, 5] });
  });

  it('leaves nothing behind and tells no one when the caller rolls back', async () => {
    heard.length = 0;
    const before = await db.orm.em.fork().count(Notification, {});
    await expect(
      db.orm.em.fork().transactional(async (tem) => {
        await addNotification(tx(tem), alice.id, { message_type: 'GENERIC_INFORMATION', title: 'never', content: 'never' });
        throw new Error('the event did not happen');
      }),
    ).rejects.toThrow('the event did not happen');
    await drain();
    expect(heard).toEqual([]);
    expect(await db.orm.em.fork().count(Notification, {})).toBe(before);
  });

  it('raises events of their own after the notifications\u2019 in the same statement, and alone when there is no notification', async () => {
    heard.length = 0;
    const wreck = { wreckage_field_id: '7', region: 1, sub_region: 2, position: 3 };
    const [ref] = await db.orm.em.fork().transactional((tem) =>
      addNotifications(tx(tem), [{ userId: alice.id, input: { message_type: 'GENERIC_INFORMATION', title: 'hello', content: 'hello' } }], new Date(), [
        { user_id: bob.id, event: 'WRECKAGE_FIELD_SPAWNED', data: wreck },
      ]),
    );
    await db.orm.em.fork().transactional((tem) => addNotifications(tx(tem), [], new Date(), [{ user_id: alice.id, event: 'WRECKAGE_FIELD_DEPLETED', data: wreck }]));
    await drain();
    expect(heard).toEqual([
      { user_id: alice.id, event: 'NEW_NOTIFICATION_RECEIVED', data: ref },
      { user_id: bob.id, event: 'WRECKAGE_FIELD_SPAWNED', data: wreck },
      { user_id: alice.id, event: 'WRECKAGE_FIELD_DEPLETED', data: wreck },
    ]);
  });

  it('keeps text, null and empty-object content as they are', async () => {
    const em = db.orm.em.fork();
    await em.transactional(async (tem) => {
      await addNotification(tx(tem), bob.id, { message_type: 'GENERIC_INFORMATION', title: 'text', content: 'Welcome to 1:2:3' }, new Date('2030-01-01T00:00:03Z'));
      await addNotification(tx(tem), bob.id, { message_type: 'GENERIC_INFORMATION', title: 'null', content: null }, new Date('2030-01-01T00:00:02Z'));
      await addNotification(tx(tem), bob.id, { message_type: 'GENERIC_INFORMATION', title: 'empty', content: {} }, new Date('2030-01-01T00:00:01Z'));
    });
    const list = await listNotifications(db.orm.em.fork(), bob, { include_read: true, limit: 3, skip: 0 });
    expect(list.map((n) => [n.title, n.content])).toEqual([
      ['text', 'Welcome to 1:2:3'],
      ['null', null],
      ['empty', {}],
    ]);
  });
});

describe('listing and reading', () => {
  let carol: User;
  const ids: string[] = [];

  beforeAll(async () => {
    carol = await makeUser('carol');
    await db.orm.em.fork().transactional(async (tem) => {
      for (let i = 0; i < 25; i += 1) {
        const at = new Date(Date.UTC(2031, 0, 1, 0, 0, i));
        const added =
          i % 5 === 0
            ? await addNotification(tx(tem), carol.id, { message_type: 'COMBAT_REPORT', title: `n${i}`, content: { outcome: 'DRAW', participant_results: [] } }, at)
            : await addNotification(tx(tem), carol.id, { message_type: 'FLEET_LAUNCHED', title: `n${i}`, content: {} }, at);
        ids.push(added.id);
      }
    });
  });

  it('pages newest first with limit and skip', async () => {
    const em = db.orm.em.fork();
    const first = await listNotifications(em, carol, { include_read: false, limit: 20, skip: 0 });
    const second = await listNotifications(em, carol, { include_read: false, limit: 20, skip: 20 });
    expect(first).toHaveLength(20);
    expect(first[0]?.title).toBe('n24');
    expect(second.map((n) => n.title)).toEqual(['n4', 'n3', 'n2', 'n1', 'n0']);
  });

  it('filters by message type', async () => {
    const combat = await listNotifications(db.orm.em.fork(), carol, { include_read: true, limit: 100, skip: 0, message_types: ['COMBAT_REPORT'] });
    expect(combat.map((n) => n.title)).toEqual(['n20', 'n15', 'n10', 'n5', 'n0']);
  });

  it('marks one read: it leaves the unread list, stays in the full list, and the other tabs hear of it', async () => {
    heard.length = 0;
    const target = ids[24] as string;
    const read = await markNotificationRead(db.orm.em.fork(), carol, target);
    expect(read.is_read).toBe(true);
    await drain();
    expect(heard).toEqual([{ user_id: carol.id, event: 'NOTIFICATION_UPDATED', data: { id: target, is_read: true } }]);
    const em = db.orm.em.fork();
    expect((await listNotifications(em, carol, { include_read: false, limit: 1, skip: 0 }))[0]?.title).toBe('n23');
    expect((await listNotifications(em, carol, { include_read: true, limit: 1, skip: 0 }))[0]).toMatchObject({ title: 'n24', is_read: true });
    expect(await countUnreadNotifications(em, carol)).toEqual({ unread_count: 24 });
    // Again is harmless and silent.
    heard.length = 0;
    await markNotificationRead(db.orm.em.fork(), carol, target);
    await drain();
    expect(heard).toEqual([]);
  });

  it("answers 404 for another player's notification, a missing one and a malformed id, and changes nothing", async () => {
    for (const id of [ids[0] as string, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const attempt = markNotificationRead(db.orm.em.fork(), alice, id);
      await expect(attempt).rejects.toBeInstanceOf(GameError);
      await expect(markNotificationRead(db.orm.em.fork(), alice, id)).rejects.toMatchObject({ kind: 'NOT_FOUND', message: 'Notification not found.' });
    }
    expect(await countUnreadNotifications(db.orm.em.fork(), carol)).toEqual({ unread_count: 24 });
  });

  it("marks all read for the actor only", async () => {
    const aliceBefore = await countUnreadNotifications(db.orm.em.fork(), alice);
    expect(await markAllNotificationsRead(db.orm.em.fork(), carol)).toEqual({ count: 24 });
    expect(await countUnreadNotifications(db.orm.em.fork(), carol)).toEqual({ unread_count: 0 });
    expect(await countUnreadNotifications(db.orm.em.fork(), alice)).toEqual(aliceBefore);
    expect(await markAllNotificationsRead(db.orm.em.fork(), carol)).toEqual({ count: 0 });
  });
});

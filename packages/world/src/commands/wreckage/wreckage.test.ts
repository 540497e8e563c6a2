import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { GAME_EVENTS_CHANNEL } from '../../events';
import { User } from '../../entities/user.entity';
import { activeWreckageFields } from '../../queries/map-wreckage.query';
import { leaveWreckage, removeExpiredWreckage, takeFromWreckage, type DeferredEvents } from '.';
import { lockWreckageAt } from '../../kernel/locks';

const catalogue = loadCatalogue();
const HOURS = catalogue.universe.combat.wreckage_lifetime_hours;
const T0 = new Date('2026-01-01T00:00:00Z');
const hoursLater = (h: number) => new Date(T0.getTime() + h * 3_600_000);
let db: TestDatabase;
let listener: pg.Client;
const heard: { user_id: number; event: string; data: Record<string, unknown> }[] = [];
let userId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  listener = new pg.Client({ connectionString: db.url });
  await listener.connect();
  listener.on('notification', (m) => heard.push(JSON.parse(m.payload ?? '{}')));
  await listener.query(`listen ${GAME_EVENTS_CHANNEL}`);
  const em = db.orm.em.fork();
  const user = em.create(User, { username: 'salvor', email: 'salvor@example.test', passwordHash: 'x' });
  await em.flush();
  userId = user.id;
});

afterAll(async () => {
  await listener?.end();
  await db?.stop();
});

/** A transaction's parts as an arrival batch hands them over: its events wait in `later` for the batch's end. */
const tx = (later: DeferredEvents = {}) => ({ em: db.orm.em.fork(), catalogue, later });

describe('wreckage fields', () => {
  const spot = { region: 7, sub_region: 8, position: 9 };

  it('creates a field, merges the next pile into it and renews its lifetime, and leaves its events for the batch to raise', async () => {
    const later: DeferredEvents = {};
    const first = await leaveWreckage(tx(later), spot, { fiber: 100.7, crystal: 0.4 }, T0, [userId]);
    expect(first).toMatchObject({ ...spot, resources: { fiber: 100 } });
    expect(first!.expires_at.getTime()).toBe(hoursLater(HOURS).getTime());
    const merged = await leaveWreckage(tx(later), spot, { fiber: 5, chitin: 20 }, hoursLater(1), [userId]);
    expect(merged).toMatchObject({ id: first!.id, resources: { fiber: 105, chitin: 20 } });
    expect(merged!.expires_at.getTime()).toBe(hoursLater(HOURS + 1).getTime());
    expect(await leaveWreckage(tx(later), spot, { fiber: 0.5 }, hoursLater(1), [userId])).toBeNull();
    expect(later.events?.filter((e) => e.event === 'WRECKAGE_FIELD_SPAWNED' && e.user_id === userId)).toHaveLength(2);
    await listener.query('select 1');
    expect(heard.filter((h) => h.event === 'WRECKAGE_FIELD_SPAWNED')).toHaveLength(0);
  });

  it('takes part of a field, then the rest, which removes it and tells who asked', async () => {
    const em = db.orm.em.fork();
    await em.transactional(async (tem) => {
      const field = (await lockWreckageAt(tem, spot, hoursLater(2)))!;
      expect(await takeFromWreckage(tem, field, { fiber: 100 })).toEqual({ remaining: { fiber: 5, chitin: 20 }, emptied: false });
    });
    await em.transactional(async (tem) => {
      const field = (await lockWreckageAt(tem, spot, hoursLater(2)))!;
      expect(await takeFromWreckage(tem, field, field.resources, [userId])).toEqual({ remaining: {}, emptied: true });
    });
    expect(await lockWreckageAt(db.orm.em.fork(), spot, hoursLater(2))).toBeNull();
    await listener.query('select 1');
    expect(heard.some((h) => h.event === 'WRECKAGE_FIELD_DEPLETED' && h.data.region === 7)).toBe(true);
  });

  it('counts an expired field as gone: a new pile replaces it, and the cleanup deletes what expired', async () => {
    const other = { region: 7, sub_region: 8, position: 10 };
    await leaveWreckage(tx(), other, { fiber: 50 }, T0);
    const later = hoursLater(HOURS + 1);
    expect(await lockWreckageAt(db.orm.em.fork(), other, later)).toBeNull();
    const fresh = await leaveWreckage(tx(), other, { crystal: 3 }, later);
    expect(fresh!.resources).toEqual({ crystal: 3 });
    await leaveWreckage(tx(), { region: 7, sub_region: 8, position: 11 }, { fiber: 1 }, T0);
    const em = db.orm.em.fork();
    expect(await removeExpiredWreckage(em, later)).toBe(1);
    expect((await activeWreckageFields(em, later)).filter((f) => f.region === 7).map((f) => f.position)).toEqual([10]);
  });
});

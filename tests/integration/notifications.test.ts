import { describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { addNotification, type MessageType } from '@brood/world';
import { useTestApi } from './support/test-api';

const ctx = useTestApi();

interface Player {
  id: number;
  headers: { authorization: string };
}

interface NotificationRow {
  id: string;
  user_id: number;
  message_type: string;
  title: string;
  content: unknown;
  is_read: boolean;
  created_at: string;
  related_object_id: string | null;
}

async function player(name: string): Promise<Player> {
  const { rows } = await ctx.sql.query<{ id: number }>(`insert into users (username, email, password_hash) values ($1, $2, 'x') returning id`, [name, `${name}@example.test`]);
  const id = rows[0]!.id;
  return { id, headers: { authorization: `Bearer ${await ctx.api.deps.tokens.issue({ id, username: name })}` } };
}

/** A content each type's schema accepts (reports need their core fields; the rest take a message). */
function contentFor(type: MessageType, i: number): Record<string, unknown> {
  if (type === 'COMBAT_REPORT' || type === 'DEFENSE_REPORT') return { outcome: 'DRAW', participant_results: [], message: `m${i}` };
  if (type === 'SPY_REPORT') return { detail_level: 1, target_coords: [1, 2, 3], message: `m${i}` };
  return { message: `m${i}` };
}

/** `count` notifications for the player, one second apart, the last one newest. */
async function seed(who: Player, count: number, type: MessageType = 'GENERIC_INFORMATION'): Promise<string[]> {
  const ids: string[] = [];
  await ctx.api.db.orm.em.fork().transactional(async (tem) => {
    for (let i = 0; i < count; i += 1) {
      const at = new Date(Date.UTC(2030, 0, 1, 0, 0, i));
      ids.push((await addNotification({ em: tem, boss: ctx.api.deps.boss }, who.id, { message_type: type, title: `${type} ${i}`, content: contentFor(type, i) } as never, at)).id);
    }
  });
  return ids;
}

async function call<T>(method: 'GET' | 'POST', url: string, who?: Player): Promise<{ status: number; body: T }> {
  const res = await ctx.api.app.inject({ method, url, ...(who ? { headers: who.headers } : {}) });
  return { status: res.statusCode, body: res.json() as T };
}

describe('GET /api/v1/notifications/', () => {
  it('needs a signed-in player', async () => {
    for (const url of ['/api/v1/notifications/', '/api/v1/notifications/unread-count']) {
      expect(await call('GET', url)).toEqual({ status: 401, body: { detail: 'Not authenticated' } });
    }
    expect((await call('POST', '/api/v1/notifications/read-all')).status).toBe(401);
  });

  it('lists unread ones newest first by default, pages with limit and skip, and include_read adds read ones', async () => {
    const ana = await player('ana');
    const ids = await seed(ana, 25);
    const first = await call<NotificationRow[]>('GET', '/api/v1/notifications/', ana);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(20);
    expect(first.body[0]).toEqual({
      id: ids[24],
      user_id: ana.id,
      message_type: 'GENERIC_INFORMATION',
      title: 'GENERIC_INFORMATION 24',
      content: { message: 'm24' },
      is_read: false,
      created_at: '2030-01-01T00:00:24.000Z',
      related_object_id: null,
    });
    const rest = await call<NotificationRow[]>('GET', '/api/v1/notifications?skip=20&limit=20', ana);
    expect(rest.body.map((n) => n.id)).toEqual(ids.slice(0, 5).reverse());

    expect((await call<NotificationRow>('POST', `/api/v1/notifications/${ids[24]}/read`, ana)).body).toMatchObject({ id: ids[24], is_read: true });
    const unread = await call<NotificationRow[]>('GET', '/api/v1/notifications/?include_read=false&limit=1', ana);
    expect(unread.body.map((n) => n.id)).toEqual([ids[23]]);
    const all = await call<NotificationRow[]>('GET', '/api/v1/notifications/?include_read=true&limit=1', ana);
    expect(all.body.map((n) => [n.id, n.is_read])).toEqual([[ids[24], true]]);
  });

  it('filters by message types given as a comma-separated list', async () => {
    const bo = await player('bo');
    await seed(bo, 2, 'COMBAT_REPORT');
    await seed(bo, 3, 'FLEET_LAUNCHED');
    await seed(bo, 1, 'SPY_REPORT');
    const res = await call<NotificationRow[]>('GET', '/api/v1/notifications/?message_types=COMBAT_REPORT,SPY_REPORT', bo);
    expect(res.body.map((n) => n.message_type).sort()).toEqual(['COMBAT_REPORT', 'COMBAT_REPORT', 'SPY_REPORT']);
  });

  it('answers 422 with the field for a bad limit, skip, flag or type', async () => {
    const cy = await player('cy');
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['skip=-1', 'skip'],
      ['include_read=maybe', 'include_read'],
      ['message_types=NOT_A_TYPE', 'message_types'],
    ] as const) {
      const res = await call<{ detail: { loc: (string | number)[]; msg: string }[] }>('GET', `/api/v1/notifications/?${query}`, cy);
      expect(res.status, query).toBe(422);
      expect(res.body.detail[0]?.loc[1], query).toBe(field);
      expect(res.body.detail[0]?.msg.length, query).toBeGreaterThan(0);
    }
  });
});

describe('reading', () => {
  it('counts unread, marks one read, marks all read, and touches only the caller\'s', async () => {
    const dee = await player('dee');
    const eli = await player('eli');
    const deeIds = await seed(dee, 12);
    await seed(eli, 3);
    expect(await call('GET', '/api/v1/notifications/unread-count', dee)).toEqual({ status: 200, body: { unread_count: 12 } });

    expect(await call('POST', `/api/v1/notifications/${deeIds[0]}/read`, eli)).toEqual({ status: 404, body: { detail: 'Notification not found.' } });
    expect(await call('POST', '/api/v1/notifications/not-a-uuid/read', dee)).toEqual({ status: 404, body: { detail: 'Notification not found.' } });
    expect(await call('POST', '/api/v1/notifications/00000000-0000-4000-8000-000000000000/read', dee)).toEqual({ status: 404, body: { detail: 'Notification not found.' } });

    expect((await call('POST', `/api/v1/notifications/${deeIds[0]}/read`, dee)).status).toBe(200);
    expect((await call('GET', '/api/v1/notifications/unread-count', dee)).body).toEqual({ unread_count: 11 });
    expect(await call('POST', '/api/v1/notifications/read-all', dee)).toEqual({ status: 200, body: { count: 11 } });
    expect((await call('GET', '/api/v1/notifications/unread-count', dee)).body).toEqual({ unread_count: 0 });
    expect((await call('GET', '/api/v1/notifications/unread-count', eli)).body).toEqual({ unread_count: 3 });
  });

  it('serves the same procedures over tRPC, dates as dates', async () => {
    const fay = await player('fay');
    const [id] = await seed(fay, 1);
    const input = encodeURIComponent(JSON.stringify(superjson.serialize({ include_read: true, limit: 5 })));
    const res = await ctx.api.app.inject({ method: 'GET', url: `/trpc/notifications.list?input=${input}`, headers: fay.headers });
    expect(res.statusCode).toBe(200);
    const list = superjson.deserialize<NotificationRow[]>((res.json() as { result: { data: Parameters<typeof superjson.deserialize>[0] } }).result.data);
    expect(list[0]?.id).toBe(id);
    expect(list[0]?.created_at).toBeInstanceOf(Date);
    const count = await ctx.api.app.inject({ method: 'GET', url: '/trpc/notifications.unreadCount', headers: fay.headers });
    expect(superjson.deserialize((count.json() as { result: { data: Parameters<typeof superjson.deserialize>[0] } }).result.data)).toEqual({ unread_count: 1 });
  });
});

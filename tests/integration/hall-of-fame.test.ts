import { beforeAll, describe, expect, it } from 'vitest';
import { addHallOfFameEntry, type HallOfFameComment, type HallOfFameEntry } from '@brood/world';
import { useTestApi } from './support/test-api';
import { callApi, makePlayer, type Player } from './support/players';

const ctx = useTestApi();
let ids: number[] = [];

type Entry = HallOfFameEntry;
type Comment = HallOfFameComment;

beforeAll(async () => {
  const em = ctx.api.db.orm.em.fork();
  ids = await em.transactional(async (tem) => {
    const out: number[] = [];
    for (let i = 0; i < 520; i += 1) {
      out.push(
        await addHallOfFameEntry(tem, {
          attacker_user_id: null,
          attacker_username: `att${i}`,
          defender_user_id: null,
          defender_username: `def${i}`,
          outcome: i % 2 ? 'ATTACKER_WIN' : 'DEFENDER_WIN',
          total_unit_value: 1000 + i,
          combat_timestamp: new Date(Date.UTC(2030, 0, 1, 0, 0, i)),
          combat_log_data: { outcome: i % 2 ? 'ATTACKER_WIN' : 'DEFENDER_WIN', rounds_fought: 3, participant_results: [] },
        }),
      );
    }
    return out;
  });
});

const post = (who: Player | undefined, id: number, comment_text: unknown) => callApi<Comment>(ctx, 'POST', `/api/v1/halloffame/entries/${id}/comments`, who, { comment_text });

describe('Hall of Fame entries', () => {
  it('lists the most valuable battles first, 100 a page, never past the 500th, without login', async () => {
    const first = await callApi<Entry[]>(ctx, 'GET', '/api/v1/halloffame/entries');
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(100);
    expect(first.body[0]).toEqual({
      id: ids[519],
      attacker_user_id: null,
      attacker_username: 'att519',
      defender_user_id: null,
      defender_username: 'def519',
      outcome: 'ATTACKER_WIN',
      total_unit_value: 1519,
      combat_timestamp: new Date(Date.UTC(2030, 0, 1, 0, 0, 519)).toISOString(),
      combat_log_data: { outcome: 'ATTACKER_WIN', rounds_fought: 3, participant_results: [] },
      comments_count: 0,
    });
    const last = await callApi<Entry[]>(ctx, 'GET', '/api/v1/halloffame/entries?skip=450&limit=100');
    expect(last.body).toHaveLength(50);
    expect(last.body.at(-1)!.total_unit_value).toBe(1020);
    expect((await callApi<Entry[]>(ctx, 'GET', '/api/v1/halloffame/entries?skip=500')).body).toEqual([]);
    expect((await callApi(ctx, 'GET', '/api/v1/halloffame/entries?limit=101')).status).toBe(422);
  });
});

describe('One Hall of Fame entry (a shared link)', () => {
  it('opens any stored entry by id without login, the 500 listed or not, with its report and comment count', async () => {
    const top = await callApi<Entry>(ctx, 'GET', `/api/v1/halloffame/entries/${ids[519]}`);
    expect(top.status).toBe(200);
    expect(top.body).toEqual((await callApi<Entry[]>(ctx, 'GET', '/api/v1/halloffame/entries?limit=1')).body[0]);
    // ids[0] is the least valuable of 520: past the 500 the list shows, its link still opens it.
    const unlisted = await callApi<Entry>(ctx, 'GET', `/api/v1/halloffame/entries/${ids[0]}`);
    expect(unlisted.body).toMatchObject({ id: ids[0], attacker_username: 'att0', defender_username: 'def0', total_unit_value: 1000, combat_log_data: { rounds_fought: 3 } });
    const viewer = await makePlayer(ctx, 'hof_viewer');
    expect((await callApi<Entry>(ctx, 'GET', `/api/v1/halloffame/entries/${ids[0]}`, viewer)).body.id).toBe(ids[0]);
  });

  it('answers 404 for an entry that does not exist and 422 for an id that is not one', async () => {
    expect(await callApi(ctx, 'GET', '/api/v1/halloffame/entries/999999')).toEqual({ status: 404, body: { detail: 'Hall of Fame entry not found.' } });
    const bad = await callApi<{ detail: { loc: string[]; msg: string }[] }>(ctx, 'GET', '/api/v1/halloffame/entries/abc');
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ loc: ['path', 'id'], msg: 'Entry id must be a number' });
    expect((await callApi(ctx, 'GET', '/api/v1/halloffame/entries/0')).status).toBe(422);
  });
});

describe('Hall of Fame comments', () => {
  it('needs login to post, refuses empty text, replaces links, and allows one comment an hour', async () => {
    const entry = ids[519]!;
    expect((await post(undefined, entry, 'hello')).status).toBe(401);
    const ana = await makePlayer(ctx, 'hof_ana');
    expect(await post(ana, entry, '   ')).toEqual({ status: 422, body: { detail: 'Comment text must not be empty.' } });
    expect((await post(ana, entry, 42)).status).toBe(422);
    expect(await post(ana, 999999, 'hello')).toEqual({ status: 404, body: { detail: 'Hall of Fame entry not found.' } });
    const created = await post(ana, entry, ' Epic! see https://cheat.example/x and www.spam.de ');
    expect(created).toEqual({ status: 201, body: { id: expect.any(Number), user_id: ana.id, username: 'hof_ana', comment_text: 'Epic! see [Link entfernt] and [Link entfernt]', created_at: expect.any(String) } });
    const again = await post(ana, ids[0]!, 'second');
    expect(again.status).toBe(429);
    expect((again.body as unknown as { detail: string }).detail).toMatch(/^Comment rate limit reached: you can post again in (59m \d+s|60m 0s)\.$/);
    expect((again.body as unknown as { detail: string }).detail).toContain('rate limit');

    const bo = await makePlayer(ctx, 'hof_bo');
    expect((await post(bo, entry, 'me too')).status).toBe(201);
    // An hour later ana may post again.
    await ctx.sql.query(`update hall_of_fame_comments set created_at = created_at - interval '61 minutes' where user_id = $1`, [ana.id]);
    expect((await post(ana, entry, 'back again')).status).toBe(201);

    const comments = await callApi<Comment[]>(ctx, 'GET', `/api/v1/halloffame/entries/${entry}/comments`);
    expect(comments.body.map((c) => c.comment_text)).toEqual(['back again', 'me too', 'Epic! see [Link entfernt] and [Link entfernt]']);
    expect((await callApi<Entry[]>(ctx, 'GET', '/api/v1/halloffame/entries?limit=1')).body[0]!.comments_count).toBe(3);
  });

  it('pages comments 20 at a time, newest first, and replaces links stored before the rule', async () => {
    const entry = ids[100]!;
    const writers = await Promise.all(Array.from({ length: 25 }, (_, i) => makePlayer(ctx, `hof_w${i}`)));
    await ctx.sql.query(
      `insert into hall_of_fame_comments (entry_id, user_id, comment_text, created_at) select $1, u, 'c' || n || ' http://old.link', now() - (n || ' minutes')::interval from unnest($2::int[]) with ordinality as t(u, n)`,
      [entry, writers.map((w) => w.id)],
    );
    const first = await callApi<Comment[]>(ctx, 'GET', `/api/v1/halloffame/entries/${entry}/comments`);
    expect(first.body).toHaveLength(20);
    expect(first.body[0]!.comment_text).toBe('c1 [Link entfernt]');
    const second = await callApi<Comment[]>(ctx, 'GET', `/api/v1/halloffame/entries/${entry}/comments?skip=20&limit=20`);
    expect(second.body.map((c) => c.comment_text.split(' ')[0])).toEqual(['c21', 'c22', 'c23', 'c24', 'c25']);
    expect((await callApi(ctx, 'GET', '/api/v1/halloffame/entries/999999/comments')).status).toBe(404);
    expect((await callApi(ctx, 'GET', `/api/v1/halloffame/entries/${entry}/comments?limit=21`)).status).toBe(422);
  });
});

import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { scoreBreakdown } from '@brood/game-core';
import {
  completeQueueItem,
  createStartingTerritory,
  recomputeAllScores,
  startConstruction,
  startDefense,
  startRecruitment,
  startResearch,
  type HighscoreEntry,
  type WorldDeps,
} from '@brood/world';
import { useTestApi } from './support/test-api';
import { callApi, type Player } from './support/players';

const ctx = useTestApi();
const catalogue = loadCatalogue();
const T0 = new Date(Date.UTC(2030, 0, 1));
const deps = (): WorldDeps => ({ em: ctx.api.db.orm.em.fork(), catalogue: ctx.api.deps.catalogue, boss: ctx.api.deps.boss });
const rich = { fiber: 1e6, crystal: 1e6, biomass: 1e6, resin: 1e5, chitin: 1e5, ossian: 1e5 };

type Entry = HighscoreEntry;

/** A player with a rich starting territory, registered through the world so their scores row exists. */
async function gamer(name: string): Promise<Player & { territory: number }> {
  const { rows } = await ctx.sql.query<{ id: number }>(`insert into users (username, email, password_hash) values ($1, $2, 'x') returning id`, [name, `${name}@hive.test`]);
  const id = rows[0]!.id;
  const territory = await ctx.api.db.orm.em.fork().transactional((em) => createStartingTerritory(em, { id }, T0, catalogue));
  await ctx.sql.query(`update territories set resources = $1::jsonb, structures = '{"cortex_nest": 1, "brood_hatchery": 1, "carapace_works": 1}'::jsonb where id = $2`, [JSON.stringify(rich), territory.id]);
  return { id, name, territory: territory.id, headers: { authorization: `Bearer ${await ctx.api.deps.tokens.issue({ id, username: name })}` } };
}

/** Each item completed by the worker's command at its end time, in end order. */
async function completeAll(items: { id: string; end_time: string | Date }[]): Promise<void> {
  const end = (i: { end_time: string | Date }) => new Date(i.end_time).getTime();
  for (const item of [...items].sort((a, b) => end(a) - end(b))) {
    expect(await completeQueueItem(deps(), item.id, new Date(item.end_time))).toBe('completed');
  }
}

const stored = async (id: number) => (await ctx.sql.query('select building_score, research_score, unit_score, defense_score, total_score from player_scores where user_id = $1', [id])).rows[0];

describe('scores', () => {
  it('are kept current by every completion and agree with the full recompute after a scripted game', async () => {
    const [ana, bo, cy] = [await gamer('hs_ana'), await gamer('hs_bo'), await gamer('hs_cy')];
    // The starting structures above were written behind the bookkeeping's back: the recompute repairs exactly those.
    const baseline = await recomputeAllScores(ctx.api.db.orm.em.fork(), catalogue, T0);
    expect(baseline.repaired.map((r) => r.user_id).sort()).toEqual([ana.id, bo.id, cy.id].sort());

    const a = { id: ana.id };
    const items = [
      await startConstruction(deps(), a, { territory_id: ana.territory, structure_key: 'fiber_tangle' }, T0),
      await startResearch(deps(), a, { tech_key: 'photosynthetic_weave', territory_id_for_cost: ana.territory }, T0),
      await startRecruitment(deps(), a, { territory_id: ana.territory, unit_key: 'razorwing', quantity: 4 }, T0),
      await startDefense(deps(), a, { territory_id: ana.territory, defense_key: 'thorn_pit', quantity: 3 }, T0),
      await startConstruction(deps(), { id: bo.id }, { territory_id: bo.territory, structure_key: 'fiber_tangle' }, T0),
    ];
    const before = await stored(ana.id);
    await completeAll(items);
    const after = await stored(ana.id);
    for (const k of ['building_score', 'research_score', 'unit_score', 'defense_score', 'total_score']) expect(after[k]).toBeGreaterThan(before[k]);
    const expected = scoreBreakdown(catalogue, {
      territories: [{ cortex_nest: 1, brood_hatchery: 1, carapace_works: 1, fiber_tangle: 1 }],
      technologies: { photosynthetic_weave: 1 },
      units: { razorwing: 4 },
      defenses: { thorn_pit: 3 },
    });
    expect(after.total_score).toBeCloseTo(expected.total_score, 6);
    expect(after.unit_score).toBeCloseTo(expected.unit_score, 6);

    const check = await recomputeAllScores(ctx.api.db.orm.em.fork(), catalogue, new Date(T0.getTime() + 86_400_000 * 30));
    expect(check.repaired).toEqual([]);
    expect(check.checked).toBeGreaterThanOrEqual(3);

    await ctx.sql.query('update player_scores set unit_score = 0 where user_id = $1', [ana.id]);
    const repair = await recomputeAllScores(ctx.api.db.orm.em.fork(), catalogue, new Date(T0.getTime() + 86_400_000 * 30));
    expect(repair.repaired.map((r) => [r.user_id, r.stored.unit_score, r.computed.unit_score])).toEqual([[ana.id, 0, after.unit_score]]);
    expect(await stored(ana.id)).toEqual(after);

    const me = await callApi<{ score: number }>(ctx, 'GET', '/api/v1/users/me', ana);
    expect(me.body.score).toBeCloseTo(after.total_score, 6);
  });

  it('are checked batch by batch as of when each batch runs, however long a paced check takes', async () => {
    const [early, late] = [await gamer('hs_early'), await gamer('hs_late')]; // late has the higher id: a later batch
    const research = await startResearch(deps(), { id: late.id }, { tech_key: 'photosynthetic_weave', territory_id_for_cost: late.territory }, T0);
    await recomputeAllScores(ctx.api.db.orm.em.fork(), catalogue, T0); // the starting structures, written behind the bookkeeping's back
    await completeAll([research]);
    const scored = await stored(late.id);
    const done = new Date(new Date(research.end_time).getTime() + 1000);
    // The check begins before the research ends; by the time it reaches the later player, it has ended and been scored.
    let reads = 0;
    const clock = () => (reads++ === 0 ? T0 : done);
    const paced = await recomputeAllScores(ctx.api.db.orm.em.fork(), catalogue, clock, { batchSize: 1, restFactor: 1 });
    expect(reads).toBe(paced.checked + 1); // one read a batch, the last (empty) one included
    expect(paced.repaired.map((r) => r.user_id)).not.toContain(late.id);
    expect(await stored(late.id)).toEqual(scored);
    // The same check at the instant it began would have taken the research back off.
    const stale = await recomputeAllScores(ctx.api.db.orm.em.fork(), catalogue, T0, { batchSize: 1 });
    expect(stale.repaired.find((r) => r.user_id === late.id)?.computed.research_score).toBeLessThan(scored.research_score);
    await recomputeAllScores(ctx.api.db.orm.em.fork(), catalogue, new Date(T0.getTime() + 86_400_000 * 30));
    expect(await stored(late.id)).toEqual(scored);
    expect(early.id).toBeLessThan(late.id);
  });

  it('pages the highscores in every ordering, and finds the own rank and page without paging', async () => {
    const others: number[] = [];
    const { rows } = await ctx.sql.query<{ id: number }>(
      `insert into users (username, email, password_hash) select 'hsp_' || g, 'hsp_' || g || '@hive.test', 'x' from generate_series(1, 230) g returning id`,
    );
    for (const r of rows) others.push(r.id);
    await ctx.sql.query(
      `update player_scores set building_score = (user_id % 7), research_score = (user_id % 11), unit_score = (user_id % 13), defense_score = (user_id % 5),
         total_score = (user_id % 7) + (user_id % 11) + (user_id % 13) + (user_id % 5) where user_id = any($1)`,
      [others],
    );
    const viewer = { id: others[0]!, name: 'hsp_1', headers: { authorization: `Bearer ${await ctx.api.deps.tokens.issue({ id: others[0]!, username: 'hsp_1' })}` } };
    const { rows: all } = await ctx.sql.query<{ user_id: number; building_score: number; research_score: number; unit_score: number; defense_score: number; total_score: number }>(
      'select user_id, building_score, research_score, unit_score, defense_score, total_score from player_scores',
    );
    for (const sort of ['rank', 'total_score', 'building_score', 'research_score', 'unit_score', 'defense_score'] as const) {
      const col = sort === 'rank' ? 'total_score' : sort;
      const order = [...all].sort((x, y) => y[col] - x[col] || x.user_id - y.user_id).map((r) => r.user_id);
      const first = await callApi<Entry[]>(ctx, 'GET', `/api/v1/highscores?sort_by=${sort}`, viewer);
      expect(first.body.map((e) => e.user_id)).toEqual(order.slice(0, 100));
      expect(first.body.map((e) => e.rank)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      const third = await callApi<Entry[]>(ctx, 'GET', `/api/v1/highscores?sort_by=${sort}&skip=200&limit=100`, viewer);
      expect(third.body.map((e) => e.user_id)).toEqual(order.slice(200, 300));
      const own = await callApi<{ userEntry: Entry; rankWithinCategory: number; pageNumber: number; entriesOnPage: Entry[] }>(ctx, 'GET', `/api/v1/highscores/me?sort_by=${sort}`, viewer);
      const rank = order.indexOf(viewer.id) + 1;
      expect(own.body.rankWithinCategory).toBe(rank);
      expect(own.body.pageNumber).toBe(Math.floor((rank - 1) / 100) + 1);
      expect(own.body.userEntry).toMatchObject({ rank, user_id: viewer.id, username: 'hsp_1', base_territory_coords: null, base_territory_name: null });
      expect(own.body.entriesOnPage.map((e) => e.user_id)).toEqual(order.slice((own.body.pageNumber - 1) * 100, own.body.pageNumber * 100));
    }
    const anaId = (await ctx.sql.query<{ id: number }>(`select id from users where username = 'hs_ana'`)).rows[0]!.id;
    const ana = { id: anaId, name: 'hs_ana', headers: { authorization: `Bearer ${await ctx.api.deps.tokens.issue({ id: anaId, username: 'hs_ana' })}` } };
    const anaOwn = await callApi<{ userEntry: Entry }>(ctx, 'GET', '/api/v1/highscores/me', ana);
    const { rows: base } = await ctx.sql.query('select name, region, sub_region, position from territories where owner_id = $1', [anaId]);
    expect(anaOwn.body.userEntry).toMatchObject({ username: 'hs_ana', base_territory_name: base[0].name, base_territory_coords: [base[0].region, base[0].sub_region, base[0].position] });
    expect((await callApi(ctx, 'GET', '/api/v1/highscores?sort_by=name', viewer)).status).toBe(422);
    expect((await callApi(ctx, 'GET', '/api/v1/highscores?limit=101', viewer)).status).toBe(422);
    expect((await callApi(ctx, 'GET', '/api/v1/highscores')).status).toBe(401);
  });

  it('a removed guest leaves the highscores with their account', async () => {
    const { rows } = await ctx.sql.query<{ id: number }>(`insert into users (username, email, password_hash, is_test_account, expires_at) values ('guest_hs', 'guest_hs@guest.local', 'x', true, now() - interval '1 day') returning id`);
    expect((await ctx.sql.query('select 1 from player_scores where user_id = $1', [rows[0]!.id])).rowCount).toBe(1);
    const { removeExpiredGuests } = await import('@brood/world');
    expect(await removeExpiredGuests({ em: ctx.api.db.orm.em.fork(), catalogue, boss: ctx.api.deps.boss }, new Date())).toContain(rows[0]!.id);
    expect((await ctx.sql.query('select 1 from player_scores where user_id = $1', [rows[0]!.id])).rowCount).toBe(0);
  });
});

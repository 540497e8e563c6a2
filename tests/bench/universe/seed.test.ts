import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { scoreBreakdown } from '@brood/game-core';
import { loadCatalogue } from '@brood/game-data';
import { DONE_JOB_KEPT_SECONDS, JOBS } from '@brood/world';
import { createTestDatabase } from '@brood/world/testing';
import { jobsPerPlayerMinute } from './model';
import { SEED, seedDoneJobs, seededArmy } from './seed';

describe("the universe bench's seeded players", () => {
  it('own armies whose scores differ as a real universe’s do (no 50,000-way tie), all past newcomer protection of one another', () => {
    const catalogue = loadCatalogue();
    const technologies = Object.fromEntries(SEED.technologies.map((t) => [t, 1]));
    const totals = new Map<number, number>();
    for (let k = 0; k < 50_000; k += 1) {
      const { units, defenses } = seededArmy(k);
      const total = scoreBreakdown(catalogue, { territories: [SEED.structures], technologies, units, defenses }).total_score;
      totals.set(total, (totals.get(total) ?? 0) + 1);
    }
    // A hundred tied players are counted in a moment; 50,000 were counted one by one on every own-rank read.
    expect(Math.max(...totals.values())).toBeLessThanOrEqual(100);
    const scores = [...totals.keys()];
    const [low, high] = [Math.min(...scores), Math.max(...scores)];
    const tiers = catalogue.universe.fair_play.protection_tiers;
    // Protection shields a player under a tier's points from one with more than ratio times theirs.
    for (const tier of tiers) expect(low >= tier.below_points || high <= low * tier.ratio).toBe(true);
    expect(high).toBeLessThan(2 * low);
  });
});

describe("the universe bench's done jobs", () => {
  it('are the hour pg-boss keeps at the model’s rate, done across that hour, and go as pg-boss’s maintenance deletes a universe’s', async () => {
    const db = await createTestDatabase();
    const sql = new pg.Pool({ connectionString: db.url, max: 2 });
    try {
      for (const queue of [JOBS.queueItemDue.name, JOBS.movementArrival.name]) {
        await sql.query(`select pgboss.create_queue($1, $2::jsonb)`, [queue, JSON.stringify({ policy: 'standard', deleteAfterSeconds: DONE_JOB_KEPT_SECONDS })]);
      }
      const written = await seedDoneJobs(sql, 20);
      const rate = jobsPerPlayerMinute();
      expect(written).toBe(Math.round(20 * rate.completions * 60) + Math.round(20 * rate.arrivals * 60));
      const { rows } = await sql.query<{ name: string; n: number; undone: number; oldest_s: number; newest_s: number }>(
        `select name, count(*)::int as n, count(*) filter (where state <> 'completed')::int as undone,
                extract(epoch from now() - min(completed_on))::float8 as oldest_s, extract(epoch from now() - max(completed_on))::float8 as newest_s
         from pgboss.job group by name order by name`,
      );
      expect(rows.map((r) => [r.name, r.n, r.undone])).toEqual([
        [JOBS.movementArrival.name, Math.round(20 * rate.arrivals * 60), 0],
        [JOBS.queueItemDue.name, Math.round(20 * rate.completions * 60), 0],
      ]);
      for (const r of rows) {
        expect(r.oldest_s).toBeGreaterThan(DONE_JOB_KEPT_SECONDS * 0.99);
        expect(r.oldest_s).toBeLessThanOrEqual(DONE_JOB_KEPT_SECONDS + 60);
        expect(r.newest_s).toBeLessThan(60);
      }
      // pg-boss's deletion (plans.js deletion) ten minutes on: the jobs done in the hour's first ten minutes.
      const { rows: [gone] } = await sql.query<{ n: number }>(
        `select count(*)::int as n from pgboss.job where deletion_seconds > 0 and completed_on + deletion_seconds * interval '1s' < now() + interval '10 minutes'`,
      );
      expect(gone!.n / written).toBeGreaterThan(1 / 6 - 0.02);
      expect(gone!.n / written).toBeLessThan(1 / 6 + 0.02);
    } finally {
      await sql.end();
      await db.stop();
    }
  });
});

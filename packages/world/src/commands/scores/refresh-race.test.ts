import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import type { Territory } from '../../entities/territory.entity';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { createStartingTerritory } from '../territories/found-territory';
import { computeScores, refreshPlayerScores } from './player-scores';

/**
 * Two transactions change one player's territories at once and each refreshes the player's score
 * (a completion batch and an arrival batch of one worker, say). Whichever commits last must leave
 * the score of both changes, not only of its own.
 */

const catalogue = loadCatalogue();
let db: TestDatabase;
let user: number;
let home: Territory;
let colony: number;

beforeAll(async () => {
  db = await createTestDatabase({ poolMax: 6 });
  const em = db.orm.em.fork();
  [{ id: user }] = await em.execute<{ id: number }[]>(
    `insert into users (username, email, password_hash, is_test_account, avatar_id, created_at) values ('racer', 'racer@example.com', 'x', false, 1, now()) returning id`,
  ) as [{ id: number }];
  home = await em.transactional((tem) => createStartingTerritory(tem, { id: user }, new Date(), catalogue));
  // Next to home, inside the sub-region whichever position home drew (position + 1 broke the grid's check when home drew the last).
  [{ id: colony }] = await em.execute<{ id: number }[]>(
    `insert into territories (owner_id, name, region, sub_region, position, resources, structures, units, defenses, resources_updated_at, created_at)
     select owner_id, 'Colony', region, sub_region, case when position = 1 then 2 else position - 1 end, resources, structures, units, defenses, resources_updated_at, created_at from territories where id = ? returning id`,
    [home.id],
  ) as [{ id: number }];
});
afterAll(async () => {
  await db?.stop();
});

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

async function waitingOnLocks(): Promise<number> {
  const [row] = await db.orm.em.fork().execute<{ n: number }[]>(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`);
  return row!.n;
}

describe('refreshPlayerScores', () => {
  it('leaves the score of both changes when two transactions refresh one player at once', async () => {
    const gain = (id: number, n: number) => `update territories set units = jsonb_set(units, '{razorwing}', to_jsonb(coalesce((units->>'razorwing')::int, 0) + ${n})) where id = ${id}`;
    const refreshed = gate();
    const commit = gate();
    const first = db.orm.em.fork().transactional(async (tx) => {
      await tx.execute(gain(home.id, 500));
      await refreshPlayerScores(tx, catalogue, [user], new Date());
      refreshed.open();
      await commit.opened;
    });
    await refreshed.opened;
    const second = db.orm.em.fork().transactional(async (tx) => {
      await tx.execute(gain(colony, 700));
      await refreshPlayerScores(tx, catalogue, [user], new Date());
    });
    // The second waits on the first's lock; then the first commits.
    await expect.poll(waitingOnLocks, { timeout: 10_000 }).toBeGreaterThan(0);
    commit.open();
    await Promise.all([first, second]);

    const em = db.orm.em.fork();
    const [stored] = await em.execute<{ unit_score: number; total_score: number }[]>('select unit_score, total_score from player_scores where user_id = ?', [user]);
    const world = (await computeScores(em, catalogue, [user], new Date())).get(user)!;
    expect(stored!.unit_score).toBeCloseTo(world.unit_score, 6);
    expect(stored!.total_score).toBeCloseTo(world.total_score, 6);
  });
});

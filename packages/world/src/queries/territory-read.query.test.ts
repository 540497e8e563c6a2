import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { createTestDatabase, type TestDatabase } from '../testing';
import { ReadMemo } from '../kernel/read-memo';
import type { WorldDeps } from '../kernel/deps';
import { readOwnRowsOf } from './territory-read.query';
import { technologyLevelsRead } from './economy-territories.query';

/**
 * A player's territory rows carry their research as settling needs it: what finished by the row's last
 * settle as one entry a technology (its highest level), what finishes later item by item. A long
 * game's history of research does not grow the rows, and the technologies read from them are what the
 * whole history says.
 */
let db: TestDatabase;
const catalogue = loadCatalogue();
const HOUR = 3_600_000;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.stop();
});

describe("a player's territory rows", () => {
  it('carry the research finished by their last settle as its highest level, and the rest item by item', async () => {
    const em = db.orm.em.fork();
    const [me] = await em.execute<{ id: number }[]>(`insert into users (username, email, password_hash) values ('rows_me', 'rows_me@hive.test', 'x') returning id`);
    const now = Date.now();
    const settled = new Date(now - 2 * HOUR);
    const [home] = await em.execute<{ id: number }[]>(
      `insert into territories (owner_id, name, region, sub_region, position, resources, resources_updated_at, structures, units, defenses)
       values (?, 'Rows Home', 9, 9, 9, '{}', ?, '{}', '{}', '{}') returning id`,
      [me!.id, settled],
    );
    // A long history of echo_sensing (levels 1 to 40 long finished), one level finished since the last settle, one still running.
    const research = (key: string, level: number, end: number) => [key, level, new Date(end - HOUR), new Date(end)];
    const history = Array.from({ length: 40 }, (_, i) => research('echo_sensing', i + 1, now - 100 * HOUR + i * HOUR));
    for (const row of [...history, research('pheromone_signalling', 1, now - 50 * HOUR), research('echo_sensing', 41, now - HOUR), research('echo_sensing', 42, now + HOUR)]) {
      await em.execute(`insert into queue_items (id, kind, user_id, item_key, target_level, start_time, end_time) values (gen_random_uuid(), 'research', ?, ?, ?, ?, ?)`, [me!.id, ...row]);
    }

    const rows = (await readOwnRowsOf(em, [me!.id])).get(me!.id)!;
    expect(rows.map((row) => row.id)).toEqual([home!.id]);
    const byLevel = rows[0]!.research.map((r) => `${r.itemKey} ${r.targetLevel}`).sort();
    expect(byLevel).toEqual(['echo_sensing 40', 'echo_sensing 41', 'echo_sensing 42', 'pheromone_signalling 1']);

    // The technologies a GET answers from them: what the whole history says at the read's instant.
    const deps = { em, catalogue, reads: new ReadMemo() } as unknown as WorldDeps;
    expect(await technologyLevelsRead(deps, me!.id, new Date(now))).toEqual({ echo_sensing: 41, pheromone_signalling: 1 });
    expect(await technologyLevelsRead(deps, me!.id, new Date(now + 2 * HOUR))).toEqual({ echo_sensing: 42, pheromone_signalling: 1 });
  });
});

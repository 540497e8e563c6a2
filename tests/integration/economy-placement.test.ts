import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { createStartingTerritory } from '@brood/world';
import { createTestDatabase, type TestDatabase } from '@brood/world/testing';

const catalogue = loadCatalogue();
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase({ poolMax: 10 });
});
afterAll(async () => {
  await db?.stop();
});

describe('createStartingTerritory', () => {
  it('places 40 simultaneous new players on distinct positions, filling sub-regions in turn, with the starting stock', async () => {
    const ids = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        db.orm.em.fork().execute<{ id: number }[]>(`insert into users (username, email, password_hash) values (?, ?, 'x') returning id`, [`settler${i}`, `settler${i}@hive.test`]),
      ),
    );
    const now = new Date();
    const territories = await Promise.all(ids.map((rows) => db.orm.em.fork().transactional((em) => createStartingTerritory(em, { id: rows[0]!.id }, now, catalogue))));
    const positions = new Set(territories.map((t) => `${t.region}:${t.subRegion}:${t.position}`));
    expect(positions.size).toBe(40);
    expect(new Set(territories.map((t) => t.region))).toEqual(new Set([481]));
    const perSubRegion = new Map<number, number>();
    for (const t of territories) perSubRegion.set(t.subRegion, (perSubRegion.get(t.subRegion) ?? 0) + 1);
    // 40 players need two sub-regions of 25 (a race may open a third early, never scatter them).
    expect(perSubRegion.size).toBeLessThanOrEqual(3);
    expect(territories[0]!.resources).toEqual(catalogue.universe.starting_stock);
    expect(territories[0]!.name).toBe('Home Hive');
  });
});

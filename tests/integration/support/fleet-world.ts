import pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { loadCatalogue, type Catalogue } from '@brood/game-data';
import { createBoss, foundTerritory, type GameEventPayload, type WorldDeps } from '@brood/world';
import { createTestDatabase, type TestDatabase } from '@brood/world/testing';

/**
 * A world for fleet tests: its own database, pg-boss, a listener on the game events, and players
 * with territories at chosen positions holding chosen stock and units. The universe leaves room for
 * three territories and one allied fleet per territory, so colonizing and stationing can be tried
 * without researching first.
 */

export const T0 = new Date(Date.UTC(2030, 0, 1));
export const at = (ms: number): Date => new Date(T0.getTime() + ms);

export type Coords = [number, number, number];

export interface Player {
  actor: { id: number };
  username: string;
  territory: number;
  coords: Coords;
}

export interface FleetWorld {
  catalogue: Catalogue;
  db: TestDatabase;
  boss: PgBoss;
  events: GameEventPayload[];
  deps(): WorldDeps;
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  player(values?: { coords?: Coords; resources?: Record<string, number>; units?: Record<string, number>; name?: string }): Promise<Player>;
  territory(owner: Player, values: { coords: Coords; resources?: Record<string, number>; units?: Record<string, number> }): Promise<number>;
  row(id: number): Promise<{ resources: Record<string, number>; units: Record<string, number>; owner_id: number | null; name: string }>;
  stop(): Promise<void>;
}

let region = 100;
/** A fresh region for each player, so tests never collide on positions. */
export const freshRegion = (): number => (region += 3);

/** Fleet tests run without newcomer protection (their players' scores move as fleets fight): fair-play*.test.ts prove it. */
const NO_PROTECTION = { protection_tiers: [] };

export async function fleetWorld(overrides: Parameters<typeof loadCatalogue>[0] = {}): Promise<FleetWorld> {
  const catalogue = loadCatalogue({ ...overrides, universe: { base_effects: { max_territories: 3, allied_fleet_slots: 1 }, fair_play: NO_PROTECTION, ...(overrides.universe ?? {}) } });
  const db = await createTestDatabase({ poolMax: 30 });
  const boss = createBoss(db.url, 'api');
  // An error while the world runs fails the test; once it stops, the server going away under
  // pg-boss's last idle connections is expected (57P01), not a failure.
  let stopping = false;
  boss.on('error', (error) => {
    if (!stopping) throw error;
  });
  await boss.start();
  const listener = new pg.Client({ connectionString: db.url });
  await listener.connect();
  const events: GameEventPayload[] = [];
  listener.on('notification', (n) => events.push(JSON.parse(n.payload!)));
  await listener.query('listen game_events');
  let players = 0;
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(text, params);
  const place = async (userId: number, coords: Coords, name: string, resources: object, units: object) => {
    const t = await db.orm.em.fork().transactional((em) => foundTerritory(em, { id: userId }, coords, name, T0, catalogue));
    if (!t) throw new Error(`position ${coords.join(':')} is taken`);
    await sql('update territories set resources = ?::jsonb, units = ?::jsonb, resources_updated_at = ? where id = ?', [JSON.stringify(resources), JSON.stringify(units), T0, t.id]);
    return t.id;
  };
  const world: FleetWorld = {
    catalogue,
    db,
    boss,
    events,
    deps: () => ({ em: db.orm.em.fork(), catalogue, boss }),
    sql,
    async player(values = {}) {
      players += 1;
      const username = `fleet${players}_${Math.random().toString(36).slice(2, 6)}`;
      const rows = await sql<{ id: number }>(`insert into users (username, email, password_hash) values (?, ?, 'x') returning id`, [username, `${username}@hive.test`]);
      const id = rows[0]!.id;
      const coords = values.coords ?? [freshRegion(), 1, 1];
      const territory = await place(id, coords, values.name ?? 'Home', values.resources ?? { fiber: 50_000, crystal: 50_000, biomass: 50_000 }, values.units ?? {});
      return { actor: { id }, username, territory, coords };
    },
    territory: (owner, values) => place(owner.actor.id, values.coords, 'Outpost', values.resources ?? {}, values.units ?? {}),
    async row(id) {
      const rows = await sql<{ resources: Record<string, number>; units: Record<string, number>; owner_id: number | null; name: string }>(
        'select resources, units, owner_id, name from territories where id = ?',
        [id],
      );
      return rows[0]!;
    },
    async stop() {
      stopping = true;
      await listener.end();
      await boss.stop({ graceful: false });
      await db.stop();
    },
  };
  return world;
}

/** Waits until `probe` answers something (events arrive asynchronously after commit). */
export async function eventually<T>(probe: () => T | undefined | Promise<T | undefined>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

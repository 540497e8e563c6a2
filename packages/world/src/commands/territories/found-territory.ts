import { randomInt } from 'node:crypto';
import type { Catalogue } from '@brood/game-data';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Territory } from '../../entities/territory.entity';
import { refreshPlayerScore } from '../scores/player-scores';
import { fail } from '../../errors';

export const STARTING_TERRITORY_NAME = 'Home Hive';
const MAX_ATTEMPTS = 25;

interface Occupancy {
  key: number;
  territories: number;
}

/** Cells of a square grid numbered 1..n row by row, as (row, column). */
function cell(id: number, side: number): [number, number] {
  return [Math.floor((id - 1) / side), (id - 1) % side];
}

/**
 * The densest cell that still has room; ties go to the cell nearest the grid's centre, so an empty
 * grid fills from the centre outward and a new player lands beside the last ones.
 */
export function densestWithRoom(count: number, capacity: number, occupied: readonly Occupancy[]): number | null {
  const side = Math.round(Math.sqrt(count));
  const centre = (side - 1) / 2;
  const distance = (id: number) => {
    const [r, c] = cell(id, side);
    return (r - centre) ** 2 + (c - centre) ** 2;
  };
  const used = new Map(occupied.map((o) => [o.key, o.territories]));
  let best: number | null = null;
  let bestUsed = -1;
  let bestDistance = Infinity;
  for (let id = 1; id <= count; id += 1) {
    const n = used.get(id) ?? 0;
    if (n >= capacity) continue;
    const d = distance(id);
    if (n > bestUsed || (n === bestUsed && d < bestDistance)) {
      best = id;
      bestUsed = n;
      bestDistance = d;
    }
  }
  return best;
}

async function pickPosition(em: EntityManager, catalogue: Catalogue): Promise<[number, number, number]> {
  const { regions, sub_regions: subRegions, positions } = catalogue.universe.map;
  const regionRows = await em.execute<{ region: number; territories: number }[]>('select region, territories from region_occupancy');
  const region = densestWithRoom(regions, subRegions * positions, regionRows.map((r) => ({ key: r.region, territories: Number(r.territories) })));
  if (region == null) throw fail.conflict('The galaxy is full: no free position is left for a new territory');
  const subRows = await em.execute<{ sub_region: number; territories: number }[]>(
    'select sub_region, territories from subregion_occupancy where region = ?',
    [region],
  );
  const subRegion = densestWithRoom(subRegions, positions, subRows.map((r) => ({ key: r.sub_region, territories: Number(r.territories) })));
  if (subRegion == null) throw fail.conflict('The galaxy is full: no free position is left for a new territory');
  const taken = await em.execute<{ position: number }[]>('select position from territories where region = ? and sub_region = ?', [region, subRegion]);
  const takenSet = new Set(taken.map((t) => t.position));
  const free = Array.from({ length: positions }, (_, i) => i + 1).filter((p) => !takenSet.has(p));
  // Counters can lag a concurrent insert; an empty list just means try again with fresh counts.
  const position = free.length > 0 ? free[randomInt(free.length)]! : randomInt(1, positions + 1);
  return [region, subRegion, position];
}

/**
 * Founds a territory of the player at a position, in the caller's transaction, with the universe's
 * new-territory rules (its starting stock and structures). Race-free: answers null when the position
 * is taken (unique constraint), meanwhile included.
 */
export async function foundTerritory(
  em: EntityManager,
  user: { id: number },
  coords: readonly [number, number, number],
  name: string,
  now: Date,
  /** The deployment's catalogue: its starting stock and structures. */
  catalogue: Catalogue,
): Promise<Territory | null> {
  const universe = catalogue.universe;
  const rows = await em.execute<{ id: number }[]>(
    `insert into territories (owner_id, name, region, sub_region, position, resources, resources_updated_at, structures, units, defenses, created_at)
     values (?, ?, ?, ?, ?, ?::jsonb, ?, ?::jsonb, '{}'::jsonb, '{}'::jsonb, ?)
     on conflict (region, sub_region, position) do nothing
     returning id`,
    [user.id, name, coords[0], coords[1], coords[2], JSON.stringify(universe.starting_stock), now, JSON.stringify(universe.starting_structures), now],
  );
  const id = rows[0]?.id;
  if (id == null) return null;
  // A territory's starting structures count for its owner's score from its founding on.
  await refreshPlayerScore(em, catalogue, user.id, now);
  return em.findOneOrFail(Territory, { id });
}

/**
 * The first territory of a new account, in the caller's transaction: a random free position in the
 * densest region (and sub-region) that still has room (see foundTerritory), retried when a
 * concurrent insert took the position.
 */
export async function createStartingTerritory(
  em: EntityManager,
  user: { id: number },
  now: Date,
  /** The deployment's catalogue (UNIVERSE_OVERRIDES included): its grid, starting stock and structures. */
  catalogue: Catalogue,
): Promise<Territory> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const territory = await foundTerritory(em, user, await pickPosition(em, catalogue), STARTING_TERRITORY_NAME, now, catalogue);
    if (territory) return territory;
  }
  throw fail.conflict('Could not find a free position for your territory. Please try again.');
}

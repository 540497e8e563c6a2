import type { EntityManager } from '@mikro-orm/postgresql';
import type { Catalogue } from '@brood/game-data';
import { advanceTerritory, productionTime, technologiesAt, type ResearchChange, type SettledTerritory, type TerritoryQueueItem } from '@brood/game-core';
import { epochMs, sqlRows } from '../kernel/bulk-write';
import { NOT_YOUR_TERRITORY, TERRITORY_NOT_FOUND } from '../kernel/access';
import { fail } from '../errors';
import type { WorldDeps } from '../kernel/deps';
import { memoised } from '../kernel/read-memo';
import type { AmountMap } from '../entities/territory.entity';
import { SETTLE_ITEM_KINDS } from '../settle';

/** A territory as its views need it: the row's plain fields, settled to the time of the read. */
export interface ReadTerritory {
  id: number;
  name: string;
  region: number;
  subRegion: number;
  position: number;
  settled: SettledTerritory;
}

/** A territory row as settling starts from it, with the queue items, research and other territories it settles with. */
export type SettleRow = {
  id: number; owner_id: number; name: string; region: number; sub_region: number; position: number;
  resources: AmountMap; structures: AmountMap; units: AmountMap; defenses: AmountMap; updated_ms: number;
  items: TerritoryQueueItem[]; research: ResearchChange[]; others: AmountMap[]; vacation_ms: number | null;
};

/**
 * Each row with what settling it needs (settle.ts's loadInputs, row by row): its queue items running
 * after its last settle, the owner's research, the structures of the owner's other territories. The
 * research finished by the row's last settle is one entry a technology, its highest level (all that
 * settling and the technologies read of it), so a row does not grow with a long game's history of
 * research, nor what an api process keeps of it; what finishes later is there item by item. Plain
 * rows, no entities: a read changes nothing. The rows do not depend on the instant they are settled to
 * (`settledRow` leaves out the items not started and the research not finished by then), so an api
 * process may keep them between reads (KeptReads.settledOf). No order inside the lists: settling
 * sorts what falls due by time, and the rest is sums (an ORDER BY there cost a fifth of the planning).
 */
const SETTLED_ROWS = `
  select t.id, t.owner_id, t.name, t.region, t.sub_region, t.position, t.resources, t.structures, t.units, t.defenses,
    ${epochMs('t.resources_updated_at')} as updated_ms,
    (select ${epochMs('u.vacation_since')} from users u where u.id = t.owner_id) as vacation_ms,
    coalesce((select json_agg(json_build_object('kind', q.kind, 'itemKey', q.item_key, 'targetLevel', q.target_level, 'quantity', q.quantity,
        'durationPerItemS', q.duration_per_item_s, 'startTime', ${epochMs('q.start_time')}, 'endTime', ${epochMs('q.end_time')}))
      from queue_items q where q.territory_id = t.id and q.kind in (${SETTLE_ITEM_KINDS}) and q.end_time > t.resources_updated_at), '[]') as items,
    coalesce((select json_agg(json_build_object('itemKey', r.item_key, 'targetLevel', r.target_level, 'endTime', ${epochMs('r.end_time')}))
      from (select item_key, max(target_level) as target_level, max(end_time) as end_time from queue_items
              where user_id = t.owner_id and kind = 'research' and end_time <= t.resources_updated_at group by item_key
            union all
            select item_key, target_level, end_time from queue_items
              where user_id = t.owner_id and kind = 'research' and end_time > t.resources_updated_at) r), '[]') as research,
    coalesce((select json_agg(o.structures) from territories o where o.owner_id = t.owner_id and o.id <> t.id), '[]') as others
  from territories t`;

/**
 * The instant (epoch ms) a read at `t` settles a row to: never before the row's last settle, since
 * what finished by then is one entry a technology (SETTLED_ROWS), and a read that began a moment
 * before a command's settle committed changes nothing by it anyway.
 */
const settleInstant = (row: SettleRow, t: Date) => Math.max(t.getTime(), row.updated_ms);

function settledRow(catalogue: Catalogue, row: SettleRow, t: Date): ReadTerritory {
  const at = settleInstant(row, t);
  const state = { resources: row.resources, structures: row.structures, units: row.units, defenses: row.defenses, updatedAt: row.updated_ms };
  const items = row.items.filter((item) => item.startTime < at);
  const research = row.research.filter((change) => change.endTime <= at);
  return {
    id: row.id, name: row.name, region: row.region, subRegion: row.sub_region, position: row.position,
    settled: advanceTerritory(catalogue, state, items, research, productionTime(at, row.updated_ms, row.vacation_ms == null ? null : Number(row.vacation_ms)), row.others),
  };
}

const OWN_ROWS = `${SETTLED_ROWS} where t.owner_id = $1 order by t.id`;

/** Every territory row of the player in id order, as settling starts from it: one statement for any number. */
const readOwnRows = (em: EntityManager, userId: number) => sqlRows<SettleRow>(em, OWN_ROWS, [userId]);

/** The territory rows of each of these players (none for one who has none), REFILL_CHUNK at a time (kept-refill.query.ts). */
export async function readOwnRowsOf(em: EntityManager, userIds: readonly number[]): Promise<Map<number, SettleRow[]>> {
  const rows = await sqlRows<SettleRow>(em, `${SETTLED_ROWS} where t.owner_id = any($1::int[]) order by t.id`, [userIds]);
  const byOwner = new Map<number, SettleRow[]>(userIds.map((id) => [id, []]));
  for (const row of rows) byOwner.get(row.owner_id)?.push(row);
  return byOwner;
}

/**
 * The player's territory rows for a query: once per read-only request (the memo of deps.reads), so
 * the views of one GET batch (the territories, one of them, its units, its defenses, the stats, the
 * technologies) share one statement, and kept between requests while the api process hears their
 * changes (KeptReads.settledOf), so the units and defenses polls every 30 s mostly read none.
 */
function ownRowsRead(deps: WorldDeps, userId: number): Promise<SettleRow[]> {
  const kept = deps.reads?.kept;
  const read = () => readOwnRows(deps.em, userId);
  return memoised(deps.reads, `territory-rows:${userId}`, kept ? () => kept.settledOf(userId, read) : read);
}

/** Every territory of the player in id order, settled to t, for a query (ownRowsRead). */
export function ownTerritoriesRead(deps: WorldDeps, userId: number, t: Date): Promise<ReadTerritory[]> {
  return memoised(deps.reads, `territories:${userId}@${t.getTime()}`, async () => (await ownRowsRead(deps, userId)).map((row) => settledRow(deps.catalogue, row, t)));
}

/**
 * The player's technology levels at `at` (its settleInstant), from the research their territory rows
 * carry, for a query (ownRowsRead); null when they hold no territory.
 */
export async function ownTechnologiesRead(deps: WorldDeps, userId: number, at: Date): Promise<Record<string, number> | null> {
  const [first] = await ownRowsRead(deps, userId);
  return first ? technologiesAt(first.research, settleInstant(first, at)) : null;
}

/** One territory of the player settled to t, picked from ownTerritoriesRead (404 when missing, 403 when someone else's). */
export async function ownTerritoryRead(deps: WorldDeps, userId: number, territoryId: number, t: Date): Promise<ReadTerritory> {
  const territory = (await ownTerritoriesRead(deps, userId, t)).find((own) => own.id === territoryId);
  return territory ?? refuseTerritory(deps.em, territoryId);
}

/** Why a statement limited to the player's own territories found none with this id: 404 when there is none, else 403. */
export async function refuseTerritory(em: EntityManager, territoryId: number): Promise<never> {
  const [exists] = await sqlRows<{ id: number }>(em, 'select id from territories where id = $1', [territoryId]);
  throw exists ? fail.forbidden(NOT_YOUR_TERRITORY) : fail.notFound(TERRITORY_NOT_FOUND);
}

import type { Catalogue } from '@brood/game-data';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  advanceTerritory, productionTime, technologiesAt as coreTechnologiesAt,
  type ResearchChange, type SettledTerritory, type TerritoryQueueItem, type TerritoryState,
} from '@brood/game-core';
import { QueueItem } from './entities/queue-item.entity';
import { epochMs, groupRows, jsonList, sqlRows } from './kernel/bulk-write';
import type { AmountMap, Territory } from './entities/territory.entity';

/**
 * Loading, locking and saving around game-core's advanceTerritory (the pure rule of bringing a
 * territory to a time t). Reads, commands and the sim-worker all go through here, so what a player
 * sees never depends on whether the worker ran.
 */
export { advanceTerritory, type SettledTerritory, type TerritoryState } from '@brood/game-core';

/** What settling reads and writes of a territory: an entity, or a plain row (`lockTerritoryRows`). */
export type Settleable = Pick<Territory, 'id' | 'resources' | 'structures' | 'units' | 'defenses' | 'resourcesUpdatedAt'> & { readonly owner?: { readonly id: number } | null };

type ResearchRow = Pick<QueueItem, 'itemKey' | 'targetLevel' | 'endTime'>;

type ItemRow = Pick<QueueItem, 'kind'> & { item_key: string; target_level: number | null; quantity: number | null; duration_per_item_s: number | null; start_ms: number; end_ms: number };

/** The kinds of queue item that change a territory as it settles (research changes its owner: read apart). */
export const SETTLE_ITEM_KINDS = `'building', 'recruitment', 'defense'`;

/** The reads settling needs, in one statement: $1 territories, $2 their oldest stamp, $3 the instant, $4 their owners. */
const settleInputsSql = (match: (column: string, param: string) => string) =>
  `select ${jsonList(`select territory_id, kind, item_key, target_level, quantity, duration_per_item_s, ${epochMs('start_time')} as start_ms, ${epochMs('end_time')} as end_ms from queue_items
                    where ${match('territory_id', '$1')} and kind in (${SETTLE_ITEM_KINDS}) and end_time > $2 and start_time < $3`)} as local,
            ${jsonList(`select user_id, item_key, target_level, ${epochMs('end_time')} as end_ms from queue_items where ${match('user_id', '$4')} and kind = 'research' and end_time <= $3`)} as history,
            ${jsonList(`select id, owner_id, structures from territories where ${match('owner_id', '$4')}`)} as others,
            ${jsonList(`select id, ${epochMs('vacation_since')} as since from users where ${match('id', '$4')} and vacation_since is not null`)} as away`;
const SETTLE_INPUTS_MANY = settleInputsSql((column, param) => `${column} = any(${param}::int[])`);
const SETTLE_INPUTS_ONE = settleInputsSql((column, param) => `${column} = ${param}::int`);

/** A queue_items row as game-core takes it (instants in epoch ms). */
function coreItem(r: ItemRow): TerritoryQueueItem {
  return {
    kind: r.kind, itemKey: r.item_key, targetLevel: r.target_level, quantity: r.quantity, durationPerItemS: r.duration_per_item_s,
    startTime: r.start_ms, endTime: r.end_ms,
  };
}

const coreResearch = (r: ResearchRow): ResearchChange => ({ itemKey: r.itemKey, targetLevel: r.targetLevel, endTime: r.endTime.getTime() });

/** Technology levels at `at` (epoch ms) from research rows: game-core's technologiesAt. */
export function technologiesAt(research: readonly ResearchRow[], at: number): AmountMap {
  return coreTechnologiesAt(research.map(coreResearch), at);
}

export function territoryState(territory: Settleable): TerritoryState {
  return {
    resources: { ...territory.resources },
    structures: { ...territory.structures },
    units: { ...territory.units },
    defenses: { ...territory.defenses },
    updatedAt: territory.resourcesUpdatedAt.getTime(),
  };
}

/**
 * What settling these territories to t needs, in one statement for any number of territories: their
 * queue items, their owners' research history, and the structures of the owners' other territories
 * (their player-scope effects count everywhere).
 */
export type SettleInputs = Awaited<ReturnType<typeof loadInputs>>;

/** One of an owner's territories, by its structures (their player-scope effects count everywhere). */
type OwnerTerritory = { id: number; owner: number; structures: AmountMap };

/** What settling these territories to any time up to t needs (settleLoaded then advances them without reading). */
export async function loadInputs(em: EntityManager, territories: readonly Settleable[], t: Date) {
  /** owners on vacation: since when (epoch ms); their territories produce nothing from then on */
  const vacations = new Map<number, number>();
  if (territories.length === 0) return { items: new Map<number, TerritoryQueueItem[]>(), research: new Map<number, ResearchChange[]>(), structures: new Map<number, OwnerTerritory[]>(), vacations };
  const ids = territories.map((x) => x.id);
  const owners = [...new Set(territories.map((x) => x.owner?.id).filter((x): x is number => x != null))];
  const oldest = new Date(Math.min(...territories.map((x) => x.resourcesUpdatedAt.getTime())));
  // Plain rows, not entities: a batch reads hundreds of items and changes none of them. Queue items
  // the caller changed and has not stored yet are stored first, as em.find would (its auto-flush).
  // One statement, one round trip: each list comes back as a JSON array.
  await em.tryFlush(QueueItem, {});
  // One territory of one owner (a player's request) is matched by value, not in an array: the planner
  // takes an array parameter for ten elements, so a kept plan for arrays looked dearer than a fresh one
  // and this statement, run on nearly every request, was planned anew each time (decision 20).
  const one = ids.length === 1 && owners.length === 1;
  const [row] = await sqlRows<{ local: (ItemRow & { territory_id: number })[]; history: { user_id: number; item_key: string; target_level: number | null; end_ms: number }[]; others: { id: number; owner_id: number; structures: AmountMap }[]; away: { id: number; since: number }[] }>(
    em,
    one ? SETTLE_INPUTS_ONE : SETTLE_INPUTS_MANY,
    one ? [ids[0], oldest, t, owners[0]] : [ids, oldest, t, owners],
  );
  const items = groupRows(row!.local, (i) => i.territory_id, coreItem);
  const research = groupRows(row!.history, (r) => r.user_id, (r): ResearchChange => ({ itemKey: r.item_key, targetLevel: r.target_level, endTime: r.end_ms }));
  const structures = groupRows(row!.others, (o) => o.owner_id, (o): OwnerTerritory => ({ id: o.id, owner: o.owner_id, structures: o.structures }));
  for (const a of row!.away) vacations.set(a.id, Number(a.since));
  return { items, research, structures, vacations };
}

/** Read path: the territories as they stand at t (or each at its own time), computed without writing (no lock needed). */
export async function settledViews(
  em: EntityManager,
  catalogue: Catalogue,
  territories: readonly Settleable[],
  t: Date | ReadonlyMap<number, Date>,
): Promise<Map<number, SettledTerritory>> {
  const timeOf = (territory: Settleable) => (t instanceof Date ? t : (t.get(territory.id) ?? territory.resourcesUpdatedAt));
  const latest = t instanceof Date ? t : new Date(Math.max(0, ...[...t.values()].map((d) => d.getTime())));
  return advanceLoaded(catalogue, await loadInputs(em, territories, latest), territories, timeOf);
}

/** settledViews with inputs already loaded (loadInputs for these territories to at least the latest time): no reads, no writes. */
export function advanceLoaded<T extends Settleable>(catalogue: Catalogue, inputs: SettleInputs, territories: readonly T[], timeOf: (t: T) => Date): Map<number, SettledTerritory> {
  const out = new Map<number, SettledTerritory>();
  for (const territory of territories) {
    const owner = territory.owner?.id;
    const others = owner == null ? [] : (inputs.structures.get(owner) ?? []).filter((o) => o.id !== territory.id).map((o) => o.structures);
    const research = owner == null ? [] : (inputs.research.get(owner) ?? []);
    const until = productionTime(timeOf(territory).getTime(), territory.resourcesUpdatedAt.getTime(), owner == null ? null : (inputs.vacations.get(owner) ?? null));
    out.set(territory.id, advanceTerritory(catalogue, territoryState(territory), inputs.items.get(territory.id) ?? [], research, until, others));
  }
  return out;
}

/**
 * Write path: settles territories the caller has locked (lockTerritories in its transaction), each to
 * its own time, with one set of reads for all of them, and writes the results onto the entities; the
 * caller's flush stores them. Settling to a time at or before the last settle changes nothing, so a
 * job that runs twice or late is harmless.
 */
export async function settleTerritories(em: EntityManager, catalogue: Catalogue, targets: ReadonlyMap<Settleable, Date>): Promise<Map<number, SettledTerritory>> {
  const territories = [...targets.keys()];
  const latest = new Date(Math.max(0, ...[...targets.values()].map((d) => d.getTime())));
  return settleLoaded(catalogue, await loadInputs(em, territories, latest), targets);
}

/**
 * settleTerritories with inputs already loaded (loadInputs for these territories to at least the
 * latest target time): a batch settles the same territories several times without reading again.
 */
export function settleLoaded(catalogue: Catalogue, inputs: SettleInputs, targets: ReadonlyMap<Settleable, Date>): Map<number, SettledTerritory> {
  const settled = advanceLoaded(catalogue, inputs, [...targets.keys()], (t) => targets.get(t)!);
  for (const [territory, t] of targets) {
    const view = settled.get(territory.id)!;
    if (t.getTime() > territory.resourcesUpdatedAt.getTime()) {
      territory.resources = view.state.resources;
      territory.structures = view.state.structures;
      territory.units = view.state.units;
      territory.defenses = view.state.defenses;
      territory.resourcesUpdatedAt = t;
    }
  }
  return settled;
}

/** What settling a territory read of its owner in the same statement: a command of theirs needs no read of its own for it. */
export interface SettledOwner {
  /** whether the owner is on vacation (fair play refuses their queues) */
  onVacation: boolean;
  /** the structures of each of the owner's territories in id order, this one as settled (research speed counts them all) */
  structures: AmountMap[];
}

/** settleTerritories for one territory, with what the same read knows of its owner. */
export async function settleTerritory(em: EntityManager, catalogue: Catalogue, territory: Territory, t: Date): Promise<SettledTerritory & { owner: SettledOwner }> {
  const inputs = await loadInputs(em, [territory], t);
  const settled = settleLoaded(catalogue, inputs, new Map([[territory, t]])).get(territory.id)!;
  const ownerId = territory.owner?.id;
  const others = ownerId == null ? [] : (inputs.structures.get(ownerId) ?? []).filter((o) => o.id !== territory.id);
  const structures = [...others, { id: territory.id, structures: territory.structures }].sort((a, b) => a.id - b.id).map((o) => o.structures);
  return { ...settled, owner: { onVacation: ownerId != null && inputs.vacations.has(ownerId), structures } };
}

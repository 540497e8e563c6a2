import type { Catalogue } from '@brood/game-data';
import type { EntityManager } from '@mikro-orm/postgresql';
import { QueueItem } from './entities/queue-item.entity';
import type { AmountMap, Territory } from './entities/territory.entity';
import { settle, territoryEconomy, type TerritoryEconomy } from '@brood/game-core';

/**
 * Bringing a territory to a time t: resources accrue at the rates of each stretch of time, and the
 * queue items due in (resources_updated_at, t] are delivered in time order (a finished structure
 * produces from its end time on; a batch delivers one unit every duration_per_item_s). Reads, commands
 * and the sim-worker all go through here, so what a player sees never depends on whether the worker ran.
 */

export interface TerritoryState {
  resources: AmountMap;
  structures: AmountMap;
  units: AmountMap;
  defenses: AmountMap;
  updatedAt: Date;
}

/** A settled territory: its state at t and what it makes of it. */
export interface SettledTerritory {
  state: TerritoryState;
  /** The owner's technology levels at t. */
  technologies: AmountMap;
  /** Effects, production, storage and upkeep at t. */
  economy: TerritoryEconomy;
}

type ResearchChange = Pick<QueueItem, 'itemKey' | 'targetLevel' | 'endTime'>;
type TerritoryItem = Pick<QueueItem, 'kind' | 'itemKey' | 'targetLevel' | 'quantity' | 'durationPerItemS' | 'startTime' | 'endTime'>;

/** A batch delivered in more steps than this is handed over in this many even steps (only upkeep timing blurs). */
const MAX_STEPS_PER_BATCH = 240;

interface Delivery {
  at: number;
  apply: (s: TerritoryState, techs: AmountMap) => void;
}

/** Technology levels at time `at`: a level is the highest target whose research ended by then. */
export function technologiesAt(research: readonly ResearchChange[], at: number): AmountMap {
  const levels: AmountMap = {};
  for (const r of research) {
    if (r.endTime.getTime() <= at && r.targetLevel != null) levels[r.itemKey] = Math.max(levels[r.itemKey] ?? 0, r.targetLevel);
  }
  return levels;
}

function batchDeliveries(item: TerritoryItem, from: number, to: number): Delivery[] {
  const quantity = item.quantity ?? 0;
  const step = (item.durationPerItemS ?? 1) * 1000;
  const start = item.startTime.getTime();
  const first = Math.max(1, Math.floor((from - start) / step) + 1);
  const last = Math.min(quantity, Math.floor((to - start) / step));
  if (last < first) return [];
  const target = item.kind === 'recruitment' ? 'units' : 'defenses';
  const count = last - first + 1;
  const steps = Math.min(count, MAX_STEPS_PER_BATCH);
  const out: Delivery[] = [];
  let delivered = 0;
  for (let i = 1; i <= steps; i += 1) {
    const upTo = Math.round((count * i) / steps);
    const n = upTo - delivered;
    delivered = upTo;
    const at = start + (first - 1 + upTo) * step;
    out.push({ at, apply: (s) => void (s[target][item.itemKey] = (s[target][item.itemKey] ?? 0) + n) });
  }
  return out;
}

type OtherTerritories = readonly Readonly<AmountMap>[];

/**
 * The pure core: `state` advanced to `t` given the territory's queue items and the owner's research
 * history (items may include ones outside the window; only those due in (updatedAt, t] apply).
 */
export function advanceTerritory(
  catalogue: Catalogue,
  state: TerritoryState,
  items: readonly TerritoryItem[],
  research: readonly ResearchChange[],
  t: Date,
  otherTerritories: OtherTerritories = [],
): SettledTerritory {
  const economy = (x: TerritoryState, techs: AmountMap) => territoryEconomy(catalogue, x.structures, techs, x.units, otherTerritories);
  const from = state.updatedAt.getTime();
  const to = t.getTime();
  const s: TerritoryState = {
    resources: { ...state.resources },
    structures: { ...state.structures },
    units: { ...state.units },
    defenses: { ...state.defenses },
    updatedAt: state.updatedAt,
  };
  const techs = technologiesAt(research, Math.min(from, to));
  if (to > from) {
    const deliveries: Delivery[] = [];
    for (const item of items) {
      if (item.kind === 'building') {
        const at = item.endTime.getTime();
        if (at > from && at <= to && item.targetLevel != null) {
          const level = item.targetLevel;
          deliveries.push({ at, apply: (x) => void (x.structures[item.itemKey] = Math.max(x.structures[item.itemKey] ?? 0, level)) });
        }
      } else if (item.kind === 'recruitment' || item.kind === 'defense') {
        deliveries.push(...batchDeliveries(item, from, to));
      }
    }
    for (const r of research) {
      const at = r.endTime.getTime();
      if (at > from && at <= to && r.targetLevel != null) {
        const level = r.targetLevel;
        deliveries.push({ at, apply: (_x, tl) => void (tl[r.itemKey] = Math.max(tl[r.itemKey] ?? 0, level)) });
      }
    }
    deliveries.sort((a, b) => a.at - b.at);
    let clock = from;
    for (const d of deliveries) {
      if (d.at > clock) {
        const e = economy(s, techs);
        s.resources = settle(s.resources, e.rates, e.storage, clock, d.at) as AmountMap;
        clock = d.at;
      }
      d.apply(s, techs);
    }
    const e = economy(s, techs);
    s.resources = settle(s.resources, e.rates, e.storage, clock, to) as AmountMap;
    s.updatedAt = t;
  }
  return { state: s, technologies: techs, economy: economy(s, techs) };
}

export function territoryState(territory: Territory): TerritoryState {
  return {
    resources: { ...territory.resources },
    structures: { ...territory.structures },
    units: { ...territory.units },
    defenses: { ...territory.defenses },
    updatedAt: territory.resourcesUpdatedAt,
  };
}

/**
 * What settling these territories to t needs, in three queries for any number of territories: their
 * queue items, their owners' research history, and the structures of the owners' other territories
 * (their player-scope effects count everywhere).
 */
async function loadInputs(em: EntityManager, territories: readonly Territory[], t: Date) {
  const items = new Map<number, QueueItem[]>();
  const research = new Map<number, QueueItem[]>();
  const structures = new Map<number, { id: number; owner: number; structures: AmountMap }[]>();
  if (territories.length === 0) return { items, research, structures };
  const ids = territories.map((x) => x.id);
  const owners = [...new Set(territories.map((x) => x.owner?.id).filter((x): x is number => x != null))];
  const oldest = new Date(Math.min(...territories.map((x) => x.resourcesUpdatedAt.getTime())));
  const local = await em.find(QueueItem, { territoryId: { $in: ids }, kind: { $in: ['building', 'recruitment', 'defense'] }, endTime: { $gt: oldest }, startTime: { $lt: t } });
  for (const i of local) items.set(i.territoryId!, [...(items.get(i.territoryId!) ?? []), i]);
  if (owners.length > 0) {
    const history = await em.find(QueueItem, { userId: { $in: owners }, kind: 'research', endTime: { $lte: t } });
    for (const r of history) research.set(r.userId, [...(research.get(r.userId) ?? []), r]);
    const rows = await em.execute<{ id: number; owner_id: number; structures: AmountMap }[]>(
      `select id, owner_id, structures from territories where owner_id in (${owners.map(() => '?').join(', ')})`,
      owners,
    );
    for (const row of rows) structures.set(row.owner_id, [...(structures.get(row.owner_id) ?? []), { id: row.id, owner: row.owner_id, structures: row.structures }]);
  }
  return { items, research, structures };
}

/** Read path: the territories as they stand at t (or each at its own time), computed without writing (no lock needed). */
export async function settledViews(
  em: EntityManager,
  catalogue: Catalogue,
  territories: readonly Territory[],
  t: Date | ReadonlyMap<number, Date>,
): Promise<Map<number, SettledTerritory>> {
  const timeOf = (territory: Territory) => (t instanceof Date ? t : (t.get(territory.id) ?? territory.resourcesUpdatedAt));
  const latest = t instanceof Date ? t : new Date(Math.max(0, ...[...t.values()].map((d) => d.getTime())));
  const inputs = await loadInputs(em, territories, latest);
  const out = new Map<number, SettledTerritory>();
  for (const territory of territories) {
    const owner = territory.owner?.id;
    const others = owner == null ? [] : (inputs.structures.get(owner) ?? []).filter((o) => o.id !== territory.id).map((o) => o.structures);
    const research = owner == null ? [] : (inputs.research.get(owner) ?? []);
    out.set(territory.id, advanceTerritory(catalogue, territoryState(territory), inputs.items.get(territory.id) ?? [], research, timeOf(territory), others));
  }
  return out;
}

/**
 * Write path: settles territories the caller has locked (lockTerritories in its transaction), each to
 * its own time, with one set of reads for all of them, and writes the results onto the entities; the
 * caller's flush stores them. Settling to a time at or before the last settle changes nothing, so a
 * job that runs twice or late is harmless.
 */
export async function settleTerritories(em: EntityManager, catalogue: Catalogue, targets: ReadonlyMap<Territory, Date>): Promise<Map<number, SettledTerritory>> {
  const territories = [...targets.keys()];
  const settled = await settledViews(em, catalogue, territories, new Map(territories.map((t) => [t.id, targets.get(t)!])));
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

/** settleTerritories for one territory. */
export async function settleTerritory(em: EntityManager, catalogue: Catalogue, territory: Territory, t: Date): Promise<SettledTerritory> {
  return (await settleTerritories(em, catalogue, new Map([[territory, t]]))).get(territory.id)!;
}

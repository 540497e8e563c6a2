import type { WorldDeps, Actor } from '../kernel/deps';
import { NOT_YOUR_TERRITORY, TERRITORY_NOT_FOUND } from '../kernel/access';
import { epochMs, sqlRows } from '../kernel/bulk-write';
import { memoised } from '../kernel/read-memo';
import { fail } from '../errors';
import type { QueueKind } from '../entities/queue-item.entity';
import type { AmountMap } from '../entities/territory.entity';
import {
  BATCH_QUEUES,
  toBuildItemView,
  toResearchItemView,
  type BatchItemView,
  type BatchQueueKind,
  type BuildQueueItemView,
  type QueuedItem,
  type ResearchQueueItemView,
} from './economy-queue-views';

/**
 * The items not finished by $1 of the queues of `kinds`, in order, as one JSON array column: plain
 * rows, instants in epoch ms (the views take Dates of them). `scope` limits queue_items (q) to the
 * queue's owner. The kinds are written into the text, not sent as an array: the planner takes an
 * array parameter for ten elements, so the kept generic plan of a prepared statement would cost more
 * than a fresh one with the real array, and PostgreSQL planned these polled reads anew at every run
 * (`--statements` in the universe bench: 0.2 ms of planning for 0.04 ms of execution).
 */
const pendingList = (scope: string, kinds: readonly QueueKind[]) => `(
  select coalesce(json_agg(json_build_object(
      'kind', q.kind, 'id', q.id, 'territoryId', q.territory_id, 'itemKey', q.item_key, 'targetLevel', q.target_level, 'quantity', q.quantity,
      'durationPerItemS', q.duration_per_item_s, 'paid', q.paid,
      'createdMs', ${epochMs('q.created_at')}, 'startMs', ${epochMs('q.start_time')}, 'endMs', ${epochMs('q.end_time')})
    order by q.start_time, q.created_at), '[]')
  from queue_items q where ${scope} and q.kind in (${kinds.map((kind) => `'${kind}'`).join(', ')}) and q.end_time > $1)`;

type PendingRow = Omit<QueuedItem, 'createdAt' | 'startTime' | 'endTime'> & { kind: QueueKind; paid: AmountMap; createdMs: number; startMs: number; endMs: number };

const queued = ({ createdMs, startMs, endMs, ...item }: PendingRow): QueuedItem => ({ ...item, createdAt: new Date(createdMs), startTime: new Date(startMs), endTime: new Date(endMs) });

/** The queues a territory holds (research is the player's). */
const TERRITORY_QUEUES: readonly QueueKind[] = ['building', 'recruitment', 'defense'];

type TerritoryQueues = { owner_id: number | null; items: PendingRow[] };

const territoryQueuesSql = (columns: string, where: string) => `select ${columns}, ${pendingList('q.territory_id = t.id', TERRITORY_QUEUES)} as items from territories t where ${where}`;

/** A territory's owner and the pending items of its three queues, in one statement (no entity is loaded). */
async function readTerritoryQueues(deps: WorldDeps, territoryId: number, now: Date): Promise<TerritoryQueues | undefined> {
  const [row] = await sqlRows<TerritoryQueues>(deps.em, territoryQueuesSql('t.owner_id', 't.id = $2'), [now, territoryId]);
  return row;
}

/** readTerritoryQueues for many territories in one statement (the kept reads refilled, kept-refill.query.ts); a territory gone is absent. */
export async function readQueuesOfTerritories(deps: Pick<WorldDeps, 'em'>, territoryIds: readonly number[], now: Date): Promise<Map<number, TerritoryQueues>> {
  const rows = await sqlRows<TerritoryQueues & { id: number }>(deps.em, territoryQueuesSql('t.id, t.owner_id', 't.id = any($2::int[])'), [now, territoryIds]);
  return new Map(rows.map((row) => [row.id, { owner_id: row.owner_id, items: row.items }]));
}

/**
 * A territory queue's pending items: 404 when there is no such territory, 403 when it is someone
 * else's. The three queues are read together, once per read-only request (the Empire screen asks for
 * all three in one batch).
 */
async function territoryQueue(deps: WorldDeps, actor: Actor, kind: QueueKind, territoryId: number, now: Date): Promise<QueuedItem[]> {
  const at = now.getTime();
  const kept = deps.reads?.kept;
  const read = () => readTerritoryQueues(deps, territoryId, now);
  const row = await memoised(deps.reads, `queues:${territoryId}@${at}`, kept ? () => kept.territory(territoryId, at, read) : read);
  if (!row) throw fail.notFound(TERRITORY_NOT_FOUND);
  if (row.owner_id !== actor.id) throw fail.forbidden(NOT_YOUR_TERRITORY);
  return pendingAt(row.items, at).filter((item) => item.kind === kind).map(queued);
}

/** The items whose end is still to come at `at`: what the read answers then (a kept read was made at an instant before). */
const pendingAt = (items: readonly PendingRow[], at: number) => items.filter((item) => item.endMs > at);

/** GET /territories/{id}/build-queue: the items not finished by now, in order. */
export async function listBuildQueue(deps: WorldDeps, actor: Actor, territoryId: number, now: Date): Promise<BuildQueueItemView[]> {
  return (await territoryQueue(deps, actor, 'building', territoryId, now)).map(toBuildItemView);
}

/** GET /research/queue: the player's research items not finished by now. */
export async function listResearchQueue(deps: WorldDeps, actor: Actor, now: Date): Promise<ResearchQueueItemView[]> {
  const at = now.getTime();
  const read = async () => (await sqlRows<{ items: PendingRow[] }>(deps.em, `select ${pendingList('q.user_id = $2', ['research'])} as items`, [now, actor.id]))[0]!.items;
  const items = deps.reads?.kept ? await deps.reads.kept.researchOf(actor.id, at, read) : await read();
  return pendingAt(items, at).map(queued).map(toResearchItemView);
}

/** Players' pending research items (the read of listResearchQueue), in one statement; every id asked for is answered. */
export async function readResearchQueuesOf(deps: Pick<WorldDeps, 'em'>, userIds: readonly number[], now: Date): Promise<Map<number, PendingRow[]>> {
  const rows = await sqlRows<{ id: number; items: PendingRow[] }>(
    deps.em,
    `select p.id, ${pendingList('q.user_id = p.id', ['research'])} as items from unnest($2::int[]) p(id)`,
    [now, userIds],
  );
  return new Map(rows.map((row) => [row.id, row.items]));
}

/** GET /territories/{id}/recruitment-queue or /defense-queue: the batches not finished by now. */
export async function listBatchQueue<K extends BatchQueueKind>(deps: WorldDeps, actor: Actor, kind: K, territoryId: number, now: Date): Promise<BatchItemView<K>[]> {
  return (await territoryQueue(deps, actor, kind, territoryId, now)).map((item) => BATCH_QUEUES[kind].view(item, now) as BatchItemView<K>);
}

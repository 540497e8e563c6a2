import { Movement } from '../entities/movement.entity';
import { QueueItem } from '../entities/queue-item.entity';
import type { WorldDeps } from '../kernel/deps';
import { msUntil } from '../kernel/bulk-write';

/** What the sim-worker's sweeps read: the due work no job has applied yet, and when the next comes due. */

/** Legs whose arrival time has passed but that no job has applied yet (worker downtime, lost jobs), oldest first. */
export async function dueMovementLegs(deps: Pick<WorldDeps, 'em'>, before: Date, limit = 500): Promise<{ id: string; leg: number }[]> {
  const rows = await deps.em.fork().find(Movement, { arrivalTime: { $lte: before } }, { fields: ['id', 'leg'], orderBy: { arrivalTime: 'asc' }, limit });
  return rows.map((r) => ({ id: r.id, leg: r.leg }));
}

/** Milliseconds until the next leg comes due (the database's clock), or null when no fleet is flying: the worker wakes then. */
export async function nextArrivalIn(deps: Pick<WorldDeps, 'em'>): Promise<number | null> {
  return msUntil(deps.em.fork(), 'select min(arrival_time) as at from movements where arrival_time > now()');
}

/** Items whose end time has passed but that no job has announced yet (worker downtime, lost jobs), oldest first. */
export async function dueQueueItemIds(deps: Pick<WorldDeps, 'em'>, now: Date, limit = 500): Promise<string[]> {
  const rows = await deps.em.fork().find(QueueItem, { completedAt: null, endTime: { $lte: now } }, { fields: ['id'], orderBy: { endTime: 'asc' }, limit });
  return rows.map((r) => r.id);
}

/** Milliseconds until the next item ends (the database's clock), or null when no queue runs: the worker wakes then. */
export async function nextCompletionIn(deps: Pick<WorldDeps, 'em'>): Promise<number | null> {
  return msUntil(deps.em.fork(), 'select min(end_time) as at from queue_items where completed_at is null and end_time > now()');
}

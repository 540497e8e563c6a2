import { Movement } from '../entities/movement.entity';
import type { WorldDeps } from '../kernel/deps';
import { msUntil } from '../kernel/bulk-write';

/** Legs whose arrival time has passed but that no job has applied yet (worker downtime, lost jobs), oldest first. */
export async function dueMovementLegs(deps: Pick<WorldDeps, 'em'>, before: Date, limit = 500): Promise<{ id: string; leg: number }[]> {
  const rows = await deps.em.fork().find(Movement, { arrivalTime: { $lte: before } }, { fields: ['id', 'leg'], orderBy: { arrivalTime: 'asc' }, limit });
  return rows.map((r) => ({ id: r.id, leg: r.leg }));
}

/** Milliseconds until the next leg comes due (the database's clock), or null when no fleet is flying: the worker wakes then. */
export async function nextArrivalIn(deps: Pick<WorldDeps, 'em'>): Promise<number | null> {
  return msUntil(deps.em.fork(), 'select min(arrival_time) as at from movements where arrival_time > now()');
}

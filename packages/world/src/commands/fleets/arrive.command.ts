import { LockMode } from '@mikro-orm/postgresql';
import { Movement } from '../../entities/movement.entity';
import { Territory } from '../../entities/territory.entity';
import { User } from '../../entities/user.entity';
import { lockTerritories } from '../../kernel/access';
import { lockArriving, lockPlayer } from '../../kernel/locks';
import { inTransaction, type WorldDeps } from '../../kernel/deps';
import { settleTerritory, type SettledTerritory } from '../../settle';
import { msUntil } from '../../kernel/bulk-write';
import { ARRIVALS } from './arrivals';

export type ArrivalOutcome = 'applied' | 'stale' | 'not-due' | 'missing';

/**
 * The sim-worker's arrival of one leg of a movement. Lock order: the owner's row (colonizing only:
 * it bounds their territories), the movement row (with the rows its arrival changes: lockArriving), then the territories at both ends in id order,
 * each settled to the arrival instant; then the mission's handler (arrivals/<mission>.ts).
 * Applied exactly once: the locked row must still be on the job's leg and due; the handler moves it
 * to its next leg or deletes it, so a second run (or a second worker, which waits on the lock) finds
 * a different leg or no row and changes nothing. A worker that dies half way rolls everything back.
 */
export async function applyArrival(deps: WorldDeps, job: { id: string; leg: number }, now: Date): Promise<ArrivalOutcome> {
  return inTransaction(deps, async (tx) => {
    const peek = await tx.em.findOne(Movement, { id: job.id });
    if (!peek || peek.leg !== job.leg) return peek ? 'stale' : 'missing';
    if (peek.mission === 'COLONIZE') await lockPlayer(tx.em, { id: peek.userId });
    const m = peek.mission === 'COLONIZE'
      ? await tx.em.findOne(Movement, { id: job.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true })
      : (await lockArriving(tx.em, [job.id])).find((l) => l.id === job.id);
    if (!m) return 'missing';
    if (m.leg !== job.leg) return 'stale';
    if (!m.arrivalTime || m.arrivalTime > now) return 'not-due';
    const handler = ARRIVALS[m.mission];
    if (!handler) throw new Error(`No arrival handler for mission ${m.mission} (movement ${m.id})`);
    const at = m.arrivalTime;

    const atTarget = await tx.em.findOne(Territory, { region: m.targetRegion, subRegion: m.targetSubRegion, position: m.targetPosition }, { fields: ['id'] });
    const ids = [m.startTerritoryId, atTarget?.id].filter((id): id is number => id != null);
    const locked = await lockTerritories(tx.em, ids);
    const settled = new Map<number, SettledTerritory>();
    for (const territory of locked.values()) settled.set(territory.id, await settleTerritory(tx.em, tx.catalogue, territory, at));
    const owner = await tx.em.findOne(User, { id: m.userId }, { fields: ['username'] });

    await handler({
      tx,
      movement: m,
      at,
      now,
      start: (m.startTerritoryId != null ? locked.get(m.startTerritoryId) : null) ?? null,
      target: (atTarget ? locked.get(atTarget.id) : null) ?? null,
      settled,
      ownerName: owner?.username ?? 'Another player',
    });
    await tx.em.flush();
    return 'applied';
  });
}

/** Legs whose arrival time has passed but that no job has applied yet (worker downtime, lost jobs), oldest first. */
export async function dueMovementLegs(deps: Pick<WorldDeps, 'em'>, before: Date, limit = 500): Promise<{ id: string; leg: number }[]> {
  const rows = await deps.em.fork().find(Movement, { arrivalTime: { $lte: before } }, { fields: ['id', 'leg'], orderBy: { arrivalTime: 'asc' }, limit });
  return rows.map((r) => ({ id: r.id, leg: r.leg }));
}

/** Milliseconds until the next leg comes due (the database's clock), or null when no fleet is flying: the worker wakes then. */
export async function nextArrivalIn(deps: Pick<WorldDeps, 'em'>): Promise<number | null> {
  return msUntil(deps.em.fork(), 'select min(arrival_time) as at from movements where arrival_time > now()');
}

import type { MessageType } from '@brood/contracts';
import type { MovementContent } from '@brood/contracts';
import { isRecallable, legArrival, recallReturnArrival } from '@brood/game-core';
import { fail } from '../../errors';
import type { Movement } from '../../entities/movement.entity';
import { JOBS } from '../../job-contracts';
import { scheduleJob, scheduleJobs } from '../../jobs';
import { inTransaction, type WorldDeps } from '../../kernel/deps';
import { addNotifications, type AnnounceAs, type NewNotification, type NotificationEntry } from '../notifications';
import { refreshDeferredScores, type DeferredScores } from '../scores';
import type { DeferredEvents } from '../wreckage';
import type { TerritoryRow } from '../../kernel/access';
import { addAmounts, movementContent, type Ends } from './fleet-parts';

/**
 * Scheduling a movement's legs. Every change of a movement's arrival bumps `leg` and schedules a job
 * for the new leg in the same transaction; a job for an older leg then finds nothing to do.
 */

/**
 * The outbox of a fleet transaction (an arrival batch, a dispatch, a recall, a join): what it does
 * once at its end rather than at each happening: store and announce the notifications with its other
 * events (one insert, one NOTIFY), refresh the scores it changed and schedule the next legs (one
 * insert). notifyMovement, turnAround and the rest add to it; `flushLater` does the work.
 */
export interface Later extends DeferredScores, DeferredEvents {
  notes: NotificationEntry[];
  legs: Movement[];
  /** Movements of the batch another one's arrival already applied (an attack group fights as one): skipped. */
  done: Set<Movement>;
}

/** A transaction of fleet commands, with its outbox. */
export type LegsTx = WorldDeps & { later: Later };

export const newLater = (): Later => ({ notes: [], legs: [], done: new Set() });

/** inTransaction for a fleet command: its work collects into an outbox that is stored before the commit. */
export function inFleetTransaction<T>(deps: WorldDeps, now: Date, work: (tx: LegsTx) => Promise<T>): Promise<T> {
  return inTransaction(deps, async (tx) => {
    const later = newLater();
    const result = await work({ ...tx, later });
    await flushLater(tx, later, now);
    return result;
  });
}

/** Stores a batch's changes, then its notifications and the jobs of its next legs. */
export async function flushLater(tx: WorldDeps, later: Later, now: Date): Promise<void> {
  await tx.em.flush();
  await refreshDeferredScores(tx, later, now);
  await addNotifications(tx, later.notes, now, later.events);
  await scheduleJobs(tx, JOBS.movementArrival, later.legs.filter((m) => m.arrivalTime).map((m) => ({ payload: { id: m.id, leg: m.leg }, startAfter: m.arrivalTime! })));
}

/** Schedules the arrival job of the movement's current leg (the caller has flushed the row). */
export async function scheduleArrival(tx: WorldDeps, m: Movement): Promise<void> {
  if (!m.arrivalTime) return;
  await scheduleJob(tx, JOBS.movementArrival, { id: m.id, leg: m.leg }, { startAfter: m.arrivalTime });
}

/**
 * Turns a fleet home: it becomes a RETURN leg from `departAt`, arriving at `arriveAt` (by default
 * after one whole leg), and the job for that arrival is scheduled.
 */
export async function turnAround(tx: LegsTx, m: Movement, departAt: Date, arriveAt = new Date(legArrival(departAt.getTime(), m.oneWaySeconds))): Promise<void> {
  if (m.mission !== 'RETURN') m.originalMission = m.mission;
  m.mission = 'RETURN';
  m.exploringSince = null;
  await nextLeg(tx, m, departAt, arriveAt);
}

/** Starts the movement's next leg, from `departAt` to `arriveAt` (its mission unchanged), and schedules its arrival. */
export async function nextLeg(tx: LegsTx, m: Movement, departAt: Date, arriveAt: Date): Promise<void> {
  m.startTime = departAt;
  m.arrivalTime = arriveAt;
  m.leg += 1;
  tx.later.legs.push(m);
}

/** A recall: turns the fleet around at `now` (back after as long as it had flown; a stationed or exploring fleet flies a whole leg). */
export async function turnHome(tx: LegsTx, m: Movement, now: Date): Promise<void> {
  if (!isRecallable(m.mission, m.arrivalTime?.getTime() ?? null, now.getTime())) {
    throw fail.conflict(m.mission === 'RETURN' ? 'This fleet is already returning' : 'This fleet has already arrived and cannot be recalled');
  }
  // A fleet exploring at its target (its stay is the current leg) is there already: it flies the whole leg home.
  const flying = m.exploringSince ? null : (m.arrivalTime?.getTime() ?? null);
  const back = recallReturnArrival(m.startTime.getTime(), flying, now.getTime(), m.oneWaySeconds);
  await turnAround(tx, m, now, new Date(back));
}

/** The real-time event an arrival's notification rides on: the fleet reached a target (movements and stocks changed). */
export const arrivedEvent = (m: Movement, territoryId: number | null | undefined): AnnounceAs => ({ event: 'MOVEMENT_ARRIVED', data: { movement_id: m.id, territory_id: territoryId ?? null } });

/** Stores a movement notification (content from the movement, plus the happening's fields) and announces it. */
export async function notifyMovement(
  tx: LegsTx,
  userId: number,
  note: { type: Extract<MessageType, MovementType>; title: string; extra?: Partial<MovementContent>; as?: AnnounceAs },
  m: Movement,
  ends: Ends,
): Promise<void> {
  const input = { message_type: note.type, title: note.title, content: movementContent(m, ends, note.extra), related_object_id: m.id };
  await notifyInLegs(tx, userId, input, note.as);
}

/** Stores any notification of a fleet transaction (a report, an alert) and announces it, at the transaction's end. */
export async function notifyInLegs<T extends MessageType>(tx: LegsTx, userId: number, input: NewNotification<T>, as?: AnnounceAs): Promise<void> {
  tx.later.notes.push({ userId, input: input as NewNotification, as });
}

/** The fleet lands for good: its units and cargo join `territory`, the owner is told (`note`), and the movement ends. */
export async function landAndEnd(tx: LegsTx, m: Movement, territory: TerritoryRow, note: Parameters<typeof notifyMovement>[2], ends: Ends): Promise<void> {
  territory.units = addAmounts(territory.units, m.units);
  territory.resources = addAmounts(territory.resources, m.resources);
  await notifyMovement(tx, m.userId, note, m, ends);
  tx.em.remove(m);
}

type MovementType =
  | 'FLEET_LAUNCHED'
  | 'FLEET_ARRIVED_AT_DESTINATION'
  | 'FLEET_RECALLED'
  | 'FLEET_RETURNED_TO_ORIGIN'
  | 'FLEET_LOST'
  | 'TRANSPORT_COMPLETED'
  | 'TRANSPORT_FAILED'
  | 'STATIONING_COMPLETED'
  | 'STATIONING_FAILED'
  | 'COLONIZATION_SUCCESSFUL'
  | 'COLONIZATION_FAILED'
  | 'ALLIED_STATIONING_CANCELLED_BY_TARGET';

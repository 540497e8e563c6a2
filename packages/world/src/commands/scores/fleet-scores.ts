import type { EntityManager } from '@mikro-orm/postgresql';
import type { Catalogue } from '@brood/game-data';
import { refreshPlayerScores } from './player-scores';

/** Players whose scores an arrival batch brings up to date once, at its end (`Later` of fleets/fleet-legs.ts). */
export interface DeferredScores {
  scoreUsers?: Set<number>;
}

/** A fleet transaction: with `later`, an arrival batch's, which refreshes scores once at its end. */
export interface ScoreTx {
  em: EntityManager;
  catalogue: Catalogue;
  later?: DeferredScores;
}

/**
 * A fleet happening changed what these players own (units lost or gained away from home, a colonizer
 * spent on a new territory): their scores are refreshed in the same transaction, at once, or in an
 * arrival batch once at its end (refreshDeferredScores) after the batch's changes are stored.
 * Dispatch, recall and an ordinary landing move units between a territory and a movement, both of
 * which count, so they change no score and need no call.
 */
export async function fleetScoresChanged(tx: ScoreTx, userIds: readonly number[], now: Date): Promise<void> {
  if (tx.later) {
    const users = (tx.later.scoreUsers ??= new Set());
    for (const id of userIds) users.add(id);
    return;
  }
  await tx.em.flush();
  await refreshPlayerScores(tx.em, tx.catalogue, userIds, now);
}

/** The end of an arrival batch: refreshes the scores fleetScoresChanged deferred (the caller has flushed). */
export async function refreshDeferredScores(tx: ScoreTx, later: DeferredScores, now: Date): Promise<void> {
  if (later.scoreUsers?.size) await refreshPlayerScores(tx.em, tx.catalogue, [...later.scoreUsers], now);
}

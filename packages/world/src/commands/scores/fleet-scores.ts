import type { EntityManager } from '@mikro-orm/postgresql';
import type { Catalogue } from '@brood/game-data';
import { refreshPlayerScores } from './player-scores';

/** Players whose scores an arrival batch brings up to date once, at its end (`Later` of fleets/fleet-legs.ts). */
export interface DeferredScores {
  scoreUsers?: Set<number>;
}

/** A fleet transaction, which refreshes scores once at its end. */
export interface ScoreTx {
  em: EntityManager;
  catalogue: Catalogue;
  later: DeferredScores;
}

/**
 * A fleet happening changed what these players own (units lost or gained away from home, a colonizer
 * spent on a new territory): their scores are refreshed in the same transaction, once at its end
 * (refreshDeferredScores), after its changes are stored.
 * Dispatch, recall and an ordinary landing move units between a territory and a movement, both of
 * which count, so they change no score and need no call.
 */
export async function fleetScoresChanged(tx: ScoreTx, userIds: readonly number[]): Promise<void> {
  const users = (tx.later.scoreUsers ??= new Set());
  for (const id of userIds) users.add(id);
}

/** The end of an arrival batch: refreshes the scores fleetScoresChanged deferred (the caller has flushed). */
export async function refreshDeferredScores(tx: Omit<ScoreTx, 'later'>, later: DeferredScores, now: Date): Promise<void> {
  if (later.scoreUsers?.size) await refreshPlayerScores(tx.em, tx.catalogue, [...later.scoreUsers], now);
}

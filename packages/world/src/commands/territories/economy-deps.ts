import type { Catalogue } from '@brood/game-data';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';

/**
 * What an economy command needs: a fresh EntityManager (a command opens its own transaction), the
 * catalogue, and pg-boss to schedule completion jobs in that transaction.
 */
export interface EconomyDeps {
  em: EntityManager;
  catalogue: Catalogue;
  boss: PgBoss;
}

/** Runs `work` in one transaction, handing it the deps bound to the transaction's EntityManager. */
export function inTransaction<T>(deps: EconomyDeps, work: (tx: EconomyDeps) => Promise<T>): Promise<T> {
  return deps.em.transactional((em) => work({ ...deps, em }));
}

/** The signed-in player a command acts for. */
export interface Actor {
  id: number;
}

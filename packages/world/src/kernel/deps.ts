import type { Catalogue } from '@brood/game-data';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import type { ReadMemo } from './read-memo';

/**
 * What every world command needs: an EntityManager (a command opens its own transaction on it), the
 * universe's catalogue, and pg-boss to schedule the jobs its events become, in that transaction.
 */
export interface WorldDeps {
  em: EntityManager;
  catalogue: Catalogue;
  boss: PgBoss;
  /** The reads a read-only request's queries share (read-memo.ts); absent for commands. */
  reads?: ReadMemo;
}

/** Runs `work` in one transaction, handing it the deps bound to the transaction's EntityManager (and no read memo). */
export function inTransaction<T>(deps: WorldDeps, work: (tx: WorldDeps) => Promise<T>): Promise<T> {
  return deps.em.transactional((em) => work({ ...deps, em, reads: undefined }));
}

/** The signed-in player a command acts for. */
export interface Actor {
  id: number;
}

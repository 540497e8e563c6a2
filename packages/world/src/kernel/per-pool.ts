import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * What a process keeps for the connection pool (an ORM) `em` reads through, made by `make` on first
 * use: ORMs on two databases in one process (the tests', a replica's) never share what they keep.
 */
export function perPool<T>(kept: WeakMap<object, T>, em: EntityManager, make: () => T): T {
  const pool = em.getDriver();
  let value = kept.get(pool);
  if (value === undefined) {
    value = make();
    kept.set(pool, value);
  }
  return value;
}

import type pg from 'pg';
import { z } from 'zod';

/**
 * PostgreSQL plans a statement sent without a name every time it runs. The game's statements are few
 * and run over and over (a poll's queue and fleet reads, a command's territory lock), and their plans
 * cost more than running them: in the universe bench (`--statements`), 31,000 plans took 7.4 s of the
 * database's time against 3.8 s of execution, the fleet list's 1 ms plan for a 0.05 ms run the largest.
 *
 * So each pooled connection prepares a statement the process has sent before: it is sent with a name
 * (node-postgres parses it once per connection and then only binds it), and PostgreSQL keeps its plan,
 * choosing per run between the kept generic plan and a custom one by their costs, as for any prepared
 * statement. The result is the same; only planning is saved. Bounds:
 * - a text is named the second time the process sees it, so a one-off (a bulk write's list of a length
 *   seen once) is not kept anywhere;
 * - a connection keeps at most MAX_PER_CONNECTION statements; later texts go unnamed on it;
 * - only statements with parameters (already on the extended protocol, one statement each) are named:
 *   a text without any may hold several statements, which the simple protocol allows.
 *
 * A pooler in transaction mode (PgBouncer before 1.21) hands each transaction another server
 * connection, where the name is unknown: behind one, set DB_PREPARED_STATEMENTS=off (docs/scaling.md).
 */
export const MAX_PER_CONNECTION = 200;
/** Texts the process remembers having seen; past this many the memory starts again (a text is then named from its next sighting). */
export const MAX_REMEMBERED = 5_000;

export const DatabaseStatementsEnv = {
  DB_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
};

/** The process-wide memory of statement texts: how often each was seen, and its name once it has one. */
export class StatementNames {
  private readonly seen = new Map<string, string | null>();
  private next = 0;

  /** The name to send `text` under, or null while it has been seen only once. */
  nameOf(text: string): string | null {
    const known = this.seen.get(text);
    if (known) return known;
    if (known === null) {
      const name = `brood_${(this.next++).toString(36)}`;
      this.seen.set(text, name);
      return name;
    }
    if (this.seen.size >= MAX_REMEMBERED) this.seen.clear();
    this.seen.set(text, null);
    return null;
  }
}

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Makes `client` send the repeated statements of `names` under their names (see above). Called on every
 * new connection of a pool (pg's 'connect' event).
 */
export function prepareRepeatedStatements(client: pg.Client, names: StatementNames): void {
  const query = client.query.bind(client) as Query;
  const prepared = new Set<string>();
  (client as unknown as { query: Query }).query = (config, values, callback) => {
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0 && typeof callback !== 'function') {
      const name = names.nameOf(config);
      if (name && (prepared.has(name) || prepared.size < MAX_PER_CONNECTION)) {
        prepared.add(name);
        return query({ name, text: config, values });
      }
    }
    return query(config, values, callback);
  };
}

/** pg pool options that prepare repeated statements on each connection (`on`), or none (`off`, or not given). */
export function preparedStatementOptions(mode: 'on' | 'off' = 'on'): { onPoolCreated?: (pool: pg.Pool) => void } {
  if (mode === 'off') return {};
  const names = new StatementNames();
  return { onPoolCreated: (pool) => pool.on('connect', (client) => prepareRepeatedStatements(client, names)) };
}

import type pg from 'pg';
import type { EmbeddedDatabase } from '@brood/world/dev';

/**
 * `--statements`: what the database spent its time on in each step. The bench's own embedded server is
 * restarted with pg_stat_statements loaded before the run (the api and the worker reconnect, as after
 * any restart; nothing of it is counted); the counts start again when a step starts (resetStatements:
 * the warm-up and each ramp-in's sign-ins are left out), and the statements that took the most time
 * are printed when it ends.
 */
export async function countStatements(sql: pg.Pool, embedded: EmbeddedDatabase): Promise<void> {
  await sql.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
  await sql.query(`alter system set pg_stat_statements.track_planning = on`);
  await embedded.restart();
  for (let tries = 0; ; tries += 1) {
    try {
      await sql.query('create extension if not exists pg_stat_statements');
      break;
    } catch (error) {
      if (tries >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100)); // the pool's connections were cut by the restart
    }
  }
  await resetStatements(sql);
}

/** Counts from now: the statements, and the database's own counters (connections opened). */
export async function resetStatements(sql: pg.Pool): Promise<void> {
  await sql.query('select pg_stat_statements_reset()');
  await sql.query('select pg_stat_reset()');
}

interface StatementRow {
  calls: number;
  ms: number;
  each: string;
  planMs: number;
  plans: number;
  query: string;
}

/** The `limit` statements first in `order` (an ORDER BY of pg_stat_statements' columns). */
async function statementsBy(sql: pg.Pool, order: string, limit: number): Promise<StatementRow[]> {
  const { rows } = await sql.query<StatementRow>(
    `select calls, round(total_exec_time)::int as ms, round((total_exec_time / nullif(calls, 0))::numeric, 3) as each, round(total_plan_time)::int as "planMs", plans::int,
       left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as query
     from pg_stat_statements order by ${order} desc limit $1`, [limit]);
  return rows;
}

const line = (r: StatementRow) =>
  `  ${String(r.calls).padStart(7)} x ${String(r.each).padStart(8)} ms = ${String(r.ms).padStart(6)} ms, ${String(r.plans).padStart(6)} plans in planning ${String(r.planMs).padStart(5)} ms  ${r.query}`;

/** The statements by time spent, the `top` first, with the totals; then those planned most. */
export async function printStatements(sql: pg.Pool, top = 25): Promise<void> {
  const total = (await sql.query<{ calls: number; ms: number; plans: number; planMs: number }>(
    'select sum(calls)::int as calls, round(sum(total_exec_time))::int as ms, sum(plans)::int as plans, round(sum(total_plan_time))::int as "planMs" from pg_stat_statements')).rows[0]!;
  console.log(
    `statements: ${total.calls.toLocaleString('en')} run, ${total.ms.toLocaleString('en')} ms executing, ${total.plans.toLocaleString('en')} plans made in ` +
      `${total.planMs.toLocaleString('en')} ms (the step's: warm-up and ramp-in excluded); by time spent planning and executing:`,
  );
  // A new connection starts a server process that loads its catalogue caches and prepares its statements anew.
  const sessions = (await sql.query<{ n: number }>('select sessions::int as n from pg_stat_database where datname = current_database()')).rows[0]!.n;
  console.log(`  connections opened during the step: ${sessions.toLocaleString('en')}`);
  for (const r of await statementsBy(sql, 'total_exec_time + total_plan_time', top)) console.log(line(r));
  // A statement planned at (nearly) every run is sent unnamed, or PostgreSQL finds its kept generic plan dearer than a fresh one.
  console.log('  by time spent planning:');
  for (const r of await statementsBy(sql, 'total_plan_time', 12)) console.log(line(r));
  // Each statement is a round trip: a socket write and a wake-up on both sides, whatever it runs (a begin or a commit too).
  console.log('  by runs:');
  for (const r of await statementsBy(sql, 'calls', 12)) console.log(line(r));
}

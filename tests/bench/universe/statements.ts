import type pg from 'pg';
import type { EmbeddedDatabase } from '@brood/world/dev';

/**
 * `--statements`: what the database spent its time on. The bench's own embedded server is restarted
 * with pg_stat_statements loaded before the run (the api and the worker reconnect, as after any
 * restart; nothing of it is counted), and the statements that took the most time are printed after.
 */
export async function countStatements(sql: pg.Pool, embedded: EmbeddedDatabase): Promise<void> {
  await sql.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
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
  await sql.query('select pg_stat_statements_reset()');
}

/** The statements by time spent, the `top` first, with the totals. */
export async function printStatements(sql: pg.Pool, top = 25): Promise<void> {
  const total = (await sql.query<{ calls: number; ms: number }>('select sum(calls)::int as calls, round(sum(total_exec_time))::int as ms from pg_stat_statements')).rows[0]!;
  const { rows } = await sql.query<{ calls: number; ms: number; each: string; query: string }>(
    `select calls, round(total_exec_time)::int as ms, round((total_exec_time / calls)::numeric, 3) as each, left(regexp_replace(query, '\\s+', ' ', 'g'), 120) as query
     from pg_stat_statements order by total_exec_time desc limit $1`, [top]);
  console.log(`statements: ${total.calls.toLocaleString('en')} run, ${total.ms.toLocaleString('en')} ms executing (the run's, seed excluded); by time spent:`);
  for (const r of rows) console.log(`  ${String(r.calls).padStart(7)} x ${String(r.each).padStart(8)} ms = ${String(r.ms).padStart(6)} ms  ${r.query}`);
}

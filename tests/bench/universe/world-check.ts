import type pg from 'pg';

/**
 * The world check after a universe run (issue #30): SQL over the game's own tables, plus an
 * arrival log the bench keeps in the database it loads (bench_arrivals, filled by a trigger on
 * movements in the worker's own transaction, so a rolled-back arrival leaves no row).
 *
 * - No negative stock: no resource, unit or defense count below zero, at home or in a fleet.
 * - Units conserved across fleets and battles, per unit kind: what is at home and in fleets changed
 *   by exactly what was recruited (completed recruitment items; the model recruits one at a time)
 *   less what battles took (each participant's initial units less its survivors and the units its
 *   bunker saved), less spies lost to detection, less exploration's losses, plus its gains. Every
 *   term is read as a running total in one snapshot at the start and one at the end.
 * - Every arrival applied once: no movement or queue item overdue once the worker has caught up
 *   (nothing lost), no arrival logged twice for the same movement, leg and due time, and no
 *   transport delivered twice (transport_deliveries).
 */

export async function installArrivalLog(sql: pg.Pool): Promise<void> {
  await sql.query(`
    create table if not exists bench_arrivals (movement_id uuid not null, leg int not null, due timestamptz not null, applied_at timestamptz not null, mission text not null);
    create or replace function bench_log_arrival() returns trigger language plpgsql as $$
    begin
      if old.arrival_time is not null and old.arrival_time <= clock_timestamp()
         and (tg_op = 'DELETE' or new.leg is distinct from old.leg or new.arrival_time is distinct from old.arrival_time) then
        insert into bench_arrivals values (old.id, old.leg, old.arrival_time, clock_timestamp(), old.mission);
      end if;
      return null;
    end $$;
    drop trigger if exists bench_log_arrival on movements;
    create trigger bench_log_arrival after update or delete on movements for each row execute function bench_log_arrival();`);
}

export async function removeArrivalLog(sql: pg.Pool): Promise<void> {
  await sql.query('drop trigger if exists bench_log_arrival on movements; drop function if exists bench_log_arrival(); drop table if exists bench_arrivals');
}

type Counts = Record<string, number>;
export interface Ledger {
  holdings: Counts;
  recruited: Counts;
  battleLost: Counts;
  spiesLost: Counts;
  exploreLost: Counts;
  exploreGained: Counts;
}

const counts = (rows: { k: string; n: string | number }[]): Counts => Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]));

/** The running totals of the unit ledger, in one snapshot. `spyUnit` is the unit a SPY fleet flies (the model sends only it). */
export async function ledger(sql: pg.Pool, unitKeys: readonly string[], spyUnit: string): Promise<Ledger> {
  const client = await sql.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const q = async (text: string) => counts((await client.query<{ k: string; n: string }>(text, [unitKeys])).rows);
    const holdings = await q(`select u.key as k, sum(u.value::bigint) as n from (select units from territories union all select units from movements) x, jsonb_each_text(x.units) u
      where u.key = any($1) group by 1`);
    const recruited = await q(`select item_key as k, sum(quantity) as n from queue_items where kind = 'recruitment' and completed_at is not null and item_key = any($1) group by 1`);
    const battleLost = await q(`select i.key as k, sum(i.value::bigint - coalesce((p -> 'survivors' ->> i.key)::bigint, 0) - coalesce((p -> 'units_saved_by_bunker' ->> i.key)::bigint, 0)) as n
      from battles b, json_array_elements(b.report -> 'participant_results') p, json_each_text(p -> 'initial_units') i where i.key = any($1) group by 1`);
    const spies = await client.query<{ n: string | null }>(`select sum((content ->> 'spies_lost')::int) as n from notifications where message_type = 'SPY_REPORT' and content ? 'spies_lost'`);
    const explore = async (field: string) => q(`select u.key as k, sum(u.value::bigint) as n from notifications n, jsonb_each_text(n.content -> '${field}') u
      where n.message_type in ('EXPLORATION_SUCCESSFUL', 'EXPLORATION_FAILED') and jsonb_typeof(n.content -> '${field}') = 'object' and u.key = any($1) group by 1`);
    const exploreLost = await explore('lost_units');
    const added = await explore('added_units');
    const surrendered = await explore('gained_surrendered_units');
    await client.query('commit');
    const exploreGained: Counts = { ...added };
    for (const [k, n] of Object.entries(surrendered)) exploreGained[k] = (exploreGained[k] ?? 0) + n;
    return { holdings, recruited, battleLost, spiesLost: { [spyUnit]: Number(spies.rows[0]?.n ?? 0) }, exploreLost, exploreGained };
  } finally {
    client.release();
  }
}

/** Per unit kind, how far the holdings moved from what the ledger explains (0 everywhere: conserved). Pure. */
export function imbalance(before: Ledger, after: Ledger): Counts {
  const d = (f: keyof Ledger, k: string) => (after[f][k] ?? 0) - (before[f][k] ?? 0);
  const keys = new Set(Object.values(after).concat(Object.values(before)).flatMap((c: Counts) => Object.keys(c)));
  const out: Counts = {};
  for (const k of keys) {
    const off = d('holdings', k) - (d('recruited', k) - d('battleLost', k) - d('spiesLost', k) - d('exploreLost', k) + d('exploreGained', k));
    if (off !== 0) out[k] = off;
  }
  return out;
}

export interface WorldCheck {
  ok: boolean;
  lines: string[];
}

/** Waits (up to `waitMs`) for the worker to apply everything due, then checks the world against the ledger taken at the start. */
export async function checkWorld(sql: pg.Pool, start: Ledger, unitKeys: readonly string[], spyUnit: string, waitMs = 60_000): Promise<WorldCheck> {
  // Nothing due left, however recent: a command that settles a territory stores the units a batch
  // delivered by then while the item's completed_at (what `recruited` counts) waits for the worker, so
  // a snapshot taken between the two sees a unit the ledger does not explain yet. Once the step's
  // commands are answered only the worker writes, and it stores and completes in one transaction.
  const overdue = async () => {
    const { rows } = await sql.query<{ m: string; q: string }>(
      `select (select count(*) from movements where arrival_time < now()) as m,
              (select count(*) from queue_items where completed_at is null and end_time < now()) as q`);
    return { movements: Number(rows[0]!.m), queue: Number(rows[0]!.q) };
  };
  const deadline = Date.now() + waitMs;
  let late = await overdue();
  while ((late.movements > 0 || late.queue > 0) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    late = await overdue();
  }
  // The end snapshot is taken with nothing overdue, so no arrival is half counted.
  const end = await ledger(sql, unitKeys, spyUnit);
  const negative = Number((await sql.query<{ n: string }>(
    `select (select count(*) from territories t, lateral (select value from jsonb_each_text(t.resources) union all select value from jsonb_each_text(t.units)
               union all select value from jsonb_each_text(t.defenses)) v where v.value::numeric < 0)
          + (select count(*) from movements m, lateral (select value from jsonb_each_text(m.units) union all select value from jsonb_each_text(m.resources)) v
               where v.value::numeric < 0) as n`)).rows[0]!.n);
  const twice = (await sql.query<{ movement_id: string; leg: number; n: string }>(
    'select movement_id, leg, count(*) as n from bench_arrivals group by movement_id, leg, due having count(*) > 1 limit 5')).rows;
  // A transport delivers its cargo once (the game's own record of each delivery, migration 0080).
  const deliveredTwice = (await sql.query<{ movement_id: string; leg: number; n: string }>(
    'select movement_id, -1 as leg, count(*) as n from transport_deliveries group by movement_id having count(*) > 1 limit 5')).rows;
  twice.push(...deliveredTwice);
  const applied = Number((await sql.query<{ n: string }>('select count(*) as n from bench_arrivals')).rows[0]!.n);
  const off = imbalance(start, end);
  const lines = [
    `no negative stock: ${negative === 0 ? 'yes' : `NO, ${negative} negative counts`}`,
    `units conserved across fleets and battles: ${Object.keys(off).length === 0 ? 'yes' : `NO, off by ${JSON.stringify(off)}`} ` +
      `(recruited ${JSON.stringify(diff(start.recruited, end.recruited))}, lost in battles ${JSON.stringify(diff(start.battleLost, end.battleLost))})`,
    `every arrival applied once: ${late.movements === 0 && late.queue === 0 && twice.length === 0 ? 'yes' : 'NO'} (${applied} arrivals applied; ` +
      `${late.movements} fleets and ${late.queue} queue items still overdue; ${twice.length} applied twice${twice.length ? `: ${JSON.stringify(twice)}` : ''})`,
  ];
  return { ok: negative === 0 && Object.keys(off).length === 0 && late.movements === 0 && late.queue === 0 && twice.length === 0, lines };
}

const diff = (a: Counts, b: Counts): Counts => Object.fromEntries(Object.keys(b).map((k) => [k, (b[k] ?? 0) - (a[k] ?? 0)]).filter(([, n]) => n !== 0));

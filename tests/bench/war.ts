/**
 * War (issue #13): the whole arrival of a 10-party battle (8 attackers in one attack group, the
 * defender, a stationed ally; 30 unit types, 100,000 units a party): locks, settle, battle, writes,
 * stored battle, reports, notifications, NOTIFY, next legs, all in one arriveMovements call, timed
 * end to end. Goal: p95 under 50 ms. And the stored report of a 1,000,000 v 1,000,000 battle: under 200 KB.
 * (resolveBattle alone for 1M v 1M is timed by packages/game-core/bench/run.ts.) Prints figures and the
 * breakdown of a run (statements and their waits, JavaScript); exits 1 when a goal is missed.
 *
 *   npx tsx tests/bench/war.ts [--runs N]   (WAR_BENCH_STATEMENTS=60 lists every statement of the breakdown)
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import pg from 'pg';
import { createRng, resolveBattle, type BattleInput } from '@brood/game-core';
import { loadCatalogue } from '@brood/game-data';
import { arriveMovements, createBoss, foundTerritory, storeBattle } from '@brood/world';
import { createTestDatabase } from '@brood/world/testing';
import { benchArmy, benchUnits } from '../../packages/game-core/bench/catalogue';

const TYPES = 30;
const PARTY_UNITS = 100_000;
const ATTACKERS = 8;
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 30;
const WARMUP = 3;

/** The shipped catalogue plus the game-core bench's 30 synthetic unit types. */
const benchCatalogue = () => loadCatalogue({ units: benchUnits(TYPES), universe: { base_effects: { allied_fleet_slots: 2 } } });
const army = (total: number) => benchArmy(total, TYPES);

/**
 * The breakdown: every statement the arrival sends, timed from the call that sends it to its answer by wrapping pg's
 * Client.query (MikroORM has its own copy of pg: both are wrapped). Time outside them is JavaScript.
 */
const statements = new Map<string, { n: number; ms: number }>();
let recording = false;
for (const driver of new Set([pg, createRequire(import.meta.resolve('@mikro-orm/postgresql'))('pg') as typeof pg])) {
  const query = driver.Client.prototype.query as (...args: unknown[]) => unknown;
  driver.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const t0 = performance.now();
    const answer = query.apply(this, args);
    if (recording && answer instanceof Promise) {
      const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? '?');
      const key = text.replace(/\s+/g, ' ').replace(/'[^']*'/g, "'…'").replace(/\b\d+\b/g, 'n').slice(0, 100);
      answer.then(() => {
        const s = statements.get(key) ?? { n: 0, ms: 0 };
        s.n++;
        s.ms += performance.now() - t0;
        statements.set(key, s);
      }, () => undefined);
    }
    return answer;
  } as typeof pg.Client.prototype.query;
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

/** The battle's input alone (8 attackers, the defender, the ally), to time resolveBattle by itself. */
const benchInput = (catalogue: BattleInput['catalogue'], userIds: number[]): BattleInput => ({
  catalogue,
  participants: userIds.map((id, i) => ({ role: i < ATTACKERS ? 'ATTACKER' : 'DEFENDER', user_id: id, username: `war_${i + 1}`, ...(i > ATTACKERS ? { is_stationed_ally: true } : {}), units: army(PARTY_UNITS) })),
  target: { coords: [500, ATTACKERS + 1, 1], stock: { fiber: 1e6, crystal: 1e6 } },
});

async function main(): Promise<void> {
  const catalogue = benchCatalogue();
  const db = await createTestDatabase({ poolMax: 4 });
  const boss = createBoss(db.url, 'api');
  await boss.start();
  const em = () => db.orm.em.fork();
  const sql = <T>(text: string, params: unknown[] = []) => em().execute<T[]>(text, params);
  const T0 = new Date(Date.UTC(2030, 0, 1));
  try {
    const users = await sql<{ id: number }>(`insert into users (username, email, password_hash) select 'war_' || g, 'war_' || g || '@hive.test', 'x' from generate_series(1, ${ATTACKERS + 2}) g returning id`);
    const homes: number[] = [];
    for (const [i, u] of users.entries()) {
      const t = await em().transactional((tem) => foundTerritory(tem, { id: u.id }, [500, 1 + i, 1], `War ${i}`, T0, catalogue));
      homes.push(t!.id);
    }
    const defender = users[ATTACKERS]!.id;
    const ally = users[ATTACKERS + 1]!.id;
    const times: number[] = [];
    const cpu: number[] = [];
    for (let run = 0; run < RUNS + WARMUP; run++) {
      const at = new Date(T0.getTime() + (run + 1) * 3_600_000);
      await sql(`update territories set units = ?::jsonb, defenses = '{}'::jsonb, resources = '{"fiber": 1000000, "crystal": 1000000}'::jsonb, resources_updated_at = ? where id = ?`, [JSON.stringify(army(PARTY_UNITS)), at, homes[ATTACKERS]]);
      await sql('delete from movements');
      const rows = await sql<{ id: string }>(
        `insert into movements (id, user_id, mission, start_territory_id, start_region, start_sub_region, start_position, target_territory_id, target_region, target_sub_region, target_position, target_owner_id, units, resources, fuel_paid, one_way_seconds, start_time, arrival_time, leg, created_at)
         select gen_random_uuid(), u, 'MULTI_PARTY_ATTACK_PARTICIPANT', h, 500, s, 1, ?, 500, ?, 1, ?, ?::jsonb, '{}'::jsonb, 0, 600, ?, ?, 0, ?
           from unnest(?::int[], ?::int[], ?::int[]) as x(u, h, s) returning id`,
        [homes[ATTACKERS], ATTACKERS + 1, defender, JSON.stringify(army(PARTY_UNITS)), new Date(at.getTime() - 600_000), at, at,
          `{${users.slice(0, ATTACKERS).map((u) => u.id).join(',')}}`, `{${homes.slice(0, ATTACKERS).join(',')}}`, `{${users.slice(0, ATTACKERS).map((_, i) => i + 1).join(',')}}`],
      );
      await sql(`update movements set attack_group_id = ? where id in (${rows.map(() => '?').join(', ')})`, [rows[0]!.id, ...rows.map((r) => r.id)]);
      await sql(
        `insert into movements (id, user_id, mission, start_territory_id, start_region, start_sub_region, start_position, target_territory_id, target_region, target_sub_region, target_position, target_owner_id, units, resources, fuel_paid, one_way_seconds, start_time, arrival_time, leg, created_at)
         values (gen_random_uuid(), ?, 'ALLIED_STATIONED', ?, 500, ?, 1, ?, 500, ?, 1, ?, ?::jsonb, '{}'::jsonb, 0, 600, ?, null, 1, ?)`,
        [ally, homes[ATTACKERS + 1], ATTACKERS + 2, homes[ATTACKERS], ATTACKERS + 1, defender, JSON.stringify(army(PARTY_UNITS)), at, at],
      );
      recording = run >= WARMUP;
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      await arriveMovements({ em: em(), catalogue, boss }, rows.map((r) => ({ id: r.id, leg: 0 })), at);
      const used = process.cpuUsage(c0);
      if (run >= WARMUP) {
        times.push(performance.now() - t0);
        cpu.push((used.user + used.system) / 1000);
      }
      recording = false;
    }
    const notes = await sql<{ n: string; bytes: string }>(`select count(*) as n, sum(octet_length(content::text)) as bytes from notifications where message_type in ('COMBAT_REPORT', 'DEFENSE_REPORT')`);
    console.log(`10-party battle arrival (${ATTACKERS} attackers in a group, defender, stationed ally; ${TYPES} types, ${PARTY_UNITS.toLocaleString('en')} units a party), ${RUNS} runs:`);
    const p95 = percentile(times, 95);
    console.log(`  p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms  (goal: p95 under 50 ms)${p95 < 50 ? '' : '  MISSED'}`);
    if (p95 >= 50) process.exitCode = 1;
    console.log(`  ${Number(notes[0]!.n) / (RUNS + WARMUP)} report notifications a battle, ${(Number(notes[0]!.bytes) / Number(notes[0]!.n) / 1024).toFixed(1)} KB each`);
    const sent = [...statements.entries()].sort((a, b) => b[1].ms - a[1].ms);
    const roundTrips = sent.reduce((n, [, s]) => n + s.n, 0) / RUNS;
    const inSql = sent.reduce((ms, [, s]) => ms + s.ms, 0) / RUNS;
    const mean = times.reduce((a, b) => a + b, 0) / RUNS;
    console.log(`  breakdown (mean of a run): ${mean.toFixed(1)} ms = ${inSql.toFixed(1)} ms waiting on ${roundTrips.toFixed(0)} statements + ${(mean - inSql).toFixed(1)} ms of JavaScript`);
    // What load moves least: this process's CPU time (JavaScript and the driver; PostgreSQL works in its own process).
    console.log(`  CPU of this process a run: p50 ${percentile(cpu, 50).toFixed(1)} ms, mean ${(cpu.reduce((a, b) => a + b, 0) / RUNS).toFixed(1)} ms`);
    for (const [text, s] of sent.slice(0, Number(process.env.WAR_BENCH_STATEMENTS ?? 8))) console.log(`    ${(s.ms / RUNS).toFixed(2).padStart(6)} ms  ${String(s.n / RUNS).padStart(3)}x  ${text}`);
    const battleAlone = benchInput(catalogue, users.map((u) => u.id));
    const t = performance.now();
    for (let i = 0; i < 10; i++) resolveBattle(battleAlone, createRng(`alone-${i}`));
    console.log(`    of the JavaScript, resolveBattle for the same 10 parties: ${((performance.now() - t) / 10).toFixed(1)} ms`);

    const input: BattleInput = {
      catalogue,
      participants: [
        { role: 'ATTACKER', user_id: users[0]!.id, username: 'war_1', units: army(1_000_000) },
        { role: 'DEFENDER', user_id: defender, username: 'war_9', units: army(1_000_000) },
      ],
      target: { coords: [500, 9, 1], stock: { fiber: 1e9, crystal: 1e9 } },
    };
    const report = resolveBattle(input, createRng('bench-1m'));
    const id = await em().transactional((tem) => storeBattle(tem, { at: T0, spot: { region: 500, sub_region: 9, position: 1 }, input, report }));
    const size = await sql<{ report: number; input: number }>('select octet_length(report::text) as report, octet_length(input::text) as input from battles where id = ?', [id]);
    const small = size[0]!.report < 200 * 1024;
    console.log(`1,000,000 v 1,000,000 battle stored: report ${(size[0]!.report / 1024).toFixed(1)} KB, input ${(size[0]!.input / 1024).toFixed(1)} KB  (goal: report under 200 KB)${small ? '' : '  MISSED'}`);
    if (!small) process.exitCode = 1;
    console.log(`  load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} on ${os.cpus().length} cores`);
  } finally {
    await boss.stop({ graceful: false });
    await db.stop();
  }
}

await main();

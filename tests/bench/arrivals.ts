import pino from 'pino';
import type { Catalogue } from '@brood/game-data';
import { createBoss, JOBS } from '@brood/world';
import type { TestDatabase } from '@brood/world/testing';
import { jobs, startWorker } from '@brood/sim-worker';
import { cpuMeter, type CpuSpent } from './cpu';

/**
 * Fleet arrivals for tests/bench/worker.ts, over the territories the completions bench founded:
 * movements rows and their arrival jobs inserted directly, transports (to the next territory, a
 * foreign one) and fleets on their way home alternating. A transport's way home takes an hour, so
 * only the seeded legs come due. A seeded leg is applied when its movement has left leg 0.
 */

/** Seeds `count` legs, leg i due at `dueAt(i)`, with their jobs (and their due times in bench_due). */
async function seedArrivals(db: TestDatabase, catalogue: Catalogue, count: number, dueAt: (i: number) => Date): Promise<void> {
  const em = db.orm.em.fork();
  const unit = catalogue.units.hauler_grub ? 'hauler_grub' : Object.keys(catalogue.units)[0]!;
  const dues = Array.from({ length: count }, (_, i) => dueAt(i).toISOString());
  await em.execute('create table if not exists bench_due (id uuid primary key, due timestamptz not null)');
  // Arrival i: from territory i mod n to the next one; even ones transport there, odd ones come home.
  const due = await em.execute<{ id: string; arrival_time: Date }[]>(
    `with d as (select due, i - 1 as i from unnest(?::timestamptz[]) with ordinality as x(due, i)),
          terr as (select row_number() over (order by id) - 1 as k, id, owner_id, region, sub_region, position from territories where owner_id is not null),
          n as (select count(*) as n from terr),
          ins as (
            insert into movements (id, user_id, mission, original_mission, start_territory_id, start_region, start_sub_region, start_position,
                                   target_region, target_sub_region, target_position, target_owner_id, units, resources, one_way_seconds, start_time, arrival_time)
            select gen_random_uuid(), s.owner_id,
                   case when d.i % 2 = 0 then 'TRANSPORT' else 'RETURN' end, case when d.i % 2 = 0 then null else 'TRANSPORT' end,
                   s.id, s.region, s.sub_region, s.position, t.region, t.sub_region, t.position, t.owner_id,
                   jsonb_build_object(?::text, 2), case when d.i % 2 = 0 then '{"fiber": 25}'::jsonb else '{"crystal": 10}'::jsonb end,
                   3600, d.due - interval '10 minutes', d.due
            from d cross join n join terr s on s.k = d.i % n.n join terr t on t.k = (d.i + 1) % n.n
            returning id, arrival_time),
          kept as (insert into bench_due (id, due) select id, arrival_time from ins)
     select id, arrival_time from ins`,
    [`{${dues.join(',')}}`, unit],
  );
  const boss = createBoss(db.url, 'api', { poolMax: 2 });
  await boss.start();
  await boss.createQueue(JOBS.movementArrival.name);
  for (let i = 0; i < due.length; i += 1000) {
    await boss.insert(JOBS.movementArrival.name, due.slice(i, i + 1000).map((m) => ({ data: { id: m.id, leg: 0 }, startAfter: new Date(m.arrival_time) })));
  }
  await boss.stop({ graceful: false });
}

const left = async (db: TestDatabase) => Number((await db.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from movements where leg = 0'))[0]!.n);

async function withWorker<T>(db: TestDatabase, catalogue: Catalogue, run: () => Promise<T>): Promise<T> {
  const boss = createBoss(db.url, 'worker', { poolMax: 4 });
  await boss.start();
  const worker = await startWorker({ orm: db.orm, boss, log: pino({ level: process.env.BENCH_LOG ?? 'silent' }), catalogue, jobs, batchSize: 100 });
  try {
    return await run();
  } finally {
    await worker.stop();
  }
}

/** N overdue arrivals applied by one freshly started worker: applied a second from its start to the last one. */
export async function arrivalsPerSecond(db: TestDatabase, catalogue: Catalogue, count: number): Promise<{ applied: number; seconds: number; cpu: CpuSpent }> {
  const past = Date.now() - 1_800_000;
  await seedArrivals(db, catalogue, count, (i) => new Date(past + i * 100));
  const meter = await cpuMeter(db.url);
  const started = Date.now();
  return withWorker(db, catalogue, async () => {
    let remaining = count;
    while (remaining > 0 && Date.now() - started < 300_000) {
      await new Promise((r) => setTimeout(r, 50));
      remaining = await left(db);
    }
    return { applied: count - remaining, seconds: (Date.now() - started) / 1000, cpu: meter.stop() };
  });
}

/**
 * Arrivals coming due at `perSecond` for `seconds` while one worker runs: the lag from each leg's due
 * time to its application (the owner's arrival notification is stamped with the worker's clock).
 */
export async function arrivalLag(db: TestDatabase, catalogue: Catalogue, perSecond: number, seconds: number): Promise<{ applied: number; p50: number; p99: number; max: number }> {
  const count = perSecond * seconds;
  const first = Date.now() + 5_000;
  await db.orm.em.fork().execute('truncate bench_due');
  await seedArrivals(db, catalogue, count, (i) => new Date(first + (i * 1000) / perSecond));
  return withWorker(db, catalogue, async () => {
    const until = first + seconds * 1000 + 30_000;
    while ((await left(db)) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    const lags = await db.orm.em.fork().execute<{ lag: number }[]>(
      `select extract(epoch from min(n.created_at) - d.due) * 1000 as lag
       from bench_due d join notifications n on n.related_object_id = d.id::text and n.message_type in ('TRANSPORT_COMPLETED', 'FLEET_RETURNED_TO_ORIGIN')
       group by d.id, d.due order by 1`,
    );
    const sorted = lags.map((l) => Number(l.lag));
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
    return { applied: sorted.length, p50: at(50), p99: at(99), max: sorted.at(-1) ?? NaN };
  });
}

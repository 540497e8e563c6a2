import pino from 'pino';
import { createBoss, createOrm, databaseTimeouts, deploymentCatalogue, runProcess } from '@brood/world';
import { readWorkerEnv } from './env';
import { jobs } from './jobs';
import { pushDeliveryJob } from './jobs/push-delivery.job';
import { startWorker } from './worker';
import { startHeartbeat } from './heartbeat';
import { reclaimOrphanedJobs } from './reclaim';

/**
 * The sim-worker process: applies due events (pg-boss jobs) to the world. The database is migrated by
 * the start step; run as many workers as you like on one database.
 */
runProcess(
  async () => {
    const env = readWorkerEnv();
    const log = pino({ name: 'sim-worker', level: env.LOG_LEVEL });
    const catalogue = deploymentCatalogue(env.UNIVERSE_OVERRIDES);
    const timeouts = databaseTimeouts(env);
    const orm = await createOrm(env.DATABASE_URL, { poolMax: env.DB_POOL_MAX, timeouts, preparedStatements: env.DB_PREPARED_STATEMENTS });
    const boss = createBoss(env.DATABASE_URL, 'worker', { monitorIntervalSeconds: env.WORKER_MONITOR_SECONDS, timeouts });
    boss.on('error', (err) => log.error({ err }, 'pg-boss error'));
    await boss.start();
    const vapid = env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { subject: env.VAPID_SUBJECT, publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : null;
    if (!vapid) log.warn('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: Web Push is off');
    const allJobs = [...jobs, pushDeliveryJob({ vapid, allowedOrigins: env.PUSH_ALLOWED_ORIGINS })];
    // The heartbeat first: a worker starting after this one then knows it is alive (reclaim.ts).
    const heartbeat = await startHeartbeat(orm, log, env.WORKER_HEARTBEAT_SECONDS);
    await reclaimOrphanedJobs({ orm, boss, log, workerId: heartbeat.workerId, queues: allJobs.map((job) => job.contract.name) });
    const worker = await startWorker({ orm, boss, log, catalogue, jobs: allJobs, batchSize: env.WORKER_BATCH_SIZE, pollingIntervalSeconds: env.WORKER_POLL_SECONDS, jobHeartbeatSeconds: env.WORKER_JOB_HEARTBEAT_SECONDS, concurrency: env.WORKER_CONCURRENCY, wakeGapMs: env.WORKER_WAKE_GAP_MS });
    return {
      log,
      stop: async () => {
        await heartbeat.stop();
        await worker.stop();
        await orm.close(true);
      },
    };
  },
  { graceMs: 20_000 },
);

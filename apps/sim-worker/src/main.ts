import pino from 'pino';
import { createBoss, createOrm, deploymentCatalogue } from '@brood/world';
import { readWorkerEnv } from './env';
import { jobs } from './jobs';
import { startWorker } from './worker';

/**
 * The sim-worker process: applies due events (pg-boss jobs) to the world. The database is migrated by
 * the start step; run as many workers as you like on one database.
 */
async function main(): Promise<void> {
  const env = readWorkerEnv();
  const log = pino({ name: 'sim-worker', level: env.LOG_LEVEL });
  const catalogue = deploymentCatalogue(env.UNIVERSE_OVERRIDES);
  const orm = await createOrm(env.DATABASE_URL, { poolMax: env.DB_POOL_MAX });
  const boss = createBoss(env.DATABASE_URL, 'worker');
  boss.on('error', (err) => log.error({ err }, 'pg-boss error'));
  await boss.start();
  const worker = await startWorker({ orm, boss, log, catalogue, jobs, batchSize: env.WORKER_BATCH_SIZE, pollingIntervalSeconds: env.WORKER_POLL_SECONDS });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    try {
      await worker.stop();
      await orm.close(true);
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'unclean shutdown');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

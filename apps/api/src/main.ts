import { buildApp } from './app';
import { closeApiDeps, createApiDeps } from './deps';
import { readEnv } from './env';
import { attachRealtime } from './realtime/hub';

/**
 * The api process: reads its configuration, opens the database (already migrated by the start step:
 * pg-boss refuses an unmigrated one), serves HTTP and /ws, and shuts down cleanly on SIGINT/SIGTERM.
 * Stateless: run as many as you like on one database.
 */
async function main(): Promise<void> {
  const env = readEnv();
  const deps = await createApiDeps(env);
  const app = await buildApp(deps);
  deps.boss.on('error', (err) => app.log.error({ err }, 'pg-boss error'));
  const realtime = await attachRealtime(app, deps);
  await app.listen({ port: env.PORT, host: env.HOST });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await realtime.close();
      await app.close();
      await closeApiDeps(deps);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'unclean shutdown');
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

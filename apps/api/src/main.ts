import { runProcess } from '@brood/world';
import { buildApp } from './app';
import { closeApiDeps, createApiDeps } from './deps';
import { readEnv } from './env';
import { attachRealtime } from './realtime/hub';

/**
 * The api process: reads its configuration, opens the database (already migrated by the start step:
 * pg-boss refuses an unmigrated one), serves HTTP and /ws, and shuts down cleanly on SIGINT/SIGTERM.
 * Stateless: run as many as you like on one database.
 */
runProcess(
  async () => {
    const env = readEnv();
    const deps = await createApiDeps(env);
    const app = await buildApp(deps);
    deps.boss.on('error', (err) => app.log.error({ err }, 'pg-boss error'));
    const realtime = await attachRealtime(app, deps);
    await app.listen({ port: env.PORT, host: env.HOST });
    return {
      log: app.log,
      stop: async () => {
        await realtime.close();
        await app.close();
        await closeApiDeps(deps);
      },
    };
  },
  { graceMs: 15_000 },
);
